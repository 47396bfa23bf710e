package io.forkscope.analysis.scaling;

import java.util.Arrays;
import java.util.List;

/** Order statistics of small samples (trials, repetitions, microbenchmark latencies). */
public final class Stats {
    private Stats() {}

    /** @return the median: the middle value, or the mean of the two middle ones for an even count */
    public static double median(long[] values) {
        long[] v = sorted(values);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + (double) v[n / 2]) / 2;
    }

    public static double median(List<Long> values) {
        return median(values.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * @param q a fraction in (0, 1]
     * @return the nearest-rank quantile: the smallest value with at least {@code q} of the sample at
     *     or below it ({@code q = 0.9}: the 90th percentile)
     */
    public static long quantile(long[] values, double q) {
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("quantile fraction must be in (0, 1], got " + q);
        }
        long[] v = sorted(values);
        int rank = (int) Math.ceil(q * v.length);
        return v[Math.max(1, rank) - 1];
    }

    private static long[] sorted(long[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        long[] v = values.clone();
        Arrays.sort(v);
        return v;
    }
}
