package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The non-negative lasso and its cross-validation against problems whose solution is known: data
 * generated from known non-negative coefficients (recovered), a hand-solved one-column problem
 * (the soft threshold), and degenerate inputs whose right answer is still clear.
 */
class NonNegativeLassoTest {

    /** m rows of k columns, uniform in [0, 1). */
    static double[][] randomDesign(Random rnd, int m, int k) {
        double[][] x = new double[m][k];
        for (double[] row : x) {
            for (int j = 0; j < k; j++) {
                row[j] = rnd.nextDouble();
            }
        }
        return x;
    }

    static double[] times(double[][] x, double[] beta) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = NonNegativeLasso.predict(x[i], beta);
        }
        return y;
    }

    @Test
    void oneColumnIsTheSoftThresholdWorkedOutByHand() {
        // x = (3, 4): ‖x‖ = 5, z = (0.6, 0.8); y = (6, 8) = 2x: ‖y‖ = 10, v = z, zᵀv = 1.
        // ½‖v − zγ‖² + αγ is least at γ = 1 − α (ridge aside): β = ‖y‖·γ/‖x‖ = 2(1 − α)
        double[][] x = {{3}, {4}};
        double[] y = {6, 8};
        assertThat(NonNegativeLasso.fit(x, y, 0.25)[0]).isCloseTo(1.5, within(1e-9));
        assertThat(NonNegativeLasso.alphaMax(x, y)).isCloseTo(1, within(1e-15));
        assertThat(NonNegativeLasso.fit(x, y, 1.0)[0]).isZero();
        // y = −x: no non-negative coefficient helps
        assertThat(NonNegativeLasso.fit(x, new double[] {-6, -8}, 0)[0]).isZero();
        assertThat(NonNegativeLasso.alphaMax(x, new double[] {-6, -8})).isZero();
    }

    @Test
    void exactDataRecoversTheCoefficientsNearlyExactly() {
        Random rnd = new Random(7);
        double[][] x = randomDesign(rnd, 40, 6);
        double[] truth = {3, 0, 0.5, 12, 0, 1e-3};
        double[] beta = CrossValidatedLasso.fit(x, times(x, truth)).coefficients();
        // the smallest α biases by about 1e-8 of y's scale; the ridge by far less
        for (int j = 0; j < truth.length; j++) {
            assertThat(beta[j]).as("β%d", j + 1).isCloseTo(truth[j], within(1e-6));
        }
    }

    /**
     * Folds grouped by n: exact data are recovered as with row-wise folds; a single group leaves nothing
     * to hold out (the path's smallest α, as with one row); groups and rows must match.
     */
    @Test
    void groupedFoldsHoldOutWholeGroups() {
        Random rnd = new Random(7);
        double[][] x = randomDesign(rnd, 40, 6);
        double[] truth = {3, 0, 0.5, 12, 0, 1e-3};
        double[] group = new double[40];
        for (int i = 0; i < 40; i++) {
            group[i] = i / 4;                       // ten groups of four rows, as ten n with four runs each
        }
        double[] beta = CrossValidatedLasso.fitGrouped(x, times(x, truth), group).coefficients();
        for (int j = 0; j < truth.length; j++) {
            assertThat(beta[j]).as("β%d", j + 1).isCloseTo(truth[j], within(1e-6));
        }
        double[] y = times(x, truth);
        for (int i = 0; i < y.length; i++) {
            y[i] += rnd.nextGaussian();
        }
        CrossValidatedLasso.Result one = CrossValidatedLasso.fitGrouped(x, y, new double[40]);
        assertThat(one.alpha()).isEqualTo(one.alphas()[one.alphas().length - 1]);
        assertThat(one.score()).containsOnly(Double.NaN);
        assertThatThrownBy(() -> CrossValidatedLasso.fitGrouped(x, y, new double[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Why the folds are grouped: y = n exactly at n = 1 … 4, each n twice with a little noise, and the
     * bases n and n³. Row-wise folds leave each n's twin in training and score interpolation, which
     * the n³ column does nearly as well; held out by n, the n³ fit of the end sizes is an
     * extrapolation, so the grouped fit extrapolates to n = 16 within 5% (the n³ basis, used, would put
     * it far off).
     */
    @Test
    void groupedFoldsPreferTheBasisThatExtrapolates() {
        double[] ns = {1, 1, 2, 2, 3, 3, 4, 4};
        double[] noise = {0.02, -0.02, 0.03, -0.01, -0.02, 0.02, 0.01, -0.03};
        double[][] x = new double[ns.length][];
        double[] y = new double[ns.length];
        for (int i = 0; i < ns.length; i++) {
            x[i] = new double[] {ns[i], ns[i] * ns[i] * ns[i]};
            y[i] = ns[i] + noise[i];
        }
        double[] beta = CrossValidatedLasso.fitGrouped(x, y, ns).coefficients();
        double at16 = beta[0] * 16 + beta[1] * 4096;
        assertThat(Math.abs(at16 - 16) / 16).isLessThan(0.05);
    }

    @Test
    void noiseFreeDataPicksTheSmallestAlphaOnThePath() {
        Random rnd = new Random(11);
        double[][] x = randomDesign(rnd, 30, 4);
        CrossValidatedLasso.Result r = CrossValidatedLasso.fit(x, times(x, new double[] {1, 2, 0, 4}));
        double[] alphas = r.alphas();
        // every held-out error shrinks with α here, so CV goes down to (or next to) the path's end
        assertThat(r.alpha()).isLessThanOrEqualTo(alphas[alphas.length - 3]);
        assertThat(r.alpha()).isLessThan(1e-6 * alphas[0]);
    }

    @Test
    void noisyDataWithinTheNoisesStandardError() {
        // y = Xβ + e, e ~ N(0, σ²), σ = 0.01, 400 rows, 5 columns uniform in [0,1): least squares'
        // standard error per coefficient is about σ/√(m·Var(x)) ≈ 0.01/√(400/12) ≈ 0.0017 for the
        // centred part, a few times that with the intercept-like mean of uniform columns; 0.05 is
        // > 10 standard errors, while shrinkage at a CV α is smaller still
        Random rnd = new Random(3);
        double[][] x = randomDesign(rnd, 400, 5);
        double[] truth = {2, 0, 1, 0.5, 0};
        double[] y = times(x, truth);
        for (int i = 0; i < y.length; i++) {
            y[i] += 0.01 * rnd.nextGaussian();
        }
        double[] beta = CrossValidatedLasso.fit(x, y).coefficients();
        for (int j = 0; j < truth.length; j++) {
            assertThat(beta[j]).as("β%d", j + 1).isCloseTo(truth[j], within(0.05));
        }
    }

    @Test
    void pureNoiseColumnsAreZeroedAndPureNoiseTargetGivesTheMeanOnly() {
        Random rnd = new Random(5);
        int m = 200;
        double[][] x = new double[m][4];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            // column 0 is the constant; 1..3 are noise, centred so they cannot stand in for the constant
            x[i] = new double[] {1, rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
            y[i] = 5 + 0.1 * rnd.nextGaussian();
        }
        CrossValidatedLasso.Result r = CrossValidatedLasso.fit(x, y);
        double[] beta = r.coefficients();
        assertThat(beta[0]).isCloseTo(5, within(0.03));   // 5 standard errors of the mean 0.1/√200
        // a noise column can enter by chance; its size is then at the noise's standard error (0.007)
        for (int j = 1; j < 4; j++) {
            assertThat(beta[j]).isBetween(0.0, 0.03);
        }
        assertThat(r.alpha()).isGreaterThan(1e-6 * r.alphas()[0]);
    }

    @Test
    void irrelevantColumnsAreZeroedOnNoisyData() {
        // y depends on columns 0 and 1 only; columns 2..5 are independent and irrelevant
        Random rnd = new Random(13);
        int m = 300;
        double[][] x = new double[m][6];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < 6; j++) {
                x[i][j] = rnd.nextGaussian();
            }
            y[i] = 3 * x[i][0] + 2 * x[i][1] + 0.05 * rnd.nextGaussian();
        }
        double[] beta = CrossValidatedLasso.fit(x, y).coefficients();
        assertThat(beta[0]).isCloseTo(3, within(0.02));
        assertThat(beta[1]).isCloseTo(2, within(0.02));
        for (int j = 2; j < 6; j++) {
            assertThat(beta[j]).as("irrelevant β%d", j + 1).isLessThan(0.02);
        }
    }

    @Test
    void allZeroColumnsGetZeroAndDoNotDisturbTheOthers() {
        Random rnd = new Random(17);
        double[][] x = randomDesign(rnd, 20, 4);
        for (double[] row : x) {
            row[1] = 0;
            row[3] = 0;
        }
        double[] beta = CrossValidatedLasso.fit(x, times(x, new double[] {2, 9, 3, 9})).coefficients();
        assertThat(beta).containsExactly(new double[] {2, 0, 3, 0}, within(1e-6));
    }

    @Test
    void exactlyCollinearColumnsStillPredictRight() {
        // column 2 = column 0 + column 1, column 3 = 10 × column 0, column 4 = column 1: the
        // coefficients are not identifiable, the predictions are
        Random rnd = new Random(19);
        double[][] base = randomDesign(rnd, 25, 2);
        double[][] x = new double[25][];
        for (int i = 0; i < 25; i++) {
            double a = base[i][0];
            double b = base[i][1];
            x[i] = new double[] {a, b, a + b, 10 * a, b};
        }
        double[] y = new double[25];
        for (int i = 0; i < 25; i++) {
            y[i] = 4 * base[i][0] + 1 * base[i][1];
        }
        double[] beta = CrossValidatedLasso.fit(x, y).coefficients();
        for (double b : beta) {
            assertThat(b).isFinite().isGreaterThanOrEqualTo(0);
        }
        for (int i = 0; i < 25; i++) {
            assertThat(NonNegativeLasso.predict(x[i], beta)).isCloseTo(y[i], within(1e-6));
        }
        // beyond the rows too: the identity between the columns holds everywhere
        double[] far = {7, 3, 10, 70, 3};
        assertThat(NonNegativeLasso.predict(far, beta)).isCloseTo(4 * 7 + 3, within(1e-5));
    }

    @Test
    void fewerRowsThanColumns() {
        Random rnd = new Random(23);
        double[][] x = randomDesign(rnd, 4, 10);
        double[] y = times(x, new double[] {0, 0, 5, 0, 0, 0, 0, 1, 0, 0});
        double[] beta = CrossValidatedLasso.fit(x, y).coefficients();
        for (double b : beta) {
            assertThat(b).isFinite().isGreaterThanOrEqualTo(0);
        }
        // 4 rows fix at most 4 coefficients: the fit need not be the truth, but it fits the rows
        // it was refitted on, to the small α's bias
        for (int i = 0; i < 4; i++) {
            assertThat(NonNegativeLasso.predict(x[i], beta)).isCloseTo(y[i], within(1e-4 * y[i]));
        }
    }

    @Test
    void constantTargetIsTheConstantColumnAlone() {
        double[][] x = new double[12][];
        double[] y = new double[12];
        for (int i = 0; i < 12; i++) {
            double n = 1000 * (i + 1);
            x[i] = new double[] {1, n, n * n};
            y[i] = 42;
        }
        double[] beta = CrossValidatedLasso.fit(x, y).coefficients();
        assertThat(beta[0]).isCloseTo(42, within(1e-5));
        assertThat(beta[1] * 12000).isCloseTo(0, within(1e-5));
        assertThat(beta[2] * 12000 * 12000).isCloseTo(0, within(1e-5));
    }

    @Test
    void zeroTargetAndNoRowsGiveZeroCoefficients() {
        double[][] x = {{1, 2}, {3, 4}, {5, 6}};
        assertThat(CrossValidatedLasso.fit(x, new double[3]).coefficients()).containsExactly(0, 0);
        assertThat(NonNegativeLasso.fit(x, new double[3], 0)).containsExactly(0, 0);
        assertThat(NonNegativeLasso.fit(new double[0][], new double[0], 0.1)).isEmpty();
        // one row: nothing to hold out, the smallest α is used
        CrossValidatedLasso.Result one = CrossValidatedLasso.fit(new double[][] {{2}}, new double[] {6});
        assertThat(one.coefficients()[0]).isCloseTo(3, within(1e-6));
    }

    @Test
    void aConstantBesideNCubedAtTenToTheFive() {
        // n³ reaches 10¹⁵ beside a constant of 1: scaled columns keep both exact
        double[][] x = new double[10][];
        double[] y = new double[10];
        for (int i = 0; i < 10; i++) {
            double n = 10_000 * (i + 1);
            x[i] = new double[] {1, n, n * n * n};
            y[i] = 5e6 + 2e-9 * n * n * n;
        }
        double[] beta = CrossValidatedLasso.fit(x, y).coefficients();
        assertThat(beta[0]).isCloseTo(5e6, within(5e6 * 1e-6));
        assertThat(beta[1] * 1e5).isCloseTo(0, within(1e-6 * y[9]));
        assertThat(beta[2]).isCloseTo(2e-9, within(2e-9 * 1e-6));
        // and tiny values: the same problem in seconds instead of nanoseconds
        double[] ySeconds = new double[10];
        for (int i = 0; i < 10; i++) {
            ySeconds[i] = y[i] * 1e-9;
        }
        double[] small = CrossValidatedLasso.fit(x, ySeconds).coefficients();
        for (int j = 0; j < 3; j++) {
            assertThat(small[j]).isCloseTo(beta[j] * 1e-9, within(Math.abs(beta[j]) * 1e-9 * 1e-9 + 1e-30));
        }
    }
}
