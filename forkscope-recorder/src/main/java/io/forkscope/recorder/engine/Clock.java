package io.forkscope.recorder.engine;

/** Where strand times come from: {@link System#nanoTime()} in the agent, a fake in tests. */
@FunctionalInterface
public interface Clock {
    Clock SYSTEM = System::nanoTime;

    long nanoTime();
}
