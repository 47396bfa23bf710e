package io.forkscope.analysis.model;

import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The base b of an exponential program's growth T(n) ≈ c·bⁿ, fitted from measured values: the
 * slope β of ln T against n by weighted least squares, b = e^β.
 *
 * <p><b>Weights T².</b> A run is disturbed by a roughly fixed amount of time (a JIT compilation, a
 * preemption, a cold cache), so its relative error, and the error of ln T, is about that amount
 * over T: ln T's variance falls as 1/T², and inverse-variance weights are T². The largest sizes
 * therefore set b (for nqueens, whose growth per step itself grows, b is its growth at the
 * largest trained sizes, the nearest to the sizes predicted), while the smallest, shortest and
 * noisiest runs hardly move it. Weights are taken relative to the largest T, so nothing overflows.
 *
 * <p><b>The error bound.</b> The weighted least-squares slope of points with distinct x is a convex
 * combination of the pairwise slopes (ln T_j − ln T_i)/(n_j − n_i), weighted by w_i·w_j·(n_j − n_i)²;
 * so if every value is off by a factor within [e^−δ, e^δ] and the n are whole numbers, each pairwise
 * slope, and hence β, is within 2δ of the true one: |ln(b̂/b)| ≤ 2δ (the property test checks it).
 *
 * <p>Several values at one n (trials, worker counts) are first reduced to their median, so that
 * one n counts once whatever the number of runs at it.
 */
public final class ExponentialBase {
    private ExponentialBase() {
    }

    /**
     * b from the runs' T1'(n): the 1-worker runs' where there are any (their T1' is their own work; the
     * other runs repeat their trial's), else all runs' (runs without T1', 0, are left out).
     *
     * @throws UnfittableRuns when {@link #fit(double[], double[])} cannot tell it
     */
    public static double ofSerialWork(java.util.List<TrainingRun> all) {
        return fitted(serialRuns(all), TrainingRun::serialWork,
                "the exponential base b needs T1' at two sizes n or more, and the runs have %d; give b"
                        + " (--exponential 2 is the paper's)",
                "T1' does not grow with n over the trained sizes, so it has no exponential base b > 1 to fit; give b"
                        + " (--exponential 2 is the paper's) or fit in n");
    }

    /**
     * b from the runs' task counts create_task(n) (every run's: a count does not depend on p or the
     * trial, so the median of one n's runs is its count), for {@link ModelOptions.BaseFrom#TASK_COUNTS}.
     * A recursion cut off at a fixed size makes leaves in proportion to its work; the counts are exact,
     * so b is the recursion's own (fib: φ to 4 digits at n 35..38), where T1''s b moves with the noise.
     *
     * @throws UnfittableRuns when the counts do not tell b: fewer than two sizes with a task, or counts
     *         that do not grow with n (a depth cut-off makes as many tasks at every n: strassen)
     */
    public static double ofTaskCounts(java.util.List<TrainingRun> runs) {
        return fitted(runs, TrainingRun::createTask,
                "b from the task counts needs tasks at two sizes n or more, and the runs have %d; use --exponential"
                        + " alone (b from T1'(n)) or give b",
                "the task counts do not grow with n over the trained sizes, so they tell no exponential base b > 1"
                        + " (a cut-off at a recursion depth makes as many tasks at every n); use --exponential alone"
                        + " (b from T1'(n)) or give b");
    }

    /** The runs whose T1' is their own work: the 1-worker runs where there are any (the others repeat their trial's). */
    private static java.util.List<TrainingRun> serialRuns(java.util.List<TrainingRun> all) {
        java.util.List<TrainingRun> oneWorker = all.stream().filter(r -> r.p() == 1).toList();
        return oneWorker.isEmpty() ? all : oneWorker;
    }

