package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The final drain reads what threads still hold only from threads outside an event: a thread
 * caught inside one is left out, with a closing warning, and the others are drained whole.
 */
class FinalDrainTest {
    static final TaskModel MODEL = PlainTasks.done(false);
    static final ThreadClassifier THREADS = PlainTasks.PLAIN_THREAD;

    @Test
    void aThreadInsideAnEventIsLeftOutAndTheOthersAreDrained() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        long[] now = {0};
        Clock clock = () -> {
            if (Thread.currentThread().getName().equals("stuck") && now[0] > 0) {
                inside.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);   // holds the thread inside its event
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            synchronized (now) {
                return now[0] += 10;
            }
        };
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, clock, MODEL, THREADS, true, false);
        Thread idle = new Thread(() -> {
            Object r = engine.regionStart("a");
            engine.regionStop(r);
        }, "idle");
        idle.start();
        idle.join();
        Thread stuck = new Thread(() -> {
            Object r = engine.regionStart("b");
            engine.regionStop(r);
        }, "stuck");
        stuck.start();
        assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();
        try {
            List<RecordedNode> drained = new ArrayList<>();
            engine.drainDagNodes(drained::addAll, true);
            assertThat(drained).isNotEmpty().allMatch(n -> n.worker() == 0);   // idle's nodes only
            assertThat(engine.closingWarnings()).containsExactly("1 thread(s) were still inside a recorder event at"
                    + " exit: the nodes and busy intervals they still held are left out of the DAG");
        } finally {
            release.countDown();
            stuck.join();
        }
    }

    @Test
    void withEveryThreadOutsideAnEventNothingIsLeftOut() throws Exception {
        long[] now = {0};
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, () -> now[0] += 10, MODEL, THREADS, true, false);
        for (String name : new String[] {"t0", "t1"}) {
            Thread t = new Thread(() -> {
                Object r = engine.regionStart(name);
                engine.regionStop(r);
            }, name);
            t.start();
            t.join();
        }
        List<RecordedNode> drained = new ArrayList<>();
        engine.drainDagNodes(drained::addAll, true);
        assertThat(drained).extracting(RecordedNode::worker).containsExactlyInAnyOrder(0, 1);
        assertThat(engine.closingWarnings()).isEmpty();
    }
}
