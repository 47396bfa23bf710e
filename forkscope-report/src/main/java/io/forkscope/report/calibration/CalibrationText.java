package io.forkscope.report.calibration;

import io.forkscope.analysis.calibration.StealLatency;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * {@code forkscope calibrate}'s report for people: the work-stealing microbenchmark's latencies
 * (median and 90th percentile) and the burden derived from them.
 */
public final class CalibrationText {
    private CalibrationText() {}

    /**
     * @param s       the analysed latencies
     * @param jdk     which JDK was measured, e.g. "Java 17.0.21 (/usr/lib/jvm/...)"
     * @param workers the pool's worker count
     * @param cache   where the result was cached, or null when it was not
     */
    public static void write(StealLatency s, String jdk, int workers, String cache, Writer out) throws IOException {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Work-stealing latency of ForkJoinPool on this machine (%s)%n", jdk));
        t.append(String.format(Locale.ROOT, "A parent forks one child that the other worker steals (Delay Spotter's microbenchmark);"
                + " %d workers, %,d forks, %,d stolen%n%n", workers, s.forks(), s.stolen()));
        t.append(String.format(Locale.ROOT, "  %-26s %12s %12s%n", "", "median", "p90"));
        t.append(String.format(Locale.ROOT, "  %-26s %12s %12s%n", "create -> child start", us(s.childStartMedianNs()),
                us(s.childStartP90Ns())));
        t.append(String.format(Locale.ROOT, "  %-26s %12s %12s%n", "create -> parent resume", us(s.parentResumeMedianNs()),
                us(s.parentResumeP90Ns())));
        t.append('\n');
        t.append(String.format(Locale.ROOT, "Burden: %,d ns per steal, the median create -> child start of a stolen child:"
                + " what a steal adds to the path through the stolen task (forkscope puts it on create edges)%n",
                s.burdenNs()));
        t.append("The parent's resume is fork()'s own cost (mostly waking an idle worker); the parent pays it on its own"
                + " path whether or not the child is stolen, so it is not part of the burden.\n");
        t.append(String.format(Locale.ROOT, "Cilkscale's default is 6,250 ns; Cilkview assumed 15,000 instructions.%n"));
        if (cache != null) {
            t.append("Cached in ").append(cache).append("; forkscope record --burden-ns auto uses it.\n");
        }
        out.write(t.toString());
        out.flush();
    }

    private static String us(long ns) {
        return String.format(Locale.ROOT, "%.2f us", ns / 1e3);
    }
}
