package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21 item 1: forkscope's own time between a worker's nodes is its own line in {@code delays},
 * never the scheduler's delay. The bundled fib recorded in DAG mode twice, with the recorder's hooks as
 * they are and made slow on purpose (the test-only {@code -Dforkscope.test.slowHooksNs}: every hook
 * that leaves its thread between nodes takes at least 500 µs after its clock read). The slow hooks add
 * their time to the forkscope line (at least 500 µs before most strands: a quarter of that is asked), while
 * delay + no-work grow by less than three quarters of what they add. Before this line existed, all of
 * the hooks' time was delay or no-work, so they grew by at least as much as the hooks added. They still
 * grow some on a loaded machine: a thread preempted between strands is delay or no-work (measures.md
 * §6), and slow hooks stretch the run (measured with both cores busy, JDK 25: delay +162 ms beside
 * +375 ms of forkscope's in one run, +12 to +43 ms in three others; this short run's delay alone moves
 * from 10 to 32 ms between plain runs). The hooks are made that slow (some 300 ms in all) so that what
 * they add dwarfs that. The slow hooks include those that open a strand after their bookkeeping (a
 * task's begin, a wait's end): the program's work must not grow by their time.
 */
class RecorderOwnTimeIT {
    private static final long SLOW_NS = 500_000;

    record Breakdown(double work, double forkscope, double delay, double noWork, double pathForkscope, long nodes) {}

    @Test
    void slowHooksGrowForkscopesLineNotTheDelay(@TempDir Path dir) throws Exception {
        int k = 0;
        for (String java : Jdks.javas()) {
            k++;
            Breakdown plain = run(java, 0, dir.resolve(k + "-plain.fsk"));
            Breakdown slow = run(java, SLOW_NS, dir.resolve(k + "-slow.fsk"));
            String what = java + ": plain " + plain + ", slow " + slow;
            double added = slow.forkscope() - plain.forkscope();
            assertThat(added).as(what).isGreaterThan(0.25 * SLOW_NS * slow.nodes());
            double lost = slow.delay() + slow.noWork() - plain.delay() - plain.noWork();
            assertThat(lost).as(what).isLessThan(0.75 * added);
            assertThat(slow.forkscope()).as(what).isGreaterThan(slow.delay());
            // nor are they the program's: the hooks' bookkeeping after their first read is in no strand
            assertThat(slow.work() - plain.work()).as(what).isLessThan(0.1 * added);
        }
    }

    private static Breakdown run(String java, long slowNs, Path out) throws Exception {
        CliRunner.Result rec = CliRunner.run("record", "--mode", "dag", "-o", out.toString(), "--", java,
                "-Dforkscope.test.slowHooksNs=" + slowNs, "-cp", CliIT.cp(), "io.forkscope.samples.SampleMain", "fib",
                "--n", "24", "--cutoff", "13", "--workers", "2");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        CliRunner.Result delays = CliRunner.run("delays", out.toString(), "--json");
        assertThat(delays.exitCode()).as(delays.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(delays.out());
        JsonNode b = j.get("breakdown");
        return new Breakdown(b.get("work_ns").asDouble(), b.get("forkscope_ns").asDouble(), b.get("delay_ns").asDouble(),
                b.get("no_work_ns").asDouble(), j.get("ready_path").get("forkscope_ns").asDouble(), j.get("nodes").asLong());
    }
}
