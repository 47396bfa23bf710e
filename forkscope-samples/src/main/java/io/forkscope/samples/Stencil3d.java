package io.forkscope.samples;

import java.util.concurrent.RecursiveAction;

/**
 * <b>stencil3d-inner</b> and <b>stencil3d-outer</b> — the 25-point 3-D wave-equation stencil of
 * Cilkview §5 (Figs. 7 and 9), with the parallel loop on the innermost or the outermost space loop.
 *
 * <p>Each time step computes, for every point of an n³ grid, next = 2·cur − prev + v·L(cur), where
 * L is the 8th-order finite-difference Laplacian: the point and its 4 nearest neighbours on each
 * side along each axis (24 neighbours). Two arrays alternate (next overwrites prev). The grid is
 * periodic: a 4-deep halo is refreshed after each step (serially, by the time loop: Θ(n²) per
 * step on the span).
 *
 * <p>DAG, inner variant (Cilkview Fig. 7): for each time step, for each x, for each y, a parallel
 * loop over z ({@link ParallelFor}, a {@code CountedCompleter}) with grain cutoff (default 1: one
 * task per point). Its parallelism is high but every task is a single point, far below the cost of
 * a steal: Cilkview measured parallelism 119 but burdened parallelism 0.87, and parallel runs slower
 * than serial ones. Outer variant (Fig. 9): for each time step one parallel loop over x, whose
 * iterations are whole y-z planes: parallelism n per step, burdened parallelism close to it.
 *
 * <p>n: grid side ({@value #STEPS} time steps). cutoff: the parallel loop's grain (iterations per
 * leaf task).
 *
 * <p>Check: the initial wave is a standing plane-wave product of cosines, an eigenvector of the
 * periodic stencil, so after t steps it is exactly cos(ω·t) times the initial grid.
 */
final class Stencil3d extends KernelSample<Stencil3d.Grid, double[]> {
    static final int STEPS = 16;
    static final int HALO = 4;
    static final double V = 0.1;
    /** 8th-order central second-difference weights, for offsets 0..4 along one axis. */
    static final double[] W = {-205.0 / 72, 8.0 / 5, -1.0 / 5, 8.0 / 315, -1.0 / 560};
    /** The wave numbers of the initial mode along x, y and z. */
    static final int[] K = {1, 2, 3};

    private final boolean inner;

    /** cur and prev are (n+8)³ with halos; vsq holds v at every point (read per point, as in the paper). */
    static final class Grid {
        final int n;
        final int side;
        double[] cur;
        double[] prev;
        final double[] vsq;

        Grid(int n) {
            this.n = n;
            this.side = n + 2 * HALO;
            int size = side * side * side;
            cur = new double[size];
            prev = new double[size];
            vsq = new double[size];
        }

        int index(int x, int y, int z) {
            return (x * side + y) * side + z;
        }
    }

    Stencil3d(boolean inner) {
        super(inner ? "stencil3d-inner" : "stencil3d-outer",
                inner ? "25-point 3-D stencil, parallel loop on the inner (z) loop (Cilkview Fig. 7)"
                      : "25-point 3-D stencil, parallel loop on the outer (x) loop (Cilkview Fig. 9)",
                "grid side (" + STEPS + " time steps)", 160, "grain of the parallel loop", 1);
        this.inner = inner;
    }

    /**
     * The serial loop over time steps, run on the calling thread; each step is one parallel loop
     * submitted to the pool, as in Cilkview §5 (a serial time loop around a cilk_for). Running the
     * time loop itself as a pool task that invokes a nested CountedCompleter from a worker hung
     * about once in 15 runs on JDK 17.0.21 (the waiting worker parked with the loop's root never
     * completed), with or without the agent; submitting each step from outside the pool does not.
     */
    static final class TimeLoop extends RecursiveAction {
        private final Grid g;
        private final boolean inner;
        private final Exec exec;

        TimeLoop(Grid g, boolean inner, Exec exec) {
            this.g = g;
            this.inner = inner;
            this.exec = exec;
        }

        @Override
        protected void compute() {
            int lo = HALO;
            int hi = HALO + g.n;
            int grain = exec.cutoff();
            for (int t = 0; t < STEPS; t++) {
                double[] cur = g.cur;
                double[] next = g.prev;
                if (inner) {
                    for (int x = lo; x < hi; x++) {
                        for (int y = lo; y < hi; y++) {
                            int row = g.index(x, y, 0);
                            ParallelFor.run(exec, lo, hi, grain, z -> point(g, cur, next, row + z));
                        }
                    }
                } else {
                    ParallelFor.run(exec, lo, hi, grain, x -> {
                        for (int y = lo; y < hi; y++) {
                            int row = g.index(x, y, 0);
                            for (int z = lo; z < hi; z++) {
                                point(g, cur, next, row + z);
                            }
                        }
                    });
                }
                fillHalo(g, next);
                g.prev = cur;
                g.cur = next;
            }
        }
    }

