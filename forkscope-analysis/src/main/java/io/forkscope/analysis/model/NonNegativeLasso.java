package io.forkscope.analysis.model;

/**
 * Non-negative L1-regularised least squares (the non-negative lasso) at one regularisation α,
 * the fitting step of the performance model (measures.md §7; the paper used scikit-learn's
 * LassoLarsCV with positive coefficients).
 *
 * <p><b>The problem solved.</b> With X (m rows × k columns) and y, each column X_j is scaled to
 * unit Euclidean norm, Z_j = X_j / ‖X_j‖, and y to v = y / ‖y‖; then
 * <pre>
 *   minimise over γ ≥ 0:   ½‖v − Zγ‖² + α·Σ γ_j + (ε/2)‖γ‖²,     β_j = ‖y‖ · γ_j / ‖X_j‖
 * </pre>
 * α is therefore dimensionless and comparable between data sets: it is at most 1 where any
 * coefficient is non-zero ({@link #alphaMax}: the largest correlation Z_jᵀv; above it β = 0). The
 * scaling is what lets a constant column stand beside n³ with n = 10⁵ (10¹⁵); with unit columns the
 * penalty treats every basis function alike, whatever its units. Nothing is centred: a constant
 * column is one more feature, non-negative like the others. An all-zero column gets coefficient 0.
 * ε = {@value #RIDGE} is a ridge term far below anything the data can show (columns have norm 1):
 * it makes the problem strictly convex, so the solution is unique even with exactly collinear
 * columns or fewer rows than columns, and every linear system below is non-singular.
 *
 * <p><b>The algorithm: an active set (Lawson–Hanson), not coordinate descent.</b> The model's
 * bases (1, n, n log n, n², n² log n, n³ over n = 1000…8000) are nearly collinear after scaling,
 * and coordinate descent converges on such columns at a rate set by their condition number, i.e.
 * not in any useful number of sweeps; the fitted coefficients are then extrapolated, which
 * amplifies what an unconverged fit leaves. The active-set method is exact up to rounding after a
 * finite number of steps: keep a passive set P of coefficients allowed to be positive (the others
 * are 0); add the one with the most negative gradient (w_j = Z_jᵀr − α − εγ_j &gt; tol, r = v − Zγ);
 * solve the problem unconstrained on P (a linear system: (Z_PᵀZ_P + εI)s = Z_Pᵀv − α·1); if some s_i
 * ≤ 0, move from γ towards s until the first coefficient reaches 0, drop it from P and solve again.
 * The system on P is solved by Householder QR of [Z_P; √ε·I] rather than by the normal equations,
 * which would square the columns' condition number: R s = Qᵀ[v; 0] − α·R⁻ᵀ1.
 */
public final class NonNegativeLasso {
    /** The ridge ε, relative to unit-norm columns. */
    static final double RIDGE = 1e-14;
    /** A coefficient enters only when its gradient exceeds this (v and the columns have norm 1). */
    private static final double TOLERANCE = 1e-12;

    private NonNegativeLasso() {
    }

