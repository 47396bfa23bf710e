package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.slots.OutsideThread;
import io.forkscope.model.slots.PoolLife;
import io.forkscope.model.slots.WorkerSlots;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the engine records of the worker slots (measures.md §2), on a clock moved by hand: each
 * pool's parallelism, life (its workers' first to last event) and threads that ran tasks, and the
 * outermost task bodies of a thread outside the pools.
 */
class SlotsRecordingTest {
    static final Object POOL_A = new Object();
    static final Object POOL_B = new Object();

    /** Threads a-* work for pool A of parallelism 2, b-* for pool B of 1; others are outside any pool. */
    private static final class TwoPools implements ThreadClassifier {
        @Override
        public boolean ignore(Thread thread) {
            return false;
        }

        @Override
        public int poolParallelism(Thread thread) {
            return thread.getName().startsWith("a-") ? 2 : thread.getName().startsWith("b-") ? 1 : 0;
        }

        @Override
        public Object pool(Thread thread) {
            return thread.getName().startsWith("a-") ? POOL_A : thread.getName().startsWith("b-") ? POOL_B : null;
        }
    }

    /** Runs one task body on a new thread from {@code from} to {@code to} on the hand clock. */
    private static void bodyOn(SpanEngine engine, long[] now, String thread, long from, long to, boolean submitFirst)
            throws InterruptedException {
        Thread t = new Thread(() -> {
            now[0] = from;
            SimTask task = new SimTask(r -> { });
            if (submitFirst) {
                engine.create(task);      // an outside caller: its root frame stays below the body
            }
            if (engine.execBegin(task)) {
                now[0] = to;
                engine.execEnd(task);
            }
        }, thread);
        t.start();
        t.join();
    }

    @Test
    void poolsLivesTheirThreadsAndAnOutsideThreadsBodies() throws Exception {
        SimRuntime model = new SimRuntime(0, 1);
        long[] now = {0};
        SpanEngine engine = new SpanEngine(Unit.ABSTRACT, 0, () -> now[0], model, new TwoPools(), true, true);
        bodyOn(engine, now, "a-1", 100, 200, false);
        bodyOn(engine, now, "a-2", 150, 250, false);
        bodyOn(engine, now, "a-3", 160, 190, false);     // A's compensation thread
        bodyOn(engine, now, "b-1", 220, 300, false);
        bodyOn(engine, now, "main", 300, 320, true);
        WorkerSlots s = engine.slots();
        assertThat(s.pools()).containsExactlyInAnyOrder(new PoolLife(2, false, 100, 250, 3),
                new PoolLife(1, false, 220, 300, 1));
        assertThat(s.outside()).extracting(OutsideThread::thread).containsExactly("main");
        assertThat(s.outside().get(0).intervals()).containsExactly(300, 320);
        assertThat(s.threads()).isEqualTo(5);
        // 2 on [100, 220), 3 while both pools live [220, 250), 1 to 300, then B's 1 carried plus main
        assertThat(new int[] {s.at(100), s.at(219), s.at(220), s.at(249), s.at(250), s.at(300), s.at(319)})
                .containsExactly(2, 2, 3, 3, 1, 2, 2);
        assertThat(s.begin()).isEqualTo(100);
        assertThat(s.end()).isEqualTo(320);
        assertThat(engine.snapshot(true).workers()).as("P: the peak of the slots").isEqualTo(3);
        // (2 × 120 + 3 × 30 + 1 × 50 + 2 × 20) / 220 = 1.91 on average
        assertThat(s.describe()).isEqualTo("1-3 slots, 1.91 on average (2 pools, those alive at the same time add"
                + " up; 1 outside thread holding a slot while running task bodies); 5 threads ran tasks"
                + " (1 compensation or replacement thread)");
    }
}
