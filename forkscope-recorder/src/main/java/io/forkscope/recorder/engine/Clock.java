package io.forkscope.recorder.engine;

/**
 * Where strand times come from: {@link System#nanoTime()} in the agent, a fake in tests. A clock
 * may also read the current thread's CPU time, which the engine uses to take the time a thread was
 * not running out of its strands (see {@link NotRunningTime}).
 */
@FunctionalInterface
public interface Clock {
    /** Wall clock only: strands count the time their thread was not running (blocked, preempted). */
    Clock SYSTEM = System::nanoTime;
    /** {@link #cpuThresholdNs()} of a clock without a CPU clock: never read it. */
    long NEVER = Long.MAX_VALUE;

    long nanoTime();

    /** @return the CPU time in ns the current thread has used, or -1 where this thread has none */
    default long threadCpuTime() {
        return -1;
    }

    /**
     * @return the wall-clock length in ns from which a strand (or the gap before one) is worth a
     *     {@link #threadCpuTime()} read; 0 = every strand, {@link #NEVER} = no CPU clock
     */
    default long cpuThresholdNs() {
        return NEVER;
    }
}
