package io.forkscope.recorder.fj;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskHandle;
import io.forkscope.recorder.engine.TaskModel;
import io.forkscope.recorder.engine.ThreadClassifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An internal error of the site profiler (here a site id the registry never gave out) goes
 * through the hooks' failure path like the engine's own: recording stops, once, with one line on
 * stderr; the site hooks return normally and the program's call goes on.
 */
class SiteHookFailureTest {
    @AfterEach
    void off() {
        ForkJoinHooks.disable();
        Failure.forgetForTests();
    }

    @Test
    void aBrokenSiteEventStopsRecordingNotTheProgram() {
        TaskModel plain = new TaskModel() {
            @Override public boolean isDone(TaskHandle task) { return true; }
            @Override public boolean isCompleter(TaskHandle task) { return false; }
            @Override public TaskHandle completerOf(TaskHandle task) { return null; }
        };
        ThreadClassifier threads = new ThreadClassifier() {
            @Override public boolean ignore(Thread thread) { return false; }
            @Override public int poolParallelism(Thread thread) { return 0; }
        };
        SpanEngine engine = new SpanEngine(Unit.ABSTRACT, 0, System::nanoTime, plain, threads);
        engine.enableSites();
        AtomicInteger failures = new AtomicInteger();
        ForkJoinHooks.enable(engine, t -> failures.incrementAndGet());
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true));
        int token;
        try {
            int ok = ForkJoinHooks.siteEnter(0, 0);
            assertThat(ok).as("the depth before the call: the root alone").isEqualTo(1);
            token = ForkJoinHooks.siteEnter(-3, 0);     // throws inside: caught
            ForkJoinHooks.siteExit(token);
            ForkJoinHooks.siteFork(1, 0);
            ForkJoinHooks.siteExit(ok);
        } finally {
            System.setErr(saved);
        }
        assertThat(token).isEqualTo(-1);
        assertThat(failures).hasValue(1);
        assertThat(ForkJoinHooks.stopped()).isTrue();
        assertThat(err.toString().lines().toList()).singleElement().asString()
                .startsWith("forkscope: internal error, recording stopped (the program runs on)");
    }
}
