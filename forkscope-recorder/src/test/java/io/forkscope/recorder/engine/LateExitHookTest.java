package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A joiner that finds its task done before the worker reached the recorder's exit hook waits for
 * that hook (SpanEngine.awaitEnd). That wait is the recorder's: the joiner's next strand must open
 * after it, not at the time the wait ended in the pool. Two real threads, a fake time clock.
 */
class LateExitHookTest {
    /** A task whose completion the test sets, as the pool does before the exit hook runs. */
    static final class Task implements TaskHandle {
        volatile TaskNode node;
        volatile boolean done;

        @Override
        public TaskNode getForkscopeNode() {
            return node;
        }

        @Override
        public void setForkscopeNode(TaskNode n) {
            node = n;
        }
    }

    /**
     * Main forks T at 0 and waits at 100; the worker ran T from 0 and completed it at 100, but
     * reaches its exit hook only at 1,000,100 (it lost its core). Main resumes then and computes 50.
     * Work: main 100 + worker 1,000,100 (its strand lasts until its hook: the recorder cannot tell)
     * + main 50 = 1,000,250. Opening main's strand when its wait in the pool ended (100) would give
     * main 1,000,050 more.
     */
    @Test
    void theWaitForALateExitHookIsNotTheJoinersWork() throws Exception {
        AtomicLong now = new AtomicLong();
        TaskModel model = PlainTasks.done(t -> ((Task) t).done);
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, now::get, model, PlainTasks.PLAIN_THREAD);
        Task task = new Task();
        CountDownLatch forked = new CountDownLatch(1);
        CountDownLatch completed = new CountDownLatch(1);
        CountDownLatch waiting = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread main = new Thread(() -> {
            try {
                engine.create(task);
                engine.resume();
                forked.countDown();
                completed.await();
                engine.waitBegin();
                waiting.countDown();
                engine.waitEnd(task);            // finds T done, its node still running: waits for the hook
                now.addAndGet(50);
                engine.regionStop(engine.regionStart("close main's strand"));
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "main-like");
        main.start();
        forked.await();
        assertThat(engine.execBegin(task)).isTrue();
        now.set(100);
        task.done = true;
        completed.countDown();
        waiting.await();
        Thread.sleep(20);                        // main is in waitEnd now, waiting for the hook
        now.set(1_000_100);
        engine.execEnd(task);
        main.join(10_000);
        assertThat(failure.get()).isNull();
        assertThat(main.isAlive()).isFalse();
        assertThat(engine.closingWarnings()).noneMatch(w -> w.contains("late"));
        assertThat(engine.snapshot(true).measures().work()).isEqualTo(100 + 1_000_100 + 50);
    }
}
