package io.forkscope.recorder.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.recorder.engine.PlainTasks;
import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskModel;
import io.forkscope.recorder.engine.ThreadClassifier;
import io.forkscope.recorder.fj.ForkJoinHooks;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * After an internal error the region and work hooks call the engine no more, even when they were
 * installed after the failure handler ran (which uninstalls them).
 */
class RegionHooksAfterFailureTest {
    static final TaskModel MODEL = PlainTasks.done(false);
    static final ThreadClassifier THREADS = PlainTasks.PLAIN_THREAD;

    @AfterEach
    void forget() throws Exception {
        Method forget = Class.forName("io.forkscope.recorder.fj.Failure").getDeclaredMethod("forgetForTests");
        forget.setAccessible(true);
        forget.invoke(null);
    }

    @Test
    void regionsAndWorkStopAtTheFirstFailure() {
        AtomicLong clockReads = new AtomicLong();
        SpanEngine engine = new SpanEngine(Unit.ABSTRACT, 0, () -> clockReads.incrementAndGet() * 10, MODEL, THREADS);
        RegionHooks hooks = new RegionHooks(engine, "time", false);
        Object token = hooks.regionStart("before");
        hooks.work(5);
        hooks.regionStop(token);
        long before = clockReads.get();
        assertThat(before).isGreaterThan(1);
        assertThat(engine.snapshot(false).measures().work()).isEqualTo(5);

        PrintStream saved = System.err;
        System.setErr(new PrintStream(new ByteArrayOutputStream(), true));
        try {
            ForkJoinHooks.fail(new IllegalStateException("broken"));
        } finally {
            System.setErr(saved);
        }
        assertThat(hooks.regionStart("after")).isNull();
        hooks.work(7);
        hooks.regionStop(token);
        assertThat(clockReads.get()).isEqualTo(before);   // the engine was not called at all
        assertThat(engine.snapshot(false).measures().work()).isEqualTo(5);
    }

    @Test
    void theInjectedFailureThrowsOnTheNthClockReadOnly() {
        System.setProperty(InjectedFailure.PROPERTY, "3");
        try {
            AtomicLong t = new AtomicLong();
            var clock = InjectedFailure.clock(t::incrementAndGet);
            assertThat(clock.nanoTime()).isEqualTo(1);
            assertThat(clock.nanoTime()).isEqualTo(2);
            org.assertj.core.api.Assertions.assertThatThrownBy(clock::nanoTime)
                    .hasMessageContaining("forkscope.test.failAtEvent=3");
            assertThat(clock.nanoTime()).isEqualTo(3);
        } finally {
            System.clearProperty(InjectedFailure.PROPERTY);
        }
        var plain = (io.forkscope.recorder.engine.Clock) () -> 42;
        assertThat(InjectedFailure.clock(plain)).isSameAs(plain);
    }
}
