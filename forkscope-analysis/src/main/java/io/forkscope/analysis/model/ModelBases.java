package io.forkscope.analysis.model;

import java.util.List;

/**
 * The basis functions of the performance model's equations (measures.md §7, Namsraijav &amp; Taura
 * Eqs. 10–15), each a row of features whose non-negative coefficients the fit finds.
 *
 * <p>Logarithms are base 2 and clamped at 0: lg x = log₂ max(x, 1), lglg x = lg(lg x). The paper
 * does not give a base; another base only rescales the coefficient, and base 2 keeps every feature
 * non-negative for every n ≥ 0 (ln ln n is negative below n = e, and undefined at n = 1), as a
 * non-negative fit needs. For an exponential program the size s fed to the bases is bⁿ instead of n
 * ({@link SizeScale}; the paper's n → 2ⁿ for fib and nqueens, where lg s = n exactly).
 */
public final class ModelBases {
    /** Eq. 11 (T1'(n), and T∞(n) for {@link SpanNoWork}): 1, s, s lg s, s², s² lg s, s³, s lglg s. */
    public static final List<String> SERIAL_WORK = List.of("1", "n", "n lg n", "n^2", "n^2 lg n", "n^3", "n lglg n");
    /**
     * T1'(n)'s bases when s = bⁿ with b fitted from T1'(n) itself ({@link ExponentialBase}): 1, s, s lg s,
     * s lglg s. b is the growth of T1' a step, so a power of s above the first (s² = (b²)ⁿ …) would grow
     * as a base the data just said it does not have; on a few noisy sizes forward chaining sometimes kept
     * one with a tiny coefficient that did not show at the trained n and dominated four steps beyond
     * (fib, docs/model.md run 5: 7.7e-15 s³, T1' 60% off, time 36%; with these bases 12% and 7%).
     */
    public static final List<String> SERIAL_WORK_FITTED_BASE = List.of("1", "n", "n lg n", "n lglg n");
    /**
     * T1'(n)'s bases when b is the task counts' ({@link ModelOptions.BaseFrom#TASK_COUNTS}): 1 and s, the work
     * outside the leaves and each leaf's work times their number bⁿ; s lg s or s lglg s would be work per leaf
     * that grows with n, which is what b from the counts takes not to happen (where it does, b from T1' is the
     * option). With s lg s allowed, forward chaining took it on a sweep whose larger sizes were disturbed
     * (docs/model.md run 7's fib: T1' 35% off at n 41, 42) and on a world with T1' off by e^±0.1
     * alternately (30% off 6 steps out; with 1 and s within e^0.1: PerformanceModelTest).
     */
    public static final List<String> SERIAL_WORK_COUNTS_BASE = List.of("1", "n");
    /** Eq. 10 (T1(n,p) − T1'(n)): T1'·(p−1)/p, T1'·(p−1). */
    public static final List<String> WORK = List.of("T1'(p-1)/p", "T1'(p-1)");
    /**
     * Eqs. 13–14 (create_task(n), wait_tasks(n)): s, s lg s, s², s³, s lglg s, and beyond the paper a
     * constant (coefficient d0, e0): a program whose cut-off is a recursion depth (strassen's, nqueens'
     * rows placed by tasks) makes as many tasks at every n past that depth, which no sum of the paper's
     * bases, all 0 at s = 0 and growing, can be; the lasso leaves d0 at 0 where the counts grow.
     */
    public static final List<String> COUNTS = List.of("1", "n", "n lg n", "n^2", "n^3", "n lglg n");
    /** Eq. 12: create·1, create·(p−1), create·(p−1)/p, then the same for wait. */
    public static final List<String> DELAY = List.of("create", "create(p-1)", "create(p-1)/p",
            "wait", "wait(p-1)", "wait(p-1)/p");
    /** Eq. 15: (p−1)²·(1, s, s lg s, s²). */
    public static final List<String> NO_WORK = List.of("(p-1)^2", "(p-1)^2 n", "(p-1)^2 n lg n", "(p-1)^2 n^2");

    private ModelBases() {
    }

    static double lg(double x) {
        return x > 1 ? Math.log(x) / Math.log(2) : 0;
    }

    static double lglg(double x) {
        return lg(lg(x));
    }

    public static double[] serialWork(double s) {
        double l = lg(s);
        return new double[] {1, s, s * l, s * s, s * s * l, s * s * s, s * lglg(s)};
    }

    public static double[] work(double serialWork, int p) {
        return new double[] {serialWork * (p - 1) / p, serialWork * (p - 1)};
    }

    public static double[] counts(double s) {
        return new double[] {1, s, s * lg(s), s * s, s * s * s, s * lglg(s)};
    }

    public static double[] delay(double createTask, double waitTasks, int p) {
        double q = p - 1;
        return new double[] {createTask, createTask * q, createTask * q / p, waitTasks, waitTasks * q, waitTasks * q / p};
    }

    public static double[] noWork(double s, int p) {
        double q2 = (double) (p - 1) * (p - 1);
        return new double[] {q2, q2 * s, q2 * s * lg(s), q2 * s * s};
    }

    /** "b1".."b7" and the like: the paper's names for a component's coefficients. */
    static List<String> names(String letter, int count) {
        return names(letter, count, 1);
    }

    /** The same from {@code first}: "d0".."d5" for the counts, whose constant the paper does not have. */
    static List<String> names(String letter, int count, int first) {
        return java.util.stream.IntStream.range(first, first + count).mapToObj(i -> letter + i).toList();
    }
}
