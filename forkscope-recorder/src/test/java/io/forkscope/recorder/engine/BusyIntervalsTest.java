package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.dag.DagAssembler;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A pool worker's busy intervals against its nodes, on a clock that does not start at 0 (so the
 * DAG's origin is not 0): busy from taking a task to that task's end, on the same time axis as the
 * nodes. Tasks submitted from "main" run on "pool-1" at hand-chosen times: two tasks of 50 and 30
 * ns with a 20 ns gap: two busy intervals, each exactly its task's node.
 */
class BusyIntervalsTest {
    private final long[] clock = {5_000_000};

    private static void on(String name, Runnable r) throws InterruptedException {
        Thread t = new Thread(r, name);
        t.start();
        t.join();
    }

    @Test
    void aWorkersBusyIntervalsAreItsTasksOnTheNodesClock() throws Exception {
        SimRuntime model = new SimRuntime(0, 1);
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, new Clock() {
            @Override
            public long nanoTime() {
                return clock[0];
            }

            @Override
            public long cpuThresholdNs() {
                return NEVER;
            }
        }, model, new PoolThreads(), true, false);
        SimTask a = new SimTask(r -> { });
        SimTask b = new SimTask(r -> { });
        on("main", () -> {
            engine.create(a);
            engine.create(b);
        });
        clock[0] += 100;
        on("pool-1", () -> {
            run(engine, a, 50);
            clock[0] += 20;
            run(engine, b, 30);
        });
        List<RecordedNode> recorded = new ArrayList<>();
        engine.drainDagNodes(recorded::addAll, true);
        List<WorkerBusy> busy = new ArrayList<>();
        engine.drainWorkerBusy(busy::add, true);
        long[] frame = engine.dagFrame();
        List<DagNode> nodes = DagAssembler.assemble(recorded, (int) frame[0], frame[1], frame[2]).dag().nodes();
        List<DagNode> tasks = nodes.stream().filter(n -> n.work() > 0).toList();
        assertThat(tasks).extracting(DagNode::work).containsExactly(50L, 30L);
        int worker = tasks.get(0).worker();
        WorkerBusy w = busy.stream().filter(x -> x.worker() == worker).findFirst().orElseThrow();
        assertThat(w.count()).isEqualTo(2);
        for (int i = 0; i < 2; i++) {
            assertThat(new long[] {w.start(i), w.end(i)}).as("busy interval %s = task %s's node", i, i)
                    .containsExactly(tasks.get(i).start(), tasks.get(i).end());
        }
        assertThat(w.start(1) - w.end(0)).as("the gap").isEqualTo(20);
    }

    private void run(SpanEngine engine, SimTask t, long ns) {
        if (engine.execBegin(t)) {
            clock[0] += ns;
            engine.execEnd(t);
        }
    }
}
