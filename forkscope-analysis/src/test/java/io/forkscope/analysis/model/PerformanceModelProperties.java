package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Random worlds generated exactly from Eqs. 9–15 ({@link EquationWorld}): sparse non-negative
 * coefficients, each non-zero term sized to contribute between 1% and 100% of a scale at the
 * largest training n (a term far smaller than the rest is invisible to any fit). Trained on
 * n ∈ {1000 … 8000} × p ∈ {1 … 4}, the model must predict time at n = 32000 and p = 32.
 */
class PerformanceModelProperties {

    /**
     * Worlds whose no-work is the paper's Eq. 15. Error bound 3%: the data are exact, but seven
     * bases of T1'(n) over seven distinct n are a square, badly conditioned system, and the
     * smallest α's shrinkage (10⁻⁸ of alphaMax) is amplified by it and then by a 4× extrapolation in
     * n (n³ terms: 64×); and the folds hold out one n each (grouped by n), so the folds of the
     * smallest and largest n score an extrapolation of that ill-conditioned system, where a slightly
     * larger α can score better than the exact one (2.1% at 4× n with the counts' constant basis, the
     * largest in 1,000 tries); the
     * paper's own errors on real data are 10–45%.
     */
    @Property(tries = 300)
    void timeIsPredictedBeyondTheGrid(@ForAll long seed) {
        EquationWorld w = world(new Random(seed), false);
        PerformanceModel m = PerformanceModel.fit(w.grid(PerformanceModelTest.NS, PerformanceModelTest.PS), ModelOptions.linear());
        assertNonNegative(m);
        for (double n : new double[] {8000, 32000}) {
            for (int p : new int[] {4, 32}) {
                double actual = w.time(n, p);
                assertThat(Math.abs(m.predict(n, p).time() - actual) / actual).as("time(%s, %d)", n, p)
                        .isLessThan(0.03);
            }
        }
    }

    /**
     * Worlds whose no-work is {@link SpanNoWork}'s, where the training grid identifies it: among
     * the runs with p ≥ 2 some are below the parallelism (p·T∞ &lt; T1) and some beyond it. Without
     * runs beyond it h4 is 0 on every training run; without runs below it h3 equals h2 on every
     * one; either way the grid cannot tell the coefficients apart and a prediction across the
     * parallelism is a guess (found by running this property on all worlds: errors up to 30%).
     * Error bound 5%: besides the above, T∞(n) has nine bases over seven distinct n and
     * n lglg n is nearly a combination of n and n lg n over 1000…8000, so T∞ at 4× n comes out
     * up to about 1% off, and no-work beyond the parallelism is proportional to it.
     */
    @Property(tries = 200, maxDiscardRatio = 100)
    void timeWithSpanNoWorkIsPredictedBeyondTheGridWhereTheGridIdentifiesIt(@ForAll long seed) {
        EquationWorld w = world(new Random(seed), true);
        List<TrainingRun> runs = w.grid(PerformanceModelTest.NS, PerformanceModelTest.PS);
        Assume.that(runs.stream().anyMatch(r -> r.p() > 1 && r.p() * r.span() > r.work())
                && runs.stream().anyMatch(r -> r.p() > 1 && r.p() * r.span() < r.work()));
        PerformanceModel m = PerformanceModel.fit(runs, ModelOptions.linear());
        assertNonNegative(m);
        for (double n : new double[] {8000, 32000}) {
            for (int p : new int[] {4, 32}) {
                double actual = w.time(n, p);
                assertThat(Math.abs(m.predict(n, p).timeSpan() - actual) / actual).as("timeSpan(%s, %d)", n, p)
                        .isLessThan(0.05);
            }
        }
    }

