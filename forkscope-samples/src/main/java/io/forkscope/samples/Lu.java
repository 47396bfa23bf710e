package io.forkscope.samples;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * <b>lu</b> — recursive dense LU decomposition without pivoting (Cilk-5 lu, Cilkprof's benchmark
 * table).
 *
 * <p>For a block [[A00, A01], [A10, A11]]: factor A00 = L00·U00; then in parallel
 * A01 := L00⁻¹·A01 and A10 := A10·U00⁻¹ (triangular solves); then A11 −= A10·A01 (the Schur
 * complement, a recursive multiply-subtract); then factor A11. The solves and the Schur update
 * are themselves recursive over quadrants. Blocks of at most cutoff rows use plain loops. The
 * matrix is diagonally dominant, so no pivoting is needed.
 *
 * <p>DAG: nested fork/join, all with {@code invokeAll}: the factorisation is a serial chain
 * (factor, solves, update, factor) whose steps fork internally — the solves in 3 rounds of 2 tasks,
 * the Schur update in 2 rounds of 4. Work Θ(n³); span Θ(n log n)-ish plus base cases, so
 * parallelism grows roughly as n² / log n.
 *
 * <p>n: matrix dimension (a power of two). cutoff: block size below which loops run serially.
 */
final class Lu extends KernelSample<Lu.Input, double[]> {

    record Input(double[] a, double[] original, int n) {}

    Lu() {
        super("lu", "recursive dense LU without pivoting: parallel triangular solves and Schur updates (Cilk-5 lu)",
                "matrix dimension (power of two)", 2048, "block size below which loops run serially", 64);
    }

    /** Common fields: the matrix (row-major, leading dimension n), the cut-off and the mode. */
    record Matrix(double[] a, int n, int cutoff, boolean serial) {}

    /** Factor the diagonal block at (r, r) of size s in place. */
    static final class Factor extends Step {
        private final Matrix m;
        private final int r;
        private final int s;

        Factor(Matrix m, int r, int s) {
            this.m = m;
            this.r = r;
            this.s = s;
        }

        @Override
        protected void compute() {
            if (s <= m.cutoff()) {
                baseFactor(m, r, s);
                return;
            }
            int h = s / 2;
            new Factor(m, r, h).compute();
            both(m, new LowerSolve(m, r, r, r, r + h, h), new UpperSolve(m, r, r, r + h, r, h));
            new Schur(m, r + h, r + h, r + h, r, r, r + h, h).compute();
            new Factor(m, r + h, h).compute();
        }
    }

    /** B (at br, bc) := L⁻¹·B with L the unit lower triangle at (lr, lc); both s×s. */
    static final class LowerSolve extends Step {
        private final Matrix m;
        private final int lr;
        private final int lc;
        private final int br;
        private final int bc;
        private final int s;

        LowerSolve(Matrix m, int lr, int lc, int br, int bc, int s) {
            this.m = m;
            this.lr = lr;
            this.lc = lc;
            this.br = br;
            this.bc = bc;
            this.s = s;
        }

        @Override
        protected void compute() {
            if (s <= m.cutoff()) {
                baseLowerSolve(m, lr, lc, br, bc, s);
                return;
            }
            int h = s / 2;
            both(m, new LowerSolve(m, lr, lc, br, bc, h), new LowerSolve(m, lr, lc, br, bc + h, h));
            both(m, new Schur(m, br + h, bc, lr + h, lc, br, bc, h),
                    new Schur(m, br + h, bc + h, lr + h, lc, br, bc + h, h));
            both(m, new LowerSolve(m, lr + h, lc + h, br + h, bc, h),
                    new LowerSolve(m, lr + h, lc + h, br + h, bc + h, h));
        }
    }

    /** B (at br, bc) := B·U⁻¹ with U the upper triangle at (ur, uc); both s×s. */
    static final class UpperSolve extends Step {
        private final Matrix m;
        private final int ur;
        private final int uc;
        private final int br;
        private final int bc;
        private final int s;

        UpperSolve(Matrix m, int ur, int uc, int br, int bc, int s) {
            this.m = m;
            this.ur = ur;
            this.uc = uc;
            this.br = br;
            this.bc = bc;
            this.s = s;
        }

        @Override
        protected void compute() {
            if (s <= m.cutoff()) {
                baseUpperSolve(m, ur, uc, br, bc, s);
                return;
            }
            int h = s / 2;
            both(m, new UpperSolve(m, ur, uc, br, bc, h), new UpperSolve(m, ur, uc, br + h, bc, h));
            both(m, new Schur(m, br, bc + h, br, bc, ur, uc + h, h),
                    new Schur(m, br + h, bc + h, br + h, bc, ur, uc + h, h));
            both(m, new UpperSolve(m, ur + h, uc + h, br, bc + h, h),
                    new UpperSolve(m, ur + h, uc + h, br + h, bc + h, h));
        }
    }

    /** C (at cr, cc) −= A (at ar, ac) · B (at br, bc); all s×s. */
    static final class Schur extends Step {
        private final Matrix m;
        private final int cr;
        private final int cc;
        private final int ar;
        private final int ac;
        private final int br;
        private final int bc;
        private final int s;

        Schur(Matrix m, int cr, int cc, int ar, int ac, int br, int bc, int s) {
            this.m = m;
            this.cr = cr;
            this.cc = cc;
            this.ar = ar;
            this.ac = ac;
            this.br = br;
            this.bc = bc;
            this.s = s;
        }

