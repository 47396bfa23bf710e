package io.forkscope.samples;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/**
 * <b>heat</b> — explicit finite-difference heat diffusion on an n×n grid over time (Cilk-5 heat,
 * Cilkprof's benchmark table).
 *
 * <p>Each of {@value #STEPS} time steps computes u' = u + r·(4-neighbour Laplacian of u) for all
 * interior points from the previous grid (two grids alternate); the border stays at zero.
 *
 * <p>DAG: the time loop is serial; each step is a divide-and-conquer over rows, halves run with
 * {@code invokeAll(top, bottom)} down to cutoff rows, and the step ends when both halves have
 * joined. Per step, work Θ(n²) and span Θ(log n + cutoff·n); parallelism about n / cutoff. With
 * many steps the barrier at the end of each step dominates the span: STEPS × (log n + cutoff·n).
 *
 * <p>n: grid side (interior points per dimension). cutoff: rows per leaf task.
 *
 * <p>Check: the initial grid is a sum of two eigenvectors of the discrete Laplacian (products of
 * sines), so after t steps each has been scaled by λ^t exactly — the result is compared with that
 * closed form.
 */
final class Heat extends KernelSample<Heat.Input, double[]> {
    static final int STEPS = 200;
    static final double R = 0.2;

    /** grid: (n+2)² with a zero border. */
    record Input(double[] grid, int n) {}

    Heat() {
        super("heat", "2-D heat diffusion stencil over time, rows split with invokeAll (Cilk-5 heat)",
                "grid side (interior points per dimension; " + STEPS + " time steps)", 1536, "rows per leaf task", 16);
    }

    /** One time step over rows [lo, hi) (1-based interior rows), from src into dst. */
    static final class Rows extends RecursiveAction {
        private final double[] src;
        private final double[] dst;
        private final int n;
        private final int lo;
        private final int hi;
        private final int cutoff;
        private final boolean serial;

        Rows(double[] src, double[] dst, int n, int lo, int hi, int cutoff, boolean serial) {
            this.src = src;
            this.dst = dst;
            this.n = n;
            this.lo = lo;
            this.hi = hi;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            if (hi - lo <= cutoff) {
                relax(src, dst, n, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            Rows top = new Rows(src, dst, n, lo, mid, cutoff, serial);
            Rows bottom = new Rows(src, dst, n, mid, hi, cutoff, serial);
            if (serial) {
                top.compute();
                bottom.compute();
            } else {
                ForkJoinTask.invokeAll(top, bottom);
            }
        }
    }

    static void relax(double[] src, double[] dst, int n, int lo, int hi) {
        int w = n + 2;
        for (int i = lo; i < hi; i++) {
            int row = i * w;
            for (int j = 1; j <= n; j++) {
                int c = row + j;
                dst[c] = src[c] + R * (src[c - 1] + src[c + 1] + src[c - w] + src[c + w] - 4 * src[c]);
            }
        }
    }

    /** The time loop. */
    static final class Diffuse extends RecursiveTask<double[]> {
        private final double[] grid;
        private final int n;
        private final int cutoff;
        private final boolean serial;

        Diffuse(double[] grid, int n, int cutoff, boolean serial) {
            this.grid = grid;
            this.n = n;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected double[] compute() {
            double[] src = grid;
            double[] dst = new double[grid.length];
            for (int t = 0; t < STEPS; t++) {
                new Rows(src, dst, n, 1, n + 1, Math.max(1, cutoff), serial).compute();
                double[] swap = src;
                src = dst;
                dst = swap;
            }
            return src;
        }
    }

    /** sin(pπi/(n+1)) for i = 0..n+1: mode (p, q) of the zero-border grid is sines(p)[i]·sines(q)[j]. */
    static double[] sines(int p, int n) {
        double[] s = new double[n + 2];
        for (int i = 1; i <= n; i++) {
            s[i] = Math.sin(p * Math.PI * i / (n + 1));
        }
        return s;
    }

    /** The factor one step multiplies mode (p, q) by. */
    static double decay(int p, int q, int n) {
        return 1 + 2 * R * (Math.cos(p * Math.PI / (n + 1)) + Math.cos(q * Math.PI / (n + 1)) - 2);
    }

    @Override
    Input prepare(int n, int cutoff) {
        int w = n + 2;
        double[] s1 = sines(1, n);
        double[] s2 = sines(2, n);
        double[] s3 = sines(3, n);
        double[] grid = new double[w * w];
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= n; j++) {
                grid[i * w + j] = s1[i] * s1[j] + 0.5 * s2[i] * s3[j];
            }
        }
        return new Input(grid, n);
    }

    @Override
    double[] kernel(Input in, Exec exec) {
        Diffuse root = new Diffuse(in.grid(), in.n(), exec.cutoff(), exec.serial());
        return exec.invoke(root, root::compute);
    }

    @Override
    String check(Input in, double[] out) {
        int n = in.n();
        int w = n + 2;
        double a = Math.pow(decay(1, 1, n), STEPS);
        double b = 0.5 * Math.pow(decay(2, 3, n), STEPS);
        double[] s1 = sines(1, n);
        double[] s2 = sines(2, n);
        double[] s3 = sines(3, n);
        double err = 0;
        for (int i = 0; i < w; i++) {
            for (int j = 0; j < w; j++) {
                double expected = a * s1[i] * s1[j] + b * s2[i] * s3[j]; // zero on the border
                err = Math.max(err, Math.abs(out[i * w + j] - expected));
            }
        }
        return Checks.tolerance("grid vs closed form", err / Math.max(a, 1e-300), 1e-9);
    }

    @Override
    String summary(Input in, double[] out) {
        int c = (in.n() / 2 + 1) * (in.n() + 2) + in.n() / 2 + 1;
        return String.format(java.util.Locale.ROOT, "centre=%.9f", out[c]);
    }
}