    /**
     * The coefficients β ≥ 0 minimising the problem above for rows {@code x[i]} (all of one
     * length) and targets {@code y[i]}.
     *
     * @throws IllegalArgumentException for ragged rows, mismatched lengths, a negative α, or
     *         values that are not finite
     */
    public static double[] fit(double[][] x, double[] y, double alpha) {
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be finite and non-negative: " + alpha);
        }
        Scaled s = Scaled.of(x, y);
        double[] beta = new double[s.k];
        if (s.yNorm == 0) {
            return beta;
        }
        double[] gamma = solve(s.z, s.v, alpha);
        for (int j = 0; j < s.k; j++) {
            beta[j] = s.colNorm[j] == 0 ? 0 : s.yNorm * gamma[j] / s.colNorm[j];
        }
        return beta;
    }

    /** The smallest α at which every coefficient is 0: max(0, max_j Z_jᵀv); 0 when y is all zero. */
    public static double alphaMax(double[][] x, double[] y) {
        Scaled s = Scaled.of(x, y);
        double max = 0;
        if (s.yNorm == 0) {
            return 0;
        }
        for (int j = 0; j < s.k; j++) {
            if (s.colNorm[j] > 0) {
                max = Math.max(max, dot(s.z[j], s.v));
            }
        }
        return max;
    }

    /** x·β for one row. */
    public static double predict(double[] row, double[] beta) {
        double sum = 0;
        for (int j = 0; j < beta.length; j++) {
            sum += row[j] * beta[j];
        }
        return sum;
    }

    /** The active-set solution γ ≥ 0 on unit columns {@code z[j]} (null for an all-zero column). */
    static double[] solve(double[][] z, double[] v, double alpha) {
        int k = z.length;
        double[] gamma = new double[k];
        boolean[] passive = new boolean[k];
        // a coefficient whose entry failed (its solved value was not positive, which only rounding
        // can cause) is not offered again until another enters: without this the loop could cycle
        boolean[] blocked = new boolean[k];
        double[] r = v.clone();
        for (int round = 0; round < 20 * (k + 1); round++) {
            int enter = -1;
            double best = TOLERANCE;
            for (int j = 0; j < k; j++) {
                if (z[j] != null && !passive[j] && !blocked[j]) {
                    double w = dot(z[j], r) - alpha;
                    if (w > best) {
                        best = w;
                        enter = j;
                    }
                }
            }
            if (enter < 0) {
                break;
            }
            passive[enter] = true;
            // each pass that does not end the loop drops at least one coefficient from P
            for (int pass = 0; pass <= k; pass++) {
                int[] p = indices(passive);
                if (p.length == 0) {
                    break;
                }
                double[] s = solvePassive(z, v, p, alpha);
                int first = -1;
                double step = 1;
                for (int c = 0; c < p.length; c++) {
                    if (s[c] <= 0) {
                        double g = gamma[p[c]];
                        double t = g / (g - s[c]);
                        if (first < 0 || t < step) {
                            step = t;
                            first = p[c];
                        }
                    }
                }
                if (first < 0) {
                    for (int c = 0; c < p.length; c++) {
                        gamma[p[c]] = s[c];
                    }
                    break;
                }
                for (int c = 0; c < p.length; c++) {
                    gamma[p[c]] += step * (s[c] - gamma[p[c]]);
                }
                gamma[first] = 0;
                for (int c : p) {
                    if (gamma[c] <= 0) {
                        gamma[c] = 0;
                        passive[c] = false;
                    }
                }
            }
            if (passive[enter]) {
                java.util.Arrays.fill(blocked, false);
            } else {
                blocked[enter] = true;
            }
            residual(z, v, gamma, r);
        }
        return gamma;
    }

    /** The unconstrained minimiser on the columns {@code p}: R s = Qᵀ[v; 0] − α·R⁻ᵀ1. */
    private static double[] solvePassive(double[][] z, double[] v, int[] p, double alpha) {
        int m = v.length;
        int q = p.length;
        int rows = m + q;
        double[][] a = new double[q][rows];        // column-major: a[c] is column c of [Z_P; √ε·I]
        for (int c = 0; c < q; c++) {
            System.arraycopy(z[p[c]], 0, a[c], 0, m);
            a[c][m + c] = Math.sqrt(RIDGE);
        }
        double[] b = new double[rows];
        System.arraycopy(v, 0, b, 0, m);
        double[] diag = new double[q];
        // Householder QR, applied to b as it goes: afterwards R is on and above a's diagonal
        for (int c = 0; c < q; c++) {
            double norm = 0;
            for (int i = c; i < rows; i++) {
                norm = Math.hypot(norm, a[c][i]);
            }
            double alphaH = a[c][c] > 0 ? -norm : norm;
            double[] u = new double[rows];
            for (int i = c; i < rows; i++) {
                u[i] = a[c][i];
            }
            u[c] -= alphaH;
            double uu = 0;
            for (int i = c; i < rows; i++) {
                uu += u[i] * u[i];
            }
            if (uu > 0) {
                for (int d = c; d < q; d++) {
                    reflect(u, uu, a[d], c, rows);
                }
                reflect(u, uu, b, c, rows);
            }
            diag[c] = a[c][c];
        }
        // Rᵀu = 1 (forward), then R s = (Qᵀb)[0..q) − α·u (backward); R[i][c] = a[c][i] for i ≤ c
        double[] w = new double[q];
        for (int i = 0; i < q; i++) {
            double sum = 1;
            for (int c = 0; c < i; c++) {
                sum -= a[i][c] * w[c];
            }
            w[i] = sum / diag[i];
        }
        double[] s = new double[q];
        for (int i = q - 1; i >= 0; i--) {
            double sum = b[i] - alpha * w[i];
            for (int c = i + 1; c < q; c++) {
                sum -= a[c][i] * s[c];
            }
            s[i] = sum / diag[i];
        }
        return s;
    }

    private static void reflect(double[] u, double uu, double[] col, int from, int rows) {
        double d = 0;
        for (int i = from; i < rows; i++) {
            d += u[i] * col[i];
        }
        double f = 2 * d / uu;
        for (int i = from; i < rows; i++) {
            col[i] -= f * u[i];
        }
    }

    private static void residual(double[][] z, double[] v, double[] gamma, double[] r) {
        System.arraycopy(v, 0, r, 0, v.length);
        for (int j = 0; j < z.length; j++) {
            if (gamma[j] != 0) {
                for (int i = 0; i < r.length; i++) {
                    r[i] -= gamma[j] * z[j][i];
                }
            }
        }
    }

    private static int[] indices(boolean[] set) {
        int n = 0;
        for (boolean b : set) {
            n += b ? 1 : 0;
        }
        int[] out = new int[n];
        for (int j = 0, c = 0; j < set.length; j++) {
            if (set[j]) {
                out[c++] = j;
            }
        }
        return out;
    }

    static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    /** Euclidean norm, scaled first so that 10¹⁵-sized entries do not overflow their squares. */
    static double norm(double[] a) {
        double max = 0;
        for (double e : a) {
            max = Math.max(max, Math.abs(e));
        }
        if (max == 0) {
            return 0;
        }
        double sum = 0;
        for (double e : a) {
            double t = e / max;
            sum += t * t;
        }
        return max * Math.sqrt(sum);
    }

    /** The columns scaled to unit norm (null where all zero) and y to unit norm (unless all zero). */
    private record Scaled(int k, double[][] z, double[] colNorm, double[] v, double yNorm) {
        static Scaled of(double[][] x, double[] y) {
            int m = y.length;
            if (x.length != m) {
                throw new IllegalArgumentException(x.length + " rows but " + m + " targets");
            }
            int k = m == 0 ? 0 : x[0].length;
            double[][] z = new double[k][];
            double[] colNorm = new double[k];
            for (int i = 0; i < m; i++) {
                if (x[i].length != k) {
                    throw new IllegalArgumentException("row " + i + " has " + x[i].length + " columns, not " + k);
                }
                if (!Double.isFinite(y[i])) {
                    throw new IllegalArgumentException("target " + i + " is " + y[i]);
                }
                for (int j = 0; j < k; j++) {
                    if (!Double.isFinite(x[i][j])) {
                        throw new IllegalArgumentException("row " + i + ", column " + j + " is " + x[i][j]);
                    }
                }
            }
            for (int j = 0; j < k; j++) {
                double[] col = new double[m];
                for (int i = 0; i < m; i++) {
                    col[i] = x[i][j];
                }
                double n = norm(col);
                colNorm[j] = n;
                if (n > 0) {
                    for (int i = 0; i < m; i++) {
                        col[i] /= n;
                    }
                    z[j] = col;
                }
            }
            double yNorm = norm(y);
            double[] v = new double[m];
            for (int i = 0; i < m; i++) {
                v[i] = yNorm == 0 ? 0 : y[i] / yNorm;
            }
            return new Scaled(k, z, colNorm, v, yNorm);
        }
    }
}
