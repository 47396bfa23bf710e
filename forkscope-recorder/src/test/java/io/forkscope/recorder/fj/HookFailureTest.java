package io.forkscope.recorder.fj;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskHandle;
import io.forkscope.recorder.engine.TaskModel;
import io.forkscope.recorder.engine.TaskNode;
import io.forkscope.recorder.engine.ThreadClassifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An internal error never reaches the program: recording stops, once, with one line on stderr. */
class HookFailureTest {
    @AfterEach
    void off() {
        ForkJoinHooks.disable();
        Failure.forgetForTests();
    }

    @Test
    void aThrowingEngineDisablesRecordingAndTheHooksReturnNormally() {
        AtomicInteger failures = new AtomicInteger();
        TaskModel broken = new TaskModel() {
            @Override public boolean isDone(TaskHandle task) { throw new IllegalStateException("broken model"); }
            @Override public boolean isCompleter(TaskHandle task) { throw new IllegalStateException("broken model"); }
            @Override public TaskHandle completerOf(TaskHandle task) { return null; }
        };
        ThreadClassifier threads = new ThreadClassifier() {
            @Override public boolean ignore(Thread thread) { return false; }
            @Override public int poolParallelism(Thread thread) { return 0; }
        };
        ForkJoinHooks.enable(new SpanEngine(Unit.TIME, 0, System::nanoTime, broken, threads), t -> failures.incrementAndGet());
        TaskHandle task = new TaskHandle() {
            TaskNode node;
            @Override public TaskNode getForkscopeNode() { return node; }
            @Override public void setForkscopeNode(TaskNode n) { node = n; }
        };
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true));
        try {
            ForkJoinHooks.create(task);          // throws inside: caught
            ForkJoinHooks.resume();
            assertThat(ForkJoinHooks.execBegin(task)).isFalse();   // disabled now: no tracking
            ForkJoinHooks.waitBegin();
            ForkJoinHooks.waitEnd(task);
            ForkJoinHooks.create(task);
            ForkJoinHooks.fail(new IllegalStateException("a second one"));   // handled and said only once
        } finally {
            System.setErr(saved);
        }
        assertThat(failures).hasValue(1);
        assertThat(ForkJoinHooks.stopped()).isTrue();
        String said = err.toString();
        assertThat(said.lines().toList()).singleElement().asString()
                .startsWith("forkscope: internal error, recording stopped (the program runs on)")
                .contains("broken model");
    }

    @Test
    void aFailureBeforeTheHooksAreOnKeepsThemOffAndRunsTheHandlerWhenItIsSet() {
        PrintStream saved = System.err;
        System.setErr(new PrintStream(new ByteArrayOutputStream(), true));
        try {
            ForkJoinHooks.fail(new IllegalStateException("cannot instrument"));   // as the weaver does
        } finally {
            System.setErr(saved);
        }
        java.util.List<Throwable> handled = new java.util.ArrayList<>();
        TaskModel model = new TaskModel() {
            @Override public boolean isDone(TaskHandle task) { throw new AssertionError("the engine was called"); }
            @Override public boolean isCompleter(TaskHandle task) { throw new AssertionError("the engine was called"); }
            @Override public TaskHandle completerOf(TaskHandle task) { return null; }
        };
        ThreadClassifier threads = new ThreadClassifier() {
            @Override public boolean ignore(Thread thread) { return false; }
            @Override public int poolParallelism(Thread thread) { return 0; }
        };
        ForkJoinHooks.enable(new SpanEngine(Unit.TIME, 0, System::nanoTime, model, threads), handled::add);
        assertThat(handled).singleElement().extracting(Throwable::getMessage).isEqualTo("cannot instrument");
        assertThat(ForkJoinHooks.execBegin(null)).isFalse();   // off: the engine is never called
    }
}
