package io.forkscope.samples;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * <b>strassen</b> — Strassen's matrix multiplication (BOTS strassen, Cilk-5 strassen).
 *
 * <p>C = A·B for n×n matrices: split into quadrants, form 10 sums and differences of quadrants, 7
 * half-size products M1..M7 (recursively), and combine them into C's quadrants. Below
 * {@value #BLOCK}×{@value #BLOCK} a plain triple loop multiplies.
 *
 * <p>DAG: at recursion depth &lt; cutoff the 7 products are tasks run with
 * {@code invokeAll(m1, …, m7)}; deeper they are plain recursive calls. The additions around them
 * are serial in the parent, so each level adds Θ(size²) to the span: span Θ(n²), work Θ(n^2.81);
 * parallelism is bounded by 7^cutoff tasks and by those serial additions.
 *
 * <p>n: matrix dimension (a power of two, at least {@value #BLOCK}). cutoff: depth cut-off —
 * recursion levels whose products are tasks. Block size: fixed at {@value #BLOCK}.
 */
final class Strassen extends KernelSample<Strassen.Input, double[]> {
    static final int BLOCK = 64;

    record Input(double[] a, double[] b, int n) {}

    Strassen() {
        super("strassen", "Strassen matrix multiplication, 7 sub-products as tasks down to a depth cut-off (BOTS strassen)",
                "matrix dimension (power of two >= 64)", 1024, "recursion depth whose 7 products are tasks", 3);
    }

    /** The product of two size×size row-major matrices. */
    static final class Product extends RecursiveTask<double[]> {
        private final double[] a;
        private final double[] b;
        private final int size;
        private final int depth;
        private final int cutoff;
        private final boolean serial;

        Product(double[] a, double[] b, int size, int depth, int cutoff, boolean serial) {
            this.a = a;
            this.b = b;
            this.size = size;
            this.depth = depth;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected double[] compute() {
            if (size <= BLOCK) {
                return multiplyBlock(a, b, size);
            }
            int h = size / 2;
            double[] a11 = quadrant(a, size, 0, 0);
            double[] a12 = quadrant(a, size, 0, h);
            double[] a21 = quadrant(a, size, h, 0);
            double[] a22 = quadrant(a, size, h, h);
            double[] b11 = quadrant(b, size, 0, 0);
            double[] b12 = quadrant(b, size, 0, h);
            double[] b21 = quadrant(b, size, h, 0);
            double[] b22 = quadrant(b, size, h, h);
            Product[] m = {
                next(add(a11, a22, 1), add(b11, b22, 1)),
                next(add(a21, a22, 1), b11),
                next(a11, add(b12, b22, -1)),
                next(a22, add(b21, b11, -1)),
                next(add(a11, a12, 1), b22),
                next(add(a21, a11, -1), add(b11, b12, 1)),
                next(add(a12, a22, -1), add(b21, b22, 1)),
            };
            double[][] p = new double[7][];
            if (serial || depth >= cutoff) {
                for (int i = 0; i < 7; i++) {
                    p[i] = m[i].compute();
                }
            } else {
                ForkJoinTask.invokeAll(m);
                for (int i = 0; i < 7; i++) {
                    p[i] = m[i].getRawResult();
                }
            }
            double[] c = new double[size * size];
            for (int i = 0; i < h; i++) {
                for (int j = 0; j < h; j++) {
                    int q = i * h + j;
                    c[i * size + j] = p[0][q] + p[3][q] - p[4][q] + p[6][q];
                    c[i * size + j + h] = p[2][q] + p[4][q];
                    c[(i + h) * size + j] = p[1][q] + p[3][q];
                    c[(i + h) * size + j + h] = p[0][q] - p[1][q] + p[2][q] + p[5][q];
                }
            }
            return c;
        }

        private Product next(double[] x, double[] y) {
            return new Product(x, y, size / 2, depth + 1, cutoff, serial);
        }
    }

    static double[] quadrant(double[] m, int size, int row, int col) {
        int h = size / 2;
        double[] q = new double[h * h];
        for (int i = 0; i < h; i++) {
            System.arraycopy(m, (row + i) * size + col, q, i * h, h);
        }
        return q;
    }

    /** @return x + sign·y */
    static double[] add(double[] x, double[] y, int sign) {
        double[] r = new double[x.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = x[i] + sign * y[i];
        }
        return r;
    }

    static double[] multiplyBlock(double[] a, double[] b, int s) {
        double[] c = new double[s * s];
        for (int i = 0; i < s; i++) {
            for (int k = 0; k < s; k++) {
                double x = a[i * s + k];
                for (int j = 0; j < s; j++) {
                    c[i * s + j] += x * b[k * s + j];
                }
            }
        }
        return c;
    }

    @Override
    void validate(int n, int cutoff) {
        require(isPowerOfTwo(n) && n >= BLOCK && n <= 8192, "n must be a power of two in " + BLOCK + "..8192");
        require(cutoff >= 0, "cutoff must not be negative");
    }

    @Override
    Input prepare(int n, int cutoff) {
        return new Input(Checks.randomDoubles(n * n, 0x57A1L), Checks.randomDoubles(n * n, 0x57A2L), n);
    }

    @Override
    double[] kernel(Input in, Exec exec) {
        Product root = new Product(in.a(), in.b(), in.n(), 0, exec.cutoff(), exec.serial());
        return exec.invoke(root, root::compute);
    }

    /** Freivalds' check: C·x against A·(B·x) for a random x. */
    @Override
    String check(Input in, double[] c) {
        double[] x = Checks.randomDoubles(in.n(), 0xF4E1L);
        double[] cx = Checks.multiply(c, in.n(), x);
        double[] abx = Checks.multiply(in.a(), in.n(), Checks.multiply(in.b(), in.n(), x));
        return Checks.tolerance("C·x vs A·(B·x)", Checks.relativeError(abx, cx), 1e-9);
    }

    @Override
    String summary(Input in, double[] c) {
        return String.format(java.util.Locale.ROOT, "C00=%.6f", c[0]);
    }
}
