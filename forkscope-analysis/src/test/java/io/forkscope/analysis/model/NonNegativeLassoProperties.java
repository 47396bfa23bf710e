package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The lasso against oracles that do not share its algorithm: the optimality (KKT) conditions of
 * the convex problem, which characterise its unique minimiser, and data generated from known
 * coefficients.
 */
class NonNegativeLassoProperties {

    /**
     * On any data, including zero columns, exact copies, scaled copies and sums of other columns,
     * columns from 10⁻⁶ to 10¹² in size and fewer rows than columns, at any α: with the columns
     * and y scaled to unit norm (Z, v) and r = v − Zγ, every γ_j &gt; 0 has Z_jᵀr − α − εγ_j = 0 and
     * every γ_j = 0 has Z_jᵀr − α ≤ 0. Tolerance 10⁻⁸ on quantities of size ≤ 1: the QR solve on
     * [Z_P; √ε·I] (condition ≤ √k/√ε ≈ 3·10⁷) leaves a gradient error of about 10⁻¹⁶ × that.
     */
    @Property(tries = 300)
    void theSolutionSatisfiesTheOptimalityConditions(@ForAll long seed, @ForAll @IntRange(min = 1, max = 25) int m,
                                                     @ForAll @IntRange(min = 1, max = 8) int k) {
        Random rnd = new Random(seed);
        double[][] x = awkwardDesign(rnd, m, k);
        double[] y = new double[m];
        double[] truth = new double[k];
        for (int j = 0; j < k; j++) {
            truth[j] = rnd.nextBoolean() ? 0 : rnd.nextDouble();
        }
        double noise = rnd.nextInt(3) == 0 ? 0 : Math.pow(10, -3 + 3 * rnd.nextDouble());
        for (int i = 0; i < m; i++) {
            y[i] = NonNegativeLasso.predict(x[i], truth) / Math.max(1e-300, maxAbs(x)) + noise * rnd.nextGaussian();
        }
        double alpha = rnd.nextInt(5) == 0 ? 0 : NonNegativeLasso.alphaMax(x, y) * 1.1 * rnd.nextDouble();
        double[] beta = NonNegativeLasso.fit(x, y, alpha);

        double yNorm = NonNegativeLasso.norm(y);
        for (int j = 0; j < k; j++) {
            assertThat(beta[j]).isFinite().isGreaterThanOrEqualTo(0);
        }
        if (yNorm == 0) {
            assertThat(beta).containsOnly(0);
            return;
        }
        double[] r = new double[m];
        for (int i = 0; i < m; i++) {
            r[i] = (y[i] - NonNegativeLasso.predict(x[i], beta)) / yNorm;
        }
        for (int j = 0; j < k; j++) {
            double[] col = column(x, j);
            double norm = NonNegativeLasso.norm(col);
            if (norm == 0) {
                assertThat(beta[j]).as("zero column %d", j).isZero();
                continue;
            }
            double gamma = beta[j] * norm / yNorm;
            double g = NonNegativeLasso.dot(col, r) / norm - alpha - NonNegativeLasso.RIDGE * gamma;
            if (gamma > 0) {
                assertThat(Math.abs(g)).as("gradient of active γ%d = %s", j, gamma).isLessThan(1e-8);
            } else {
                assertThat(g).as("gradient of inactive γ%d", j).isLessThan(1e-8);
            }
        }
    }

    /**
     * y = Xβ exactly, β sparse and non-negative, X random with at least k + 3 rows: the
     * cross-validated fit predicts y on new rows to 10⁻⁵ of y's size. What is left is the smallest
     * α's shrinkage (10⁻⁸ of alphaMax), amplified by the conditioning of a random m × k design
     * (at worst a few 10²) and spread over k ≤ 8 coefficients.
     */
    @Property(tries = 300)
    void exactSparseCoefficientsAreRecovered(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
                                             @ForAll @IntRange(min = 3, max = 30) int extraRows) {
        Random rnd = new Random(seed);
        int m = k + extraRows;
        double[][] x = NonNegativeLassoTest.randomDesign(rnd, m, k);
        double[] truth = new double[k];
        for (int j = 0; j < k; j++) {
            truth[j] = rnd.nextInt(5) < 2 ? 0 : 0.1 + 10 * rnd.nextDouble();
        }
        double[] y = NonNegativeLassoTest.times(x, truth);
        double[] beta = CrossValidatedLasso.fit(x, y).coefficients();
        double scale = 0;
        for (double t : truth) {
            scale += t;
        }
        double[][] fresh = NonNegativeLassoTest.randomDesign(rnd, 20, k);
        for (double[] row : fresh) {
            assertThat(NonNegativeLasso.predict(row, beta))
                    .isCloseTo(NonNegativeLasso.predict(row, truth), org.assertj.core.api.Assertions.within(1e-5 * (scale + 1)));
        }
    }

    /** Columns of every awkward kind, each scaled by 10^u, u uniform in [−6, 12]. */
    static double[][] awkwardDesign(Random rnd, int m, int k) {
        double[][] cols = new double[k][m];
        for (int j = 0; j < k; j++) {
            int kind = j == 0 ? 1 + rnd.nextInt(2) : rnd.nextInt(6);
            for (int i = 0; i < m; i++) {
                cols[j][i] = switch (kind) {
                    case 0 -> 0;                                              // all zero
                    case 1 -> rnd.nextDouble();                               // random
                    case 2 -> 1;                                              // constant
                    case 3 -> cols[rnd.nextInt(j)][i];                        // a copy (drawn per row: a mix)
                    case 4 -> 0;                                              // filled below
                    default -> rnd.nextGaussian();
                };
            }
            if (kind == 3) {
                // an exact scaled copy of one earlier column
                int src = rnd.nextInt(j);
                for (int i = 0; i < m; i++) {
                    cols[j][i] = 3 * cols[src][i];
                }
            } else if (kind == 4) {
                // the sum of two earlier columns
                int a = rnd.nextInt(j);
                int b = rnd.nextInt(j);
                for (int i = 0; i < m; i++) {
                    cols[j][i] = cols[a][i] + cols[b][i];
                }
            }
            double scale = Math.pow(10, -6 + 18 * rnd.nextDouble());
            for (int i = 0; i < m; i++) {
                cols[j][i] *= scale;
            }
        }
        double[][] x = new double[m][k];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                x[i][j] = cols[j][i];
            }
        }
        return x;
    }

    static double[] column(double[][] x, int j) {
        double[] c = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            c[i] = x[i][j];
        }
        return c;
    }

    static double maxAbs(double[][] x) {
        double max = 0;
        for (double[] row : x) {
            for (double v : row) {
                max = Math.max(max, Math.abs(v));
            }
        }
        return max;
    }
}
