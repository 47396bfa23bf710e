package io.forkscope.recorder.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The agent's clock: wall time from {@link System#nanoTime()} (~25 ns a read) and the thread's CPU
 * time from {@link ThreadMXBean#getCurrentThreadCpuTime()} (user + system time, a syscall of some
 * hundred ns on Linux; -1 on a virtual thread, JDK 21+). Both are public APIs, nothing from
 * jdk.internal.
 *
 * <p>Create it at agent start, never from a hook: it loads java.management, and the first read
 * links the native method, so no class is first loaded inside a hook (JVM-NOTES).
 */
public final class ThreadCpuClock implements Clock {
    private final ThreadMXBean threads;
    private final long thresholdNs;

    private ThreadCpuClock(ThreadMXBean threads, long thresholdNs) {
        this.threads = threads;
        this.thresholdNs = thresholdNs;
    }

    /**
     * @param thresholdNs see {@link Clock#cpuThresholdNs()}
     * @return the clock, or null when this JVM cannot read a thread's CPU time
     */
    public static ThreadCpuClock create(long thresholdNs) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        if (!threads.isThreadCpuTimeEnabled()) {
            try {
                threads.setThreadCpuTimeEnabled(true);
            } catch (UnsupportedOperationException | SecurityException e) {
                return null;
            }
        }
        if (threads.getCurrentThreadCpuTime() < 0) {
            return null;
        }
        return new ThreadCpuClock(threads, thresholdNs);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public long threadCpuTime() {
        return threads.getCurrentThreadCpuTime();
    }

    @Override
    public long cpuThresholdNs() {
        return thresholdNs;
    }
}