        @Override
        protected void compute() {
            if (s <= m.cutoff()) {
                baseSchur(m, cr, cc, ar, ac, br, bc, s);
                return;
            }
            int h = s / 2;
            for (int k = 0; k < 2; k++) { // two rounds: C_ij −= A_ik · B_kj for k = 0, then k = 1
                Schur[] round = {
                    new Schur(m, cr, cc, ar, ac + k * h, br + k * h, bc, h),
                    new Schur(m, cr, cc + h, ar, ac + k * h, br + k * h, bc + h, h),
                    new Schur(m, cr + h, cc, ar + h, ac + k * h, br + k * h, bc, h),
                    new Schur(m, cr + h, cc + h, ar + h, ac + k * h, br + k * h, bc + h, h),
                };
                if (m.serial()) {
                    for (Schur t : round) {
                        t.compute();
                    }
                } else {
                    ForkJoinTask.invokeAll(round);
                }
            }
        }
    }

    /** A step of the factorisation; {@link #direct} is the plain call the serial elision uses. */
    abstract static class Step extends RecursiveAction {
        final void direct() {
            compute();
        }
    }

    /** Runs two independent steps: {@code invokeAll(a, b)}, or two plain calls in the elision. */
    static void both(Matrix m, Step a, Step b) {
        if (m.serial()) {
            a.direct();
            b.direct();
        } else {
            ForkJoinTask.invokeAll(a, b);
        }
    }

    static void baseFactor(Matrix m, int r, int s) {
        double[] a = m.a();
        int n = m.n();
        for (int k = r; k < r + s; k++) {
            double pivot = a[k * n + k];
            for (int i = k + 1; i < r + s; i++) {
                double l = a[i * n + k] /= pivot;
                for (int j = k + 1; j < r + s; j++) {
                    a[i * n + j] -= l * a[k * n + j];
                }
            }
        }
    }

    static void baseLowerSolve(Matrix m, int lr, int lc, int br, int bc, int s) {
        double[] a = m.a();
        int n = m.n();
        for (int k = 0; k < s; k++) {
            for (int i = k + 1; i < s; i++) {
                double l = a[(lr + i) * n + lc + k];
                int bi = (br + i) * n + bc;
                int bk = (br + k) * n + bc;
                for (int j = 0; j < s; j++) {
                    a[bi + j] -= l * a[bk + j];
                }
            }
        }
    }

    static void baseUpperSolve(Matrix m, int ur, int uc, int br, int bc, int s) {
        double[] a = m.a();
        int n = m.n();
        for (int i = 0; i < s; i++) {
            int bi = (br + i) * n + bc;
            for (int k = 0; k < s; k++) {
                int uk = (ur + k) * n + uc;
                double x = a[bi + k] /= a[uk + k];
                for (int j = k + 1; j < s; j++) {
                    a[bi + j] -= x * a[uk + j];
                }
            }
        }
    }

    static void baseSchur(Matrix m, int cr, int cc, int ar, int ac, int br, int bc, int s) {
        double[] a = m.a();
        int n = m.n();
        for (int i = 0; i < s; i++) {
            int ci = (cr + i) * n + cc;
            for (int k = 0; k < s; k++) {
                double x = a[(ar + i) * n + ac + k];
                int bk = (br + k) * n + bc;
                for (int j = 0; j < s; j++) {
                    a[ci + j] -= x * a[bk + j];
                }
            }
        }
    }

    @Override
    void validate(int n, int cutoff) {
        require(isPowerOfTwo(n) && n <= 16384, "n must be a power of two up to 16384");
        require(cutoff >= 1, "cutoff must be at least 1");
    }

    @Override
    Input prepare(int n, int cutoff) {
        double[] a = Checks.randomDoubles(n * n, 0x10DEL);
        for (int i = 0; i < n; i++) {
            a[i * n + i] += 2.0 * n;
        }
        return new Input(a, a.clone(), n);
    }

    @Override
    double[] kernel(Input in, Exec exec) {
        Factor root = new Factor(new Matrix(in.a(), in.n(), exec.cutoff(), exec.serial()), 0, in.n());
        exec.run(root, root::compute);
        return in.a();
    }

    /** A·x against L·(U·x) for a random x, with L unit lower and U upper from the factored matrix. */
    @Override
    String check(Input in, double[] lu) {
        int n = in.n();
        double[] x = Checks.randomDoubles(n, 0xF4E1L);
        double[] ax = Checks.multiply(in.original(), n, x);
        double[] ux = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = i; j < n; j++) {
                s += lu[i * n + j] * x[j];
            }
            ux[i] = s;
        }
        double[] lux = new double[n];
        for (int i = 0; i < n; i++) {
            double s = ux[i];
            for (int j = 0; j < i; j++) {
                s += lu[i * n + j] * ux[j];
            }
            lux[i] = s;
        }
        return Checks.tolerance("A·x vs L·U·x", Checks.relativeError(ax, lux), 1e-9);
    }

    @Override
    String summary(Input in, double[] lu) {
        double logDet = 0;
        for (int i = 0; i < in.n(); i++) {
            logDet += Math.log(Math.abs(lu[i * in.n() + i]));
        }
        return String.format(java.util.Locale.ROOT, "log|det|=%.6f", logDet);
    }
}