    /**
     * {@link #fit} of {@code value} against n over the runs, or a user error: {@code fewSizes} (its %d the
     * sizes with a positive value) below two sizes, {@code noGrowth} when the values do not grow.
     */
    private static double fitted(java.util.List<TrainingRun> runs, java.util.function.ToDoubleFunction<TrainingRun> value,
                                 String fewSizes, String noGrowth) {
        double[] n = runs.stream().mapToDouble(TrainingRun::n).toArray();
        double[] v = runs.stream().mapToDouble(value).toArray();
        long sizes = runs.stream().filter(r -> value.applyAsDouble(r) > 0).mapToDouble(TrainingRun::n).distinct().count();
        if (sizes < 2) {
            throw new UnfittableRuns(String.format(java.util.Locale.ROOT, fewSizes, sizes));
        }
        return fit(n, v).orElseThrow(() -> new UnfittableRuns(noGrowth));
    }

    /**
     * b from values {@code t[i]} measured at sizes {@code n[i]}; empty when it cannot be told: fewer than
     * two distinct n with a positive value, or values that do not grow with n (b ≤ 1: not exponential).
     */
    public static OptionalDouble fit(double[] n, double[] t) {
        OptionalDouble g = growth(n, t);
        return g.isPresent() && g.getAsDouble() > 1 ? g : OptionalDouble.empty();
    }

    /**
     * T1' per task's growth a step of n: T1''s growth over the task counts', each fitted as {@link #fit} does
     * (T1' from the 1-worker runs where there are any, weighted by T1'²; the counts from every run with a
     * task); empty where either has fewer than two sizes. 1 is what {@link ModelOptions.BaseFrom#TASK_COUNTS}
     * assumes (each leaf the same work); docs/model.md gives fib's and nqueens' in three sweeps.
     */
    public static OptionalDouble workPerTaskGrowth(java.util.List<TrainingRun> all) {
        java.util.List<TrainingRun> serial = serialRuns(all);
        OptionalDouble work = growth(serial.stream().mapToDouble(TrainingRun::n).toArray(),
                serial.stream().mapToDouble(TrainingRun::serialWork).toArray());
        OptionalDouble tasks = growth(all.stream().mapToDouble(TrainingRun::n).toArray(),
                all.stream().mapToDouble(TrainingRun::createTask).toArray());
        return work.isPresent() && tasks.isPresent() ? OptionalDouble.of(work.getAsDouble() / tasks.getAsDouble())
                : OptionalDouble.empty();
    }

    /** e^β, the slope of {@link #fit} whatever its sign; empty without two distinct n with a positive value. */
    static OptionalDouble growth(double[] n, double[] t) {
        if (n.length != t.length) {
            throw new IllegalArgumentException(n.length + " sizes for " + t.length + " values");
        }
        TreeMap<Double, java.util.List<Double>> byN = new TreeMap<>();
        for (int i = 0; i < n.length; i++) {
            if (t[i] > 0 && Double.isFinite(t[i]) && Double.isFinite(n[i])) {
                byN.computeIfAbsent(n[i], k -> new java.util.ArrayList<>()).add(t[i]);
            }
        }
        if (byN.size() < 2) {
            return OptionalDouble.empty();
        }
        int k = byN.size();
        double[] x = new double[k];
        double[] value = new double[k];
        int i = 0;
        double max = 0;
        for (var e : byN.entrySet()) {
            x[i] = e.getKey();
            value[i] = median(e.getValue());
            max = Math.max(max, value[i]);
            i++;
        }
        double sw = 0;
        double sx = 0;
        double sy = 0;
        double[] w = new double[k];
        double[] y = new double[k];
        for (int j = 0; j < k; j++) {
            double r = value[j] / max;
            w[j] = r * r;
            y[j] = Math.log(value[j]);
            sw += w[j];
            sx += w[j] * x[j];
            sy += w[j] * y[j];
        }
        double mx = sx / sw;
        double my = sy / sw;
        double sxy = 0;
        double sxx = 0;
        for (int j = 0; j < k; j++) {
            sxy += w[j] * (x[j] - mx) * (y[j] - my);
            sxx += w[j] * (x[j] - mx) * (x[j] - mx);
        }
        if (!(sxx > 0)) {
            return OptionalDouble.empty();
        }
        double b = Math.exp(sxy / sxx);
        return Double.isFinite(b) && b > 0 ? OptionalDouble.of(b) : OptionalDouble.empty();
    }

    static double median(java.util.List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int m = v.length;
        return m % 2 == 1 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
    }
}
