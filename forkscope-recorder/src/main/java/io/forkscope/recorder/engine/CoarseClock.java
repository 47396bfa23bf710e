package io.forkscope.recorder.engine;

import java.util.concurrent.locks.LockSupport;

/**
 * The wall clock of a counted run without a DAG ({@code unit=bytecodes}, mode cilkview): a strand's
 * length is a count there, so the engine's clock only dates events (the run's and regions' elapsed
 * time, the worker slots' intervals), and a read of {@link System#nanoTime()} per hook (six a task,
 * ~25 ns each on a TSC machine) would be most of the recorder's cost on fine-grained programs. Here
 * a read is one volatile load of a value a daemon thread refreshes from {@code System.nanoTime()}
 * every {@link #PERIOD_NS}: the same timebase, monotonic (one writer), at most about a period (plus
 * the ticker's scheduling delay) behind. Dates and elapsed times are then good to about a
 * millisecond; a region shorter than that may read 0. The ticker costs ~1,000 wake-ups a second.
 */
public final class CoarseClock implements Clock {
    /** How often the ticker refreshes the time. */
    public static final long PERIOD_NS = 1_000_000;

    private volatile long now = System.nanoTime();

    private CoarseClock() {}

    /** @return a clock whose daemon ticker ({@code forkscope-coarse-clock}) has started */
    public static CoarseClock start() {
        CoarseClock c = new CoarseClock();
        Thread ticker = new Thread(c::tick, "forkscope-coarse-clock");
        ticker.setDaemon(true);
        ticker.start();
        return c;
    }

    private void tick() {
        for (;;) {
            LockSupport.parkNanos(PERIOD_NS);
            now = System.nanoTime();
        }
    }

    @Override
    public long nanoTime() {
        return now;
    }
}
