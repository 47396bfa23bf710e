package io.forkscope.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * <b>cholesky</b> — tiled Cholesky factorisation A = L·Lᵀ of a dense symmetric positive-definite
 * matrix (after the Cilk-5 cholesky, which works on a sparse quad-tree; this one is dense and
 * tiled, in the style of the later task-parallel versions).
 *
 * <p>The lower triangle is cut into tiles of cutoff×cutoff. For each tile column k: the diagonal
 * tile is factored (by the parent, serially); then one task per tile below it solves
 * L_ik = A_ik·L_kk⁻ᵀ; then one task per tile (i, j), k &lt; j ≤ i, updates A_ij −= L_ik·L_jkᵀ.
 *
 * <p>DAG: a serial chain of 2·(n/cutoff) loops, each creating all its tasks at once and running them
 * with {@code invokeAll(collection)}. Work Θ(n³/3); the span follows the tile-column chain, Θ(n/cutoff)
 * × (one factor + one solve + one update) = Θ(n·cutoff²); parallelism about (n/cutoff)²/6 at the
 * start, falling to 1 at the end.
 *
 * <p>n: matrix dimension (a multiple of the cut-off). cutoff: tile size.
 */
final class Cholesky extends KernelSample<Cholesky.Input, double[]> {

    record Input(double[] a, double[] original, int n) {}

    Cholesky() {
        super("cholesky", "tiled dense Cholesky, a task per tile from loops run with invokeAll(collection)",
                "matrix dimension (multiple of the cutoff)", 2048, "tile size", 64);
    }

    /** The tile-column loop. */
    static final class Factorise extends RecursiveAction {
        private final double[] a;
        private final int n;
        private final int t;
        private final boolean serial;

        Factorise(double[] a, int n, int t, boolean serial) {
            this.a = a;
            this.n = n;
            this.t = t;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            int tiles = n / t;
            for (int k = 0; k < tiles; k++) {
                factorTile(a, n, k * t, t);
                List<TileTask> solves = new ArrayList<>();
                for (int i = k + 1; i < tiles; i++) {
                    solves.add(new TileTask(a, n, t, i, k, k));
                }
                runAll(solves);
                List<TileTask> updates = new ArrayList<>();
                for (int i = k + 1; i < tiles; i++) {
                    for (int j = k + 1; j <= i; j++) {
                        updates.add(new TileTask(a, n, t, i, j, k));
                    }
                }
                runAll(updates);
            }
        }

        private void runAll(List<TileTask> tasks) {
            if (serial) {
                for (TileTask task : tasks) {
                    task.compute();
                }
            } else {
                ForkJoinTask.invokeAll(tasks);
            }
        }
    }

    /** Tile (i, j) in step k: a triangular solve when j == k, else an update by tile column k. */
    static final class TileTask extends RecursiveAction {
        private final double[] a;
        private final int n;
        private final int t;
        private final int i;
        private final int j;
        private final int k;

        TileTask(double[] a, int n, int t, int i, int j, int k) {
            this.a = a;
            this.n = n;
            this.t = t;
            this.i = i;
            this.j = j;
            this.k = k;
        }

        @Override
        protected void compute() {
            if (j == k) {
                solveTile(a, n, i * t, k * t, t);
            } else {
                updateTile(a, n, i * t, j * t, k * t, t);
            }
        }
    }

    /** In-place Cholesky of the diagonal tile at (d, d): its lower triangle becomes L_kk. */
    static void factorTile(double[] a, int n, int d, int t) {
        for (int j = d; j < d + t; j++) {
            double s = a[j * n + j];
            for (int p = d; p < j; p++) {
                s -= a[j * n + p] * a[j * n + p];
            }
            double diag = Math.sqrt(s);
            a[j * n + j] = diag;
            for (int i = j + 1; i < d + t; i++) {
                double v = a[i * n + j];
                for (int p = d; p < j; p++) {
                    v -= a[i * n + p] * a[j * n + p];
                }
                a[i * n + j] = v / diag;
            }
        }
    }

    /** Tile (r, c) := tile · L⁻ᵀ, with L the factored diagonal tile at (c, c). */
    static void solveTile(double[] a, int n, int r, int c, int t) {
        for (int i = r; i < r + t; i++) {
            for (int j = 0; j < t; j++) {
                double v = a[i * n + c + j];
                for (int p = 0; p < j; p++) {
                    v -= a[i * n + c + p] * a[(c + j) * n + c + p];
                }
                a[i * n + c + j] = v / a[(c + j) * n + c + j];
            }
        }
    }

    /** Tile (r, c) −= L(r, k) · L(c, k)ᵀ. */
    static void updateTile(double[] a, int n, int r, int c, int k, int t) {
        for (int i = 0; i < t; i++) {
            int ri = (r + i) * n + k;
            for (int j = 0; j < t; j++) {
                int cj = (c + j) * n + k;
                double s = 0;
                for (int p = 0; p < t; p++) {
                    s += a[ri + p] * a[cj + p];
                }
                a[(r + i) * n + c + j] -= s;
            }
        }
    }

    @Override
    void validate(int n, int cutoff) {
        require(cutoff >= 1, "cutoff (tile size) must be at least 1");
        require(n >= 1 && n <= 16384 && n % cutoff == 0, "n must be a multiple of the cutoff, up to 16384");
    }

    /** A random symmetric matrix made diagonally dominant, hence positive definite. */
    @Override
    Input prepare(int n, int cutoff) {
        SplittableRandom rnd = new SplittableRandom(0xC0L);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                double v = rnd.nextDouble(-1.0, 1.0);
                a[i * n + j] = v;
                a[j * n + i] = v;
            }
            a[i * n + i] = n + 1.0;
        }
        return new Input(a, a.clone(), n);
    }

    @Override
    double[] kernel(Input in, Exec exec) {
        Factorise root = new Factorise(in.a(), in.n(), exec.cutoff(), exec.serial());
        exec.run(root, root::compute);
        return in.a();
    }

    /** A·x against L·(Lᵀ·x) for a random x, L being the lower triangle of the result. */
    @Override
    String check(Input in, double[] l) {
        int n = in.n();
        double[] x = Checks.randomDoubles(n, 0xF4E1L);
        double[] ax = Checks.multiply(in.original(), n, x);
        double[] ltx = new double[n];
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) {
                ltx[j] += l[i * n + j] * x[i];
            }
        }
        double[] lltx = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j <= i; j++) {
                s += l[i * n + j] * ltx[j];
            }
            lltx[i] = s;
        }
        return Checks.tolerance("A·x vs L·Lᵀ·x", Checks.relativeError(ax, lltx), 1e-10);
    }

    @Override
    String summary(Input in, double[] l) {
        double logDet = 0;
        for (int i = 0; i < in.n(); i++) {
            logDet += 2 * Math.log(l[i * in.n() + i]);
        }
        return String.format(java.util.Locale.ROOT, "log|det|=%.6f", logDet);
    }
}
