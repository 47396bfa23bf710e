package forkscopeit.contexts;

import java.lang.management.ManagementFactory;
import java.util.concurrent.RecursiveAction;

/** A task spinning in {@link #hot} for a given CPU time; outside io.forkscope, whose frames count as the tool's. */
public final class ContextSpin {
    static volatile long sink;

    private ContextSpin() {}

    public static RecursiveAction task(long ms) {
        return new RecursiveAction() {
            @Override
            protected void compute() {
                hot(ms);
            }
        };
    }

    static void hot(long ms) {
        long end = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() + ms * 1_000_000L;
        long h = 1;
        do {
            for (int i = 0; i < 100_000; i++) {
                h ^= h << 13;
                h ^= h >>> 7;
                h ^= h << 17;
            }
        } while (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() < end);
        sink += h;
    }
}
