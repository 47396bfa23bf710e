package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Forward chaining ({@link CrossValidatedLasso#fitForward}): each candidate set of bases (a support of
 * the lasso path) is fitted without the penalty on the smaller sizes and scored by its relative error on
 * the next larger one; checked against scores worked out by hand, exact data, the choice between a basis
 * that extrapolates and one that only fits, and degenerate inputs.
 */
class ForwardValidationTest {

    /**
     * One column x = n at n = 1, 2, 3, y = (1, 2, 6). The path's first α (alphaMax) keeps no basis: it
     * predicts 0, a relative error of exactly 1. Every other α keeps the column; the only fold fits it
     * unpenalised on n = 1, 2 (β = 1, the ridge aside, 10⁻¹⁴) and predicts 3 against 6: ½. The sparsest
     * support within 10% of the best is the column, refitted on all rows: β = Σxy / Σx² = 23/14. With
     * the scale of that row 12 instead of y, both halve.
     */
    @Test
    void theScoreIsTheHeldOutRelativeErrorWorkedOutByHand() {
        double[][] x = {{1}, {2}, {3}};
        double[] y = {1, 2, 6};
        double[] group = {1, 2, 3};
        CrossValidatedLasso.Result r = CrossValidatedLasso.fitForward(x, y, group, y);
        assertThat(r.score()[0]).isEqualTo(1);
        for (int a = 1; a < r.alphas().length; a++) {
            assertThat(r.score()[a]).isCloseTo(0.5, within(1e-12));
        }
        assertThat(r.alpha()).isEqualTo(r.alphas()[1]);
        assertThat(r.coefficients()[0]).isCloseTo(23.0 / 14, within(1e-12));
        CrossValidatedLasso.Result half = CrossValidatedLasso.fitForward(x, y, group, new double[] {1, 2, 12});
        assertThat(half.score()[0]).isEqualTo(0.5);
        assertThat(half.score()[1]).isCloseTo(0.25, within(1e-12));
    }

    /**
     * Every fold counts by its relative error, not by its size: one column x = n at n = 1 … 4, y = n
     * except at n = 4, where it is 10× that (a time 10× larger). Fold 1 fits n = 1, 2 (β = 1) and
     * predicts 3 against 3: error 0; fold 2 fits n = 1 … 3 (β = 1 again) and predicts 4 against 40:
     * error 0.9. The column's score is their mean, 0.45, where a squared error would be fold 2's alone.
     */
    @Test
    void eachFoldWeighsByItsRelativeErrorWhateverItsSize() {
        double[][] x = {{1}, {2}, {3}, {4}};
        double[] y = {1, 2, 3, 40};
        double[] group = {1, 2, 3, 4};
        CrossValidatedLasso.Result r = CrossValidatedLasso.fitForward(x, y, group, y);
        assertThat(r.score()[0]).isEqualTo(1);
        for (int a = 1; a < r.alphas().length; a++) {
            assertThat(r.score()[a]).isCloseTo(0.45, within(1e-12));
        }
    }

    /**
     * Forward chaining chooses bases, refitted without the penalty: on y = 3n exactly, with the columns n
     * and n² at n = 1 … 5, the support {n} is kept and its coefficient is 3 to rounding, where the lasso at
     * the chosen α would have shrunk it.
     */
    @Test
    void theChosenBasesAreRefittedWithoutThePenalty() {
        double[][] x = new double[5][];
        double[] y = new double[5];
        double[] group = new double[5];
        for (int i = 0; i < 5; i++) {
            double n = i + 1;
            x[i] = new double[] {n, n * n};
            y[i] = 3 * n;
            group[i] = n;
        }
        CrossValidatedLasso.Result r = CrossValidatedLasso.fitForward(x, y, group, y);
        assertThat(r.coefficients()[0]).isCloseTo(3, within(1e-9));
        assertThat(r.coefficients()[1]).isZero();
        assertThat(NonNegativeLasso.fit(x, y, r.alpha())[0]).isLessThan(3 - 1e-3);
    }

    /**
     * A support that no fold's training rows determine is no candidate: with three sizes the only fold
     * fits two, which cannot tell three bases apart; y = 1 + n + n² exactly is then fitted by at most
     * two of 1, n, n² (and the rank of each fold's columns is what decides: {@link CrossValidatedLasso#rank}).
     */
    @Test
    void supportsTheFoldsCannotDetermineAreNoCandidates() {
        double[][] x = new double[3][];
        double[] y = new double[3];
        double[] group = new double[3];
        for (int i = 0; i < 3; i++) {
            double n = i + 1;
            x[i] = new double[] {1, n, n * n};
            y[i] = 1 + n + n * n;
            group[i] = n;
        }
        double[] beta = CrossValidatedLasso.fitForward(x, y, group, y).coefficients();
        assertThat(java.util.Arrays.stream(beta).filter(v -> v > 0).count()).isLessThanOrEqualTo(2);
        assertThat(CrossValidatedLasso.rank(x, new int[] {0, 1, 2})).isEqualTo(3);
        assertThat(CrossValidatedLasso.rank(new double[][] {x[0], x[1]}, new int[] {0, 1, 2})).isEqualTo(2);
        assertThat(CrossValidatedLasso.rank(new double[][] {{1, 2, 0}, {2, 4, 0}}, new int[] {0, 1, 2})).isEqualTo(1);
    }

    @Test
    void exactDataAreRecovered() {
        Random rnd = new Random(7);
        double[][] x = NonNegativeLassoTest.randomDesign(rnd, 40, 6);
        double[] truth = {3, 0, 0.5, 12, 0, 1e-3};
        double[] y = NonNegativeLassoTest.times(x, truth);
        double[] group = new double[40];
        for (int i = 0; i < 40; i++) {
            group[i] = i / 4;
        }
        double[] beta = CrossValidatedLasso.fitForward(x, y, group, y).coefficients();
        for (int j = 0; j < truth.length; j++) {
            assertThat(beta[j]).as("β%d", j + 1).isCloseTo(truth[j], within(1e-6));
        }
    }

    /**
     * y = n exactly at n = 1 … 5, each n twice with a little noise, and the bases n and n³ (n³ fits the
     * noise at the trained sizes a little better): fitted on the smaller sizes, n³'s share explodes at the
     * next one, so forward chaining keeps it out, and the fit extrapolates to n = 16 within 5%.
     */
    @Test
    void theBasisThatExtrapolatesIsPreferredToOneThatOnlyFits() {
        double[] ns = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5};
        double[] noise = {0.02, -0.02, 0.03, -0.01, -0.02, 0.02, 0.01, -0.03, 0.04, 0.02};
        double[][] x = new double[ns.length][];
        double[] y = new double[ns.length];
        for (int i = 0; i < ns.length; i++) {
            x[i] = new double[] {ns[i], ns[i] * ns[i] * ns[i]};
            y[i] = ns[i] + noise[i];
        }
        double[] beta = CrossValidatedLasso.fitForward(x, y, ns, y).coefficients();
        double at16 = beta[0] * 16 + beta[1] * 4096;
        assertThat(Math.abs(at16 - 16) / 16).isLessThan(0.05);
    }

    @Test
    void fewerThanThreeSizesAreLeftToLeaveOneOut() {
        Random rnd = new Random(3);
        double[][] x = NonNegativeLassoTest.randomDesign(rnd, 12, 3);
        double[] y = new double[12];
        double[] group = new double[12];
        for (int i = 0; i < 12; i++) {
            y[i] = x[i][0] + 2 * x[i][2] + 0.1 * rnd.nextGaussian();
            group[i] = i % 2;
        }
        CrossValidatedLasso.Result forward = CrossValidatedLasso.fitForward(x, y, group, y);
        CrossValidatedLasso.Result grouped = CrossValidatedLasso.fitGrouped(x, y, group);
        assertThat(forward.coefficients()).isEqualTo(grouped.coefficients());
        assertThat(forward.alpha()).isEqualTo(grouped.alpha());
        // one size: nothing held out, the smallest α
        CrossValidatedLasso.Result one = CrossValidatedLasso.fitForward(x, y, new double[12], y);
        assertThat(one.alpha()).isEqualTo(one.alphas()[one.alphas().length - 1]);
        assertThatThrownBy(() -> CrossValidatedLasso.fitForward(x, y, new double[3], y))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Rows whose scale is 0 (no-work at p = 1) are not scored, and sizes without a scored row make no
     * fold: with all scales 0 there is none, and α is chosen as by leave-one-n-out. An all-zero target,
     * or columns that are all zero or exact copies of each other, do not break it.
     */
    @Test
    void degenerateInputsDoNotBreakIt() {
        double[][] x = {{1, 1, 0}, {2, 2, 0}, {3, 3, 0}, {4, 4, 0}};
        double[] group = {1, 2, 3, 4};
        double[] y = {2, 4, 6, 8};
        CrossValidatedLasso.Result r = CrossValidatedLasso.fitForward(x, y, group, y);
        double[] beta = r.coefficients();
        assertThat(beta[0] + beta[1]).isCloseTo(2, within(1e-6));  // collinear twins: any split predicts alike
        assertThat(beta[0]).isGreaterThanOrEqualTo(0);
        assertThat(beta[1]).isGreaterThanOrEqualTo(0);
        assertThat(beta[2]).isZero();
        CrossValidatedLasso.Result unscored = CrossValidatedLasso.fitForward(x, y, group, new double[4]);
        CrossValidatedLasso.Result grouped = CrossValidatedLasso.fitGrouped(x, y, group);
        assertThat(unscored.coefficients()).isEqualTo(grouped.coefficients());
        assertThat(unscored.score()).isEqualTo(grouped.score());
        assertThat(CrossValidatedLasso.fitForward(x, new double[4], group, new double[4]).coefficients())
                .containsOnly(0.0);
    }
}
