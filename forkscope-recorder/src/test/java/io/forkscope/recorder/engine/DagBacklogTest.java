package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Back-pressure on the DAG's hand-over: a thread that makes nodes faster than the sink takes them
 * wakes the sink once more than 128 batches wait, and waits a bounded time for it; every node still
 * reaches the sink, once. (A recorded quadrature with --no-collapse
 * made nodes by the million a second while the sink's thread got no CPU, and the program died of an
 * OutOfMemoryError.)
 */
class DagBacklogTest {
    private static final int NODES = 200 * 512;     // 200 batches: past the 128 that may wait

    @Test
    void aThreadThatOutrunsTheSinkWakesItAndEveryNodeArrivesOnce() throws Exception {
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, Clock.SYSTEM, new SimRuntime(0, 1), new PoolThreads(), true, false);
        AtomicInteger wakes = new AtomicInteger();
        List<RecordedNode> drained = java.util.Collections.synchronizedList(new ArrayList<>());
        engine.onDagBacklog(() -> {
            wakes.incrementAndGet();
            Thread sink = new Thread(() -> engine.drainDagNodes(drained::addAll, false), "sink");
            sink.start();                     // as the flusher does: on its own thread, not the waiting one
        });
        Thread main = new Thread(() -> makeNodes(engine, NODES), "pool-1");
        main.start();
        main.join();
        Thread.sleep(50);
        engine.drainDagNodes(drained::addAll, true);
        assertThat(wakes.get()).isPositive();
        List<Long> ids;
        synchronized (drained) {
            ids = drained.stream().map(RecordedNode::id).sorted().toList();
        }
        assertThat(ids).hasSizeGreaterThanOrEqualTo(NODES).doesNotHaveDuplicates();
    }

    @Test
    void withNobodyDrainingTheWaitIsBoundedAndNothingIsLost() throws Exception {
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, Clock.SYSTEM, new SimRuntime(0, 1), new PoolThreads(), true, false);
        AtomicInteger wakes = new AtomicInteger();
        engine.onDagBacklog(wakes::incrementAndGet);    // a sink that never comes
        Thread main = new Thread(() -> makeNodes(engine, 140 * 512), "pool-1");
        main.start();
        main.join(60_000);                    // 12 waits of at most 20 ms: it ends
        assertThat(main.isAlive()).isFalse();
        assertThat(wakes.get()).isBetween(1, 140 - 128);
        List<RecordedNode> drained = new ArrayList<>();
        engine.drainDagNodes(drained::addAll, true);
        assertThat(drained).hasSizeGreaterThanOrEqualTo(140 * 512);
    }

    /** At least {@code nodes} nodes: a worker forks a task and runs it itself, again and again. */
    private static void makeNodes(SpanEngine engine, int nodes) {
        for (int i = 0; i < nodes / 2; i++) {
            SimTask t = new SimTask(r -> { });
            engine.create(t);                         // ends the worker's node
            if (engine.execBegin(t)) {
                engine.execEnd(t);                    // the task's own node
            }
        }
    }
}
