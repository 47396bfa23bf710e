package io.forkscope.samples;

import java.util.SplittableRandom;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.RecursiveAction;

/**
 * <b>sparselu</b> — LU factorisation of a sparse matrix of dense blocks, without pivoting (BOTS
 * sparselu; Delay Spotter §IV-A).
 *
 * <p>The matrix is n×n blocks of cutoff×cutoff doubles; about a third of the blocks exist at the
 * start, more appear as fill-in. For each phase k: the diagonal block is factored (serially, by the
 * parent); then loop 1 creates one task per existing block of row k (forward substitution) and of
 * column k (division by the diagonal's U); then loop 2 creates one task per pair (i, j) with both
 * A[i][k] and A[k][j] present (A[i][j] −= A[i][k]·A[k][j], allocating A[i][j] on fill-in).
 *
 * <p>DAG: 2n loops; in each, a single parent forks all children from a loop (no recursive
 * splitting), and the children are plain leaves. The loops are {@link CountedCompleter}s: each
 * child's {@code tryComplete()} counts down its loop, and the last one completes the loop that the
 * parent waits for (completion edges, not joins). Parallelism is bounded by what one parent can
 * create per phase, shrinking as k grows; the span is about n × (factor + one child + one update).
 *
 * <p>n: blocks per matrix side. cutoff: the block size (doubles per block side).
 */
final class SparseLu extends KernelSample<SparseLu.Input, double[][][]> {

    /** blocks[i][j] is a row-major m×m block or null; original is the untouched copy the check uses. */
    record Input(double[][][] blocks, double[][][] original, int m) {}

    SparseLu() {
        super("sparselu", "LU of a sparse block matrix, a task per block from loops, CountedCompleter (BOTS sparselu)",
                "blocks per matrix side", 64, "block size (doubles per block side)", 32);
    }

    /** The parent: the phases, each one serial factorisation and two task-creating loops. */
    static final class Factorise extends RecursiveAction {
        private final double[][][] a;
        private final int m;
        private final boolean serial;

        Factorise(double[][][] a, int m, boolean serial) {
            this.a = a;
            this.m = m;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            int nb = a.length;
            for (int k = 0; k < nb; k++) {
                factorDiagonal(a[k][k], m);
                new PanelLoop(a, k, m, serial).start();
                new UpdateLoop(a, k, m, serial).start();
            }
        }
    }

    /** A task-creating loop: forks one leaf per iteration and completes when the last leaf does. */
    abstract static class BlockLoop extends CountedCompleter<Void> {
        final double[][][] a;
        final int k;
        final int m;
        final boolean serial;

        BlockLoop(double[][][] a, int k, int m, boolean serial) {
            this.a = a;
            this.k = k;
            this.m = m;
            this.serial = serial;
        }

        /** Runs the loop to completion: in the elision the leaves are plain calls. */
        void start() {
            if (serial) {
                loop();
            } else {
                invoke();
            }
        }

        @Override
        public void compute() {
            loop();
            tryComplete();
        }

        /** One iteration's leaf: a fork, or in the serial elision a plain call. */
        void spawn(Runnable op) {
            if (serial) {
                op.run();
            } else {
                addToPendingCount(1);
                new Leaf(this, op).fork();
            }
        }

        abstract void loop();
    }

    static final class Leaf extends CountedCompleter<Void> {
        private final Runnable op;

        Leaf(CountedCompleter<?> loop, Runnable op) {
            super(loop);
            this.op = op;
        }

        @Override
        public void compute() {
            op.run();
            tryComplete();
        }
    }

    /** Loop 1: row k right of the diagonal and column k below it. */
    static final class PanelLoop extends BlockLoop {
        PanelLoop(double[][][] a, int k, int m, boolean serial) {
            super(a, k, m, serial);
        }

        @Override
        void loop() {
            double[] diag = a[k][k];
            for (int j = k + 1; j < a.length; j++) {
                double[] row = a[k][j];
                if (row != null) {
                    spawn(() -> forwardSolve(diag, row, m));
                }
            }
            for (int i = k + 1; i < a.length; i++) {
                double[] col = a[i][k];
                if (col != null) {
                    spawn(() -> divideByUpper(diag, col, m));
                }
            }
        }
    }

    /** Loop 2: the trailing update, allocating blocks on fill-in. */
    static final class UpdateLoop extends BlockLoop {
        UpdateLoop(double[][][] a, int k, int m, boolean serial) {
            super(a, k, m, serial);
        }

        @Override
        void loop() {
            for (int i = k + 1; i < a.length; i++) {
                double[] left = a[i][k];
                if (left == null) {
                    continue;
                }
                for (int j = k + 1; j < a.length; j++) {
                    double[] top = a[k][j];
                    if (top == null) {
                        continue;
                    }
                    if (a[i][j] == null) {
                        a[i][j] = new double[m * m];
                    }
                    double[] target = a[i][j];
                    spawn(() -> subtractProduct(left, top, target, m));
                }
            }
        }
    }

