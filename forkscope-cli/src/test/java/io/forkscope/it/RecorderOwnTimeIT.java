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
 * that leaves its thread between nodes takes at least 50 µs after its clock read). The slow hooks add
 * their time to the forkscope line (at least 50 µs before most strands: a quarter of that is asked), while
 * the delay grows by less than half of what they add (the runs are different schedules, and on a
 * loaded machine the delay moves anyway: a CI run with both cores busy saw +8.3 ms of delay beside
 * +39 ms of forkscope's). Before this line existed, all of that time was delay.
 */
class RecorderOwnTimeIT {
    private static final long SLOW_NS = 50_000;

    record Breakdown(double forkscope, double delay, double pathForkscope, long nodes) {}

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
            assertThat(slow.delay() - plain.delay()).as(what).isLessThan(0.5 * added);
            assertThat(slow.forkscope()).as(what).isGreaterThan(slow.delay());
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
        return new Breakdown(b.get("forkscope_ns").asDouble(), b.get("delay_ns").asDouble(),
                j.get("ready_path").get("forkscope_ns").asDouble(), j.get("nodes").asLong());
    }
}