    /** The 25-point kernel at flat index c. */
    static void point(Grid g, double[] cur, double[] next, int c) {
        int sy = g.side;
        int sx = g.side * g.side;
        double lap = 3 * W[0] * cur[c];
        for (int r = 1; r <= HALO; r++) {
            lap += W[r] * (cur[c + r] + cur[c - r] + cur[c + r * sy] + cur[c - r * sy]
                    + cur[c + r * sx] + cur[c - r * sx]);
        }
        next[c] = 2 * cur[c] - next[c] + g.vsq[c] * lap;
    }

    /** Periodic halo: every halo point copies the interior point n away. */
    static void fillHalo(Grid g, double[] a) {
        int n = g.n;
        int s = g.side;
        for (int x = 0; x < s; x++) {
            for (int y = 0; y < s; y++) {
                boolean interiorXy = x >= HALO && x < HALO + n && y >= HALO && y < HALO + n;
                for (int z = 0; z < s; z++) {
                    if (interiorXy && z >= HALO && z < HALO + n) {
                        z = HALO + n - 1; // skip the interior run
                        continue;
                    }
                    a[g.index(x, y, z)] = a[g.index(wrap(x, n), wrap(y, n), wrap(z, n))];
                }
            }
        }
    }

    static int wrap(int c, int n) {
        return Math.floorMod(c - HALO, n) + HALO;
    }

    /** cos(2π·k·(c − HALO)/n) for c over the whole side, halo included. */
    static double[] wave(int k, Grid g) {
        double[] w = new double[g.side];
        for (int c = 0; c < g.side; c++) {
            w[c] = Math.cos(2 * Math.PI * k * (c - HALO) / g.n);
        }
        return w;
    }

    /** cos ω, where one step maps the mode's amplitude a(t) to a(t+1) = 2cos ω·a(t) − a(t−1). */
    static double cosOmega(int n) {
        double mu = 3 * W[0];
        for (int r = 1; r <= HALO; r++) {
            for (int k : K) {
                mu += W[r] * 2 * Math.cos(2 * Math.PI * k * r / n);
            }
        }
        return 1 + V * mu / 2;
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= HALO && n <= 1000, "n must be in " + HALO + "..1000");
        require(cutoff >= 1, "cutoff (grain) must be at least 1");
    }

    @Override
    Grid prepare(int n, int cutoff) {
        Grid g = new Grid(n);
        double[] wx = wave(K[0], g);
        double[] wy = wave(K[1], g);
        double[] wz = wave(K[2], g);
        double c = cosOmega(n);
        for (int x = 0; x < g.side; x++) {
            for (int y = 0; y < g.side; y++) {
                for (int z = 0; z < g.side; z++) {
                    int i = g.index(x, y, z);
                    g.cur[i] = wx[x] * wy[y] * wz[z];
                    g.prev[i] = c * g.cur[i];
                    g.vsq[i] = V;
                }
            }
        }
        return g;
    }

    @Override
    double[] kernel(Grid g, Exec exec) {
        new TimeLoop(g, inner, exec).compute();
        return g.cur;
    }

    @Override
    String check(Grid g, double[] out) {
        double amplitude = Math.cos(Math.acos(cosOmega(g.n)) * STEPS);
        double[] wx = wave(K[0], g);
        double[] wy = wave(K[1], g);
        double[] wz = wave(K[2], g);
        double err = 0;
        for (int x = HALO; x < HALO + g.n; x++) {
            for (int y = HALO; y < HALO + g.n; y++) {
                for (int z = HALO; z < HALO + g.n; z++) {
                    err = Math.max(err, Math.abs(out[g.index(x, y, z)] - amplitude * wx[x] * wy[y] * wz[z]));
                }
            }
        }
        return Checks.tolerance("grid vs standing wave", err, 1e-9);
    }

    @Override
    String summary(Grid g, double[] out) {
        double sum = 0;
        for (int x = HALO; x < HALO + g.n; x++) {
            sum += Math.abs(out[g.index(x, x, x)]);
        }
        return String.format(java.util.Locale.ROOT, "diag_sum=%.9f", sum);
    }
}
