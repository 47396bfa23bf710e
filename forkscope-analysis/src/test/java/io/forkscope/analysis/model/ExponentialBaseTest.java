package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exponential base b fitted from values at sizes n: exact c·bⁿ gives b back to rounding; a
 * constant beside it (fib's work has one) moves it by the constant's share; values that cannot tell
 * b (one size, zeros, no growth) give none.
 */
class ExponentialBaseTest {
    static final double PHI = (1 + Math.sqrt(5)) / 2;

    static double[] values(double[] ns, java.util.function.DoubleUnaryOperator f) {
        double[] t = new double[ns.length];
        for (int i = 0; i < ns.length; i++) {
            t[i] = f.applyAsDouble(ns[i]);
        }
        return t;
    }

    @Test
    void exactExponentialsGiveTheirBase() {
        double[] ns = {32, 33, 34, 35};
        for (double b : new double[] {PHI, 2, 4.7, 1.05}) {
            double[] t = values(ns, n -> 3e-3 * Math.pow(b, n));
            assertThat(ExponentialBase.fit(ns, t).getAsDouble()).as("b %s", b).isCloseTo(b, within(b * 1e-12));
        }
        // sizes need not be consecutive, nor in order
        double[] ns2 = {40, 30, 37};
        assertThat(ExponentialBase.fit(ns2, values(ns2, n -> Math.pow(PHI, n))).getAsDouble())
                .isCloseTo(PHI, within(1e-12));
    }

    /**
     * fib's work, a constant c0 beside φⁿ: ln T's slope between n and n + 1 is ln φ less about
     * (1 − 1/φ)·c0/φⁿ (by ln(1 + x) ≈ x), so that pair alone gives b below φ by about (φ − 1)·c0/φⁿ;
     * with c0 a thousandth of φⁿ at the smallest n, every pair, and so their weighted combination, gives
     * b below φ by less than (φ − 1)·10⁻³.
     */
    @Test
    void aConstantBesideTheExponentialMovesBByItsShare() {
        double[] ns = {20, 21, 22, 23, 24};
        double c0 = 1e-3 * Math.pow(PHI, 20);
        double b = ExponentialBase.fit(ns, values(ns, n -> c0 + Math.pow(PHI, n))).getAsDouble();
        assertThat(b).isLessThan(PHI).isCloseTo(PHI, within((PHI - 1) * 1e-3));
    }

    /** Three trials at each n: the median of each n counts, once, so one cold trial changes nothing. */
    @Test
    void severalValuesAtOneSizeCountAsTheirMedian() {
        double[] ns = {10, 10, 10, 11, 11, 11, 12, 12, 12};
        double[] t = {100, 500, 100, 200, 200, 900, 400, 400, 400};
        assertThat(ExponentialBase.fit(ns, t).getAsDouble()).isCloseTo(2, within(1e-12));
    }

    @Test
    void valuesThatCannotTellBGiveNone() {
        assertThat(ExponentialBase.fit(new double[] {10, 10}, new double[] {5, 6})).isEmpty();       // one size
        assertThat(ExponentialBase.fit(new double[] {10, 11}, new double[] {0, 0})).isEmpty();       // no work
        assertThat(ExponentialBase.fit(new double[] {10, 11, 12}, new double[] {0, 0, 8})).isEmpty(); // one positive
        assertThat(ExponentialBase.fit(new double[] {10, 11}, new double[] {8, 8})).isEmpty();       // b = 1
        assertThat(ExponentialBase.fit(new double[] {10, 11}, new double[] {8, 4})).isEmpty();       // shrinking
        assertThat(ExponentialBase.fit(new double[0], new double[0])).isEmpty();
        assertThatThrownBy(() -> ExponentialBase.fit(new double[] {1}, new double[0]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fromTrainingRunsItSaysWhyItCannot() {
        TrainingRun one = new TrainingRun(30, 1, 5e6, 5e6, 100, 100, 1e5, 0, 5.1e6, 1e3);
        assertThatThrownBy(() -> ExponentialBase.ofSerialWork(List.of(one)))
                .isInstanceOf(UnfittableRuns.class).hasMessageContaining("two sizes n or more")
                .hasMessageContaining("runs have 1");
        TrainingRun flat = new TrainingRun(31, 1, 5e6, 5e6, 100, 100, 1e5, 0, 5.1e6, 1e3);
        assertThatThrownBy(() -> ExponentialBase.ofSerialWork(List.of(one, flat)))
                .isInstanceOf(UnfittableRuns.class).hasMessageContaining("does not grow with n");
        TrainingRun grown = new TrainingRun(31, 1, 5e6 * PHI, 5e6, 100, 100, 1e5, 0, 5.1e6, 1e3);
        assertThat(ExponentialBase.ofSerialWork(List.of(one, grown))).isCloseTo(PHI, within(1e-12));
    }

    /**
     * b from the task counts: fib's create_task(n) is F(n+1) − 1 for a cut-off at n 1 (a whole number, exact
     * in every run), which gives φ to 1e-6 at n 35..38 (F(n+1)/F(n) − φ falls as φ⁻²ⁿ), whatever T1' says;
     * counts that do not grow (a cut-off at a depth: strassen's 48 tasks at every n) or tasks at one size
     * cannot tell b and say so.
     */
    @Test
    void theTaskCountsGiveTheirOwnBase() {
        List<TrainingRun> runs = new java.util.ArrayList<>();
        for (int n = 35; n <= 38; n++) {
            double tasks = fibonacci(n + 1) - 1;
            // T1' off by ±10% alternately: its own b is far from φ, the counts' is not moved
            double serial = tasks * 1e3 * (n % 2 == 0 ? 1.1 : 0.9);
            runs.add(new TrainingRun(n, 1, serial, serial, tasks, tasks, 0, 0, serial, 1e3));
        }
        assertThat(ExponentialBase.ofTaskCounts(runs)).isCloseTo(PHI, within(1e-6));
        assertThat(Math.abs(ExponentialBase.ofSerialWork(runs) / PHI - 1)).isGreaterThan(0.05);

        TrainingRun depth1 = new TrainingRun(256, 1, 5e6, 5e6, 48, 48, 0, 0, 5e6, 1e3);
        TrainingRun depth2 = new TrainingRun(512, 1, 4e7, 4e7, 48, 48, 0, 0, 4e7, 1e3);
        assertThatThrownBy(() -> ExponentialBase.ofTaskCounts(List.of(depth1, depth2)))
                .isInstanceOf(UnfittableRuns.class).hasMessageContaining("task counts do not grow with n")
                .hasMessageContaining("--exponential alone");
        TrainingRun noTasks = new TrainingRun(513, 1, 4e7, 4e7, 0, 0, 0, 0, 4e7, 1e3);
        assertThatThrownBy(() -> ExponentialBase.ofTaskCounts(List.of(depth1, noTasks)))
                .isInstanceOf(UnfittableRuns.class).hasMessageContaining("tasks at two sizes n or more")
                .hasMessageContaining("runs have 1");
    }

    static double fibonacci(int n) {
        double a = 0;
        double b = 1;
        for (int i = 0; i < n; i++) {
            double c = a + b;
            a = b;
            b = c;
        }
        return a;
    }

    /**
     * T1' per task's growth a step: 1 where the work follows the count, (work's b)/(count's b) where it does
     * not (a depth cut-off: work 4ⁿ over 1.5ⁿ tasks, 8/3 a step), below 1 where the work per task falls; from
     * the 1-worker runs when there are any (a 2-worker run's T1' is its trial's); none without two sizes.
     */
    @Test
    void workPerTaskGrowthIsTheRatioOfTheBases() {
        List<TrainingRun> runs = new java.util.ArrayList<>();
        for (int n = 10; n <= 12; n++) {
            double tasks = 7 * Math.pow(1.5, n);
            double serial = 3 * Math.pow(4, n);
            runs.add(new TrainingRun(n, 1, serial, serial, tasks, tasks, 0, 0, serial, 1e3));
            // a 2-worker run whose T1' (its trial's) would say otherwise is not read
            runs.add(new TrainingRun(n, 2, serial * n, serial, tasks, tasks, 0, 0, serial, 1e3));
        }
        assertThat(ExponentialBase.workPerTaskGrowth(runs).getAsDouble()).isCloseTo(4 / 1.5, within(1e-12));
        List<TrainingRun> shrinking = List.of(new TrainingRun(10, 1, 100, 100, 10, 10, 0, 0, 100, 1),
                new TrainingRun(11, 1, 180, 180, 20, 20, 0, 0, 180, 1));
        assertThat(ExponentialBase.workPerTaskGrowth(shrinking).getAsDouble()).isCloseTo(0.9, within(1e-12));
        assertThat(ExponentialBase.workPerTaskGrowth(List.of(shrinking.get(0)))).isEmpty();
        List<TrainingRun> noTasks = List.of(new TrainingRun(10, 1, 100, 100, 0, 0, 0, 0, 100, 1),
                new TrainingRun(11, 1, 180, 180, 0, 0, 0, 0, 180, 1));
        assertThat(ExponentialBase.workPerTaskGrowth(noTasks)).isEmpty();
    }
}
