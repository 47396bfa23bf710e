package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.samples.SampleMain;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real runs under {@code mode=dag} on 2 workers, on every JDK: the recorded DAG, collapsed on the
 * fly, holds exactly the run's work, its longest path is exactly the online span (CountedCompleter
 * completions included: a completer keeps end edges from its latest and its longest-path
 * completion), every edge runs forward in time, work + not running + delay + no-work = P × elapsed, every task
 * body's end is counted once, and every node lies inside a busy interval of its worker.
 */
class DagModeIT {
    static List<Object[]> runs() {
        return Jdks.javas().stream().flatMap(j -> List.of(
                new Object[] {j, "fib", "22", "10", true},
                new Object[] {j, "sparselu", "12", "8", false}).stream()).toList();
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("runs")
    void theRecordedDagAgreesWithTheOnlineMeasures(String java, String program, String n, String cutoff,
                                                   boolean collapses, @TempDir Path dir) throws Exception {
        Path out = dir.resolve(program + ".fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",mode=dag,burden=0", List.of(),
                SampleMain.class, program, "--n", n, "--cutoff", cutoff, "--workers", "2"), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        Recording rec = RecordingReader.read(out);
        assertThat(rec.complete()).isTrue();
        assertThat(rec.warnings()).isEmpty();
        assertThat(rec.info().get("mode", "?")).isEqualTo("dag");
        Dag dag = rec.recordedDag().orElseThrow();
        long strands = dag.nodes().stream().mapToLong(DagNode::strands).sum();
        if (collapses) {
            // fib: most subtrees run on one worker and collapse; stolen ones stay materialised
            assertThat((long) dag.nodes().size()).as("materialised nodes of %d strands", strands).isLessThan(strands / 2);
        }
        WorkSpan whole = rec.wholeRun().measures();

        assertThat(dag.nodes().stream().mapToLong(DagNode::work).sum()).isEqualTo(whole.work());
        long longest = longestPath(dag);
        assertThat(longest).isEqualTo(whole.span());
        for (DagNode node : dag.nodes()) {
            for (Edge e : node.in()) {
                assertThat(dag.nodes().get(e.from()).end()).isLessThanOrEqualTo(node.end());
            }
        }
        DelayReport report = DelaySpotter.analyze(dag);
        double total = (double) dag.workers() * dag.elapsed();
        assertThat(report.breakdown().total()).isCloseTo(total, within(1e-6 * total));
        assertThat(report.stats().createTask()).isEqualTo(whole.spawns());
        // P: the pool's 2 workers, plus main if it ran task bodies (an external invoke may run the
        // root itself when no worker took it yet); main's root frame ends once, any more is a task
        int main = dag.busy().stream().filter(b -> b.thread().equals("main")).mapToInt(WorkerBusy::worker)
                .findFirst().orElseThrow();
        long mainTaskEnds = dag.nodes().stream().filter(nd -> nd.worker() == main).mapToLong(DagNode::taskEnds).sum();
        assertThat(dag.workers()).as("P, main ended %d task bodies and its root", mainTaskEnds - 1)
                .isEqualTo(mainTaskEnds > 1 ? 3 : 2);
        // every task body ended in some node, and main's root frame ended at the end of the run
        assertThat(report.stats().endTask()).isEqualTo(rec.wholeRun().tasks() + 1);
        assertThat(dag.busy()).hasSize(3);  // main and the two workers
        for (DagNode node : dag.nodes()) {
            WorkerBusy busy = dag.busyOf(node.worker()).orElseThrow();
            assertThat(insideOne(busy, node.start(), node.end()))
                    .as("node %s inside a busy interval of %s", node, busy.thread()).isTrue();
        }
        // export --chrome writes what the Jackson writer it replaced wrote, collapsed nodes and all
        ChromeTraceAgreement.assertExportIsTheReference(out, dir.resolve(program + ".json"));
    }

    /**
     * A budget the run exceeds: the file holds the DAG's first window (every node started before its
     * end W, none after), the frame ends at W, work + not running + forkscope + delay + no-work still add
     * up to P x the window, and the whole run's work (the online measures) is the whole run's.
     */
    @ParameterizedTest(name = "on {0}")
    @MethodSource("io.forkscope.it.Jdks#javas")
    void aDagBudgetKeepsTheFirstWindowAndSaysSo(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("window.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",mode=dag,collapse=false,dag.max.nodes=3000",
                List.of(), SampleMain.class, "fib", "--n", "22", "--cutoff", "2", "--workers", "2"), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        Recording rec = RecordingReader.read(out);
        long w = rec.info().dagWindowEnd().orElseThrow();
        assertThat(rec.info().dagDroppedNodes().orElseThrow()).isPositive();
        assertThat(rec.warnings()).anySatisfy(m -> assertThat(m).contains("the DAG covers the run's first")
                .contains("budget of 3,000 nodes").contains("--dag-max-nodes 0"));
        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.finish()).isEqualTo(w);
        assertThat(dag.nodes()).allSatisfy(n -> assertThat(n.start()).isLessThan(w));
        // the workers' busy intervals are bounded too: none starts at or after W
        assertThat(dag.busy()).isNotEmpty().allSatisfy(b -> {
            for (int i = 0; i < b.count(); i++) {
                assertThat(b.start(i)).as("worker %d's busy interval %d", b.worker(), i).isLessThan(w);
            }
        });
        // whole batches: at least the budget; late batches add only nodes that started before W
        assertThat(dag.nodes().size()).isGreaterThanOrEqualTo(3000).isLessThan((int) rec.wholeRun().tasks());
        long dagWork = dag.nodes().stream().mapToLong(DagNode::work).sum();
        assertThat(rec.wholeRun().measures().work()).isGreaterThan(dagWork);
        DelayReport report = DelaySpotter.analyze(dag);
        double total = (double) dag.slotTime();
        assertThat(report.breakdown().total()).isCloseTo(total, within(1e-6 * total));
    }

    static boolean insideOne(WorkerBusy busy, long start, long end) {
        for (int i = 0; i < busy.count(); i++) {
            if (busy.start(i) <= start && end <= busy.end(i)) {
                return true;
            }
        }
        return false;
    }

    static long longestPath(Dag dag) {
        long[] dist = new long[dag.nodes().size()];
        long best = 0;
        for (DagNode node : dag.nodes()) {
            long before = 0;
            for (Edge e : node.in()) {
                before = Math.max(before, dist[e.from()]);
            }
            dist[node.id()] = before + node.span();
            best = Math.max(best, dist[node.id()]);
        }
        return best;
    }
}