    /** In-place LU of a block (unit lower L below the diagonal, U on and above). */
    static void factorDiagonal(double[] d, int m) {
        for (int k = 0; k < m; k++) {
            double pivot = d[k * m + k];
            for (int i = k + 1; i < m; i++) {
                double l = d[i * m + k] /= pivot;
                for (int j = k + 1; j < m; j++) {
                    d[i * m + j] -= l * d[k * m + j];
                }
            }
        }
    }

    /** row := L⁻¹ row, with L the unit lower triangle of the factored diagonal block. */
    static void forwardSolve(double[] diag, double[] row, int m) {
        for (int k = 0; k < m; k++) {
            for (int i = k + 1; i < m; i++) {
                double l = diag[i * m + k];
                for (int j = 0; j < m; j++) {
                    row[i * m + j] -= l * row[k * m + j];
                }
            }
        }
    }

    /** col := col U⁻¹, with U the upper triangle of the factored diagonal block. */
    static void divideByUpper(double[] diag, double[] col, int m) {
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < m; k++) {
                double x = col[i * m + k] /= diag[k * m + k];
                for (int j = k + 1; j < m; j++) {
                    col[i * m + j] -= x * diag[k * m + j];
                }
            }
        }
    }

    /** target −= left · top. */
    static void subtractProduct(double[] left, double[] top, double[] target, int m) {
        for (int i = 0; i < m; i++) {
            for (int k = 0; k < m; k++) {
                double x = left[i * m + k];
                for (int j = 0; j < m; j++) {
                    target[i * m + j] -= x * top[k * m + j];
                }
            }
        }
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 1 && n <= 2000, "n must be in 1..2000 (blocks)");
        require(cutoff >= 1 && cutoff <= 1000, "cutoff (block size) must be in 1..1000");
    }

    @Override
    Input prepare(int nb, int m) {
        SplittableRandom rnd = new SplittableRandom(0x5B1EL);
        double[][][] blocks = new double[nb][nb][];
        double[][][] original = new double[nb][nb][];
        for (int i = 0; i < nb; i++) {
            for (int j = 0; j < nb; j++) {
                boolean present = i == j || Math.abs(i - j) == 1 || Math.floorMod(Checks.mix(i * 7919L + j), 3) == 0;
                if (!present) {
                    continue;
                }
                double[] b = new double[m * m];
                for (int e = 0; e < b.length; e++) {
                    b[e] = rnd.nextDouble(-1.0, 1.0);
                }
                if (i == j) { // diagonally dominant: no pivoting needed
                    for (int d = 0; d < m; d++) {
                        b[d * m + d] += 2.0 * nb * m;
                    }
                }
                blocks[i][j] = b;
                original[i][j] = b.clone();
            }
        }
        return new Input(blocks, original, m);
    }

    @Override
    double[][][] kernel(Input in, Exec exec) {
        Factorise root = new Factorise(in.blocks(), in.m(), exec.serial());
        exec.run(root, root::compute);
        return in.blocks();
    }

    /** A·x from the original blocks against L·(U·x) from the factors, for a random x. */
    @Override
    String check(Input in, double[][][] lu) {
        int nb = lu.length;
        int m = in.m();
        double[] x = Checks.randomDoubles(nb * m, 0xC4EC5L);
        double[] ax = new double[nb * m];
        double[] ux = new double[nb * m];
        double[] lux = new double[nb * m];
        for (int bi = 0; bi < nb; bi++) {
            for (int bj = 0; bj < nb; bj++) {
                double[] o = in.original()[bi][bj];
                double[] f = lu[bi][bj];
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < m; j++) {
                        double xj = x[bj * m + j];
                        if (o != null) {
                            ax[bi * m + i] += o[i * m + j] * xj;
                        }
                        if (f != null && (bi < bj || (bi == bj && j >= i))) {
                            ux[bi * m + i] += f[i * m + j] * xj;
                        }
                    }
                }
            }
        }
        for (int bi = 0; bi < nb; bi++) {
            for (int bj = 0; bj <= bi; bj++) {
                double[] f = lu[bi][bj];
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < m; j++) {
                        double uj = ux[bj * m + j];
                        if (bi == bj && j == i) {
                            lux[bi * m + i] += uj;
                        } else if (f != null && (bi > bj || j < i)) {
                            lux[bi * m + i] += f[i * m + j] * uj;
                        }
                    }
                }
            }
        }
        return Checks.tolerance("A·x vs L·U·x", Checks.relativeError(ax, lux), 1e-9);
    }

    @Override
    String summary(Input in, double[][][] lu) {
        int present = 0;
        double trace = 0;
        for (int i = 0; i < lu.length; i++) {
            for (int j = 0; j < lu.length; j++) {
                present += lu[i][j] != null ? 1 : 0;
            }
            for (int d = 0; d < in.m(); d++) {
                trace += lu[i][i][d * in.m() + d];
            }
        }
        return String.format(java.util.Locale.ROOT, "blocks=%d traceU=%.6e", present, trace);
    }
}
