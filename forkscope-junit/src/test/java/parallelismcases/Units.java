package parallelismcases;

import io.forkscope.Forkscope;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** One leaf of work: {@code units} abstract units, and as many nanoseconds of CPU time spun. */
public final class Units {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    static volatile long sink;

    private Units() {}

    public static void leaf(long units) {
        Forkscope.work(units);
        long end = THREADS.getCurrentThreadCpuTime() + units;
        long x = 0;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            x++;
        }
        sink = x;
    }
}