    /**
     * An exponential program measured with noise, as a sweep measures one: T1' = c·bⁿ and task counts
     * ∝ bⁿ at 4 consecutive n, p ∈ {1, 2}, 3 trials, every measured value (each trial's T1', shared by
     * its p, and each run's work, counts, delay, elapsed) off by a factor within [e^−δ, e^δ]; the trials
     * reduced to their median ({@link TrialMedian}), which stays within that band. b is fitted within
     * 2δ of ln b ({@link ExponentialBase}'s bound). T1' three steps beyond the grid (n* = n₀ + 6) is
     * within e^(13δ) of the truth while the fit keeps to s = b̂ⁿ: least squares makes ĉ·b̂^n* a
     * weighted mean of the trained values' y_i·b̂^(n* − n_i) = c·bⁿ*·u_i·(b̂/b)^(n* − n_i), each off by at
     * most δ + 2δ·6 in log. That holds for a fit of s alone, checked when forward chaining chose s alone;
     * a fit that took other bases (s lg s, a constant: on 4 noisy sizes a fold can prefer them) has no
     * such bound, and how often that happens is collected ("T1' bases"). Whatever it took, T1' beyond
     * the grid grows no faster than s lg s: with b fitted, T1' has no basis that grows faster
     * (ModelBases#SERIAL_WORK_FITTED_BASE; Eq. 11's s², s³ once put fib 60% off four steps beyond).
     */
    @Property(tries = 500)
    void aNoisyExponentialIsFittedWithinItsNoise(@ForAll long seed,
                                                 @ForAll @net.jqwik.api.constraints.DoubleRange(min = 1.2, max = 5) double b,
                                                 @ForAll @net.jqwik.api.constraints.DoubleRange(min = 0, max = 0.05) double delta) {
        Random rnd = new Random(seed);
        int n0 = 5 + rnd.nextInt(25);
        double c = 1e8 / Math.pow(b, n0 + 3);                 // T1' of 100 ms at the largest n
        double perTask = 200 + 800 * rnd.nextDouble();
        java.util.List<TrainingRun> runs = new java.util.ArrayList<>();
        for (int trial = 0; trial < 3; trial++) {
            for (int n = n0; n < n0 + 4; n++) {
                double serial = c * Math.pow(b, n) * noise(rnd, delta);
                for (int p = 1; p <= 2; p++) {
                    double work = p == 1 ? serial : c * Math.pow(b, n) * 1.02 * noise(rnd, delta);
                    double tasks = 1e-3 * Math.pow(b, n) * c / 1e3 * noise(rnd, delta) + 1;
                    double delay = perTask * tasks * p * noise(rnd, delta);
                    runs.add(new TrainingRun(n, p, serial, work, tasks, tasks, delay, 0, (work + delay) / p, 1e3));
                }
            }
        }
        PerformanceModel m = PerformanceModel.fit(TrialMedian.of(runs), ModelOptions.exponentialFitted());
        assertThat(Math.abs(Math.log(m.scale().base() / b))).as("b %s fitted as %s", b, m.scale().base())
                .isLessThanOrEqualTo(2 * delta + 1e-9);
        double beyond = n0 + 6;
        double truth = c * Math.pow(b, beyond);
        double[] coefficients = m.serialWork().coefficients();
        boolean sAlone = coefficients[1] > 0 && java.util.stream.IntStream.range(0, coefficients.length)
                .filter(j -> j != 1).allMatch(j -> coefficients[j] == 0);
        net.jqwik.api.statistics.Statistics.label("T1' bases").collect(sAlone ? "s alone" : "others");
        if (sAlone) {
            assertThat(Math.abs(Math.log(m.predict(beyond, 1).serialWork() / truth))).as("T1' 3 steps beyond")
                    .isLessThanOrEqualTo(13 * delta + 1e-3);
        }
        // whatever bases were chosen, T1' grows no faster than s lg s beyond the grid: from the largest
        // trained n to 7 steps past it, at most b̂⁷ · (n + 7) / n, its s lg s basis's own growth
        double last = n0 + 3;
        double far = last + 7;
        double growth = m.predict(far, 1).serialWork() / m.predict(last, 1).serialWork();
        assertThat(growth).as("T1' growth over 7 steps beyond the grid, b %s", m.scale().base())
                .isLessThanOrEqualTo(Math.pow(m.scale().base(), 7) * far / last * (1 + 1e-9));
    }

    static double noise(Random rnd, double delta) {
        return Math.exp(delta * (2 * rnd.nextDouble() - 1));
    }

    static EquationWorld world(Random rnd, boolean spanWorld) {
        double nMax = 8000;
        double[] b = sized(rnd, ModelBases.serialWork(nMax), 1e6);
        double[] a = {rnd.nextBoolean() ? 0 : 0.1 * rnd.nextDouble(), rnd.nextBoolean() ? 0 : 0.02 * rnd.nextDouble()};
        double[] d = sized(rnd, ModelBases.counts(nMax), 1e3);
        double[] e = sized(rnd, ModelBases.counts(nMax), 1e3);
        double[] c = new double[6];
        for (int j = 0; j < 6; j++) {
            c[j] = rnd.nextBoolean() ? 0 : 100 * rnd.nextDouble();
        }
        double[] f = sized(rnd, ModelBases.noWork(nMax, 2), 1e5);
        double[] s = sized(rnd, SpanNoWork.span(nMax), 1e5);
        double[] h = {rnd.nextBoolean() ? 0 : 1e4 * rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble()};
        return new EquationWorld(SizeScale.LINEAR, b, a, d, e, c, f, s, h, spanWorld);
    }

    static void assertNonNegative(PerformanceModel m) {
        for (FittedComponent component : m.components()) {
            for (double v : component.coefficients()) {
                assertThat(v).as(component.name()).isFinite().isGreaterThanOrEqualTo(0);
            }
        }
    }

    /** Each term 0 with probability ½, else contributing scale × U(0.01, 1) at the features given. */
    static double[] sized(Random rnd, double[] featuresAtMax, double scale) {
        double[] out = new double[featuresAtMax.length];
        boolean any = false;
        for (int j = 0; j < out.length; j++) {
            if (featuresAtMax[j] > 0 && rnd.nextBoolean()) {
                out[j] = scale * (0.01 + 0.99 * rnd.nextDouble()) / featuresAtMax[j];
                any = true;
            }
        }
        if (!any) {
            out[out.length - 1 > 0 && featuresAtMax[0] > 0 ? 0 : out.length - 1] = scale / Math.max(1, featuresAtMax[0]);
        }
        return out;
    }
}
