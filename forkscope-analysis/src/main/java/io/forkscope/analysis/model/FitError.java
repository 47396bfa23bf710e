package io.forkscope.analysis.model;

import java.util.Arrays;

/**
 * The paper's error |actual − predicted| / actual over a set of runs (measures.md §7): its median
 * and quartiles (the box of the paper's Fig. 6) and maximum. A run whose actual value is 0 (no-work
 * on 1 worker, say) has no relative error and is left out; {@code rows} says how many were kept.
 * Quartiles interpolate linearly between order statistics (position q·(rows − 1)). All NaN when
 * no row has a positive actual value.
 */
public record FitError(int rows, double firstQuartile, double median, double thirdQuartile, double max) {
    public static FitError of(double[] actual, double[] predicted) {
        double[] e = new double[actual.length];
        int rows = 0;
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] > 0) {
                e[rows++] = Math.abs(actual[i] - predicted[i]) / actual[i];
            }
        }
        if (rows == 0) {
            return new FitError(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] sorted = Arrays.copyOf(e, rows);
        Arrays.sort(sorted);
        return new FitError(rows, quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75),
                sorted[rows - 1]);
    }

    static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
