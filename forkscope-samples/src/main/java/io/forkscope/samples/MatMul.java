package io.forkscope.samples;

import java.util.concurrent.RecursiveAction;

/**
 * <b>matmul</b> — divide-and-conquer matrix multiplication C += A·B (Cilkprof Fig. 8, Cilk-5 mm).
 *
 * <p>{@code mm} splits C, A and B into quadrants and performs the 8 quadrant products in two rounds
 * of 4: C00 += A00·B00, C01 += A00·B01, C10 += A10·B00, C11 += A10·B01, then the same with A's
 * right and B's bottom quadrants. In each round it forks three products, calls the fourth itself and
 * joins the three (newest first). Blocks of at most cutoff use the separate method {@link #base}.
 *
 * <p>DAG: a 4-ary fork tree per round, two rounds per level: work Θ(n³), span Θ(n) (2 rounds per
 * level × log n levels, plus the base case), so parallelism ~ n² / cutoff-ish. Cilkprof's Fig. 10
 * shows the point of the separate base method: its top-caller work is 0 (the top-level mm never
 * calls it directly), while its local work is most of the total.
 *
 * <p>n: matrix dimension (a power of two). cutoff: COARSENING — blocks of at most cutoff rows go to
 * {@code base}.
 */
final class MatMul extends KernelSample<MatMul.Input, double[]> {

    record Input(double[] a, double[] b, int n) {}

    MatMul() {
        super("matmul", "divide-and-conquer matrix multiply, 2 rounds of 4 quadrant products, base method (Cilkprof Fig. 8)",
                "matrix dimension (power of two)", 1024, "block size handled by the base method", 32);
    }

    /** C[cr.., cc..] += A[ar.., ac..] · B[br.., bc..], all size×size in n×n row-major arrays. */
    static final class Mm extends RecursiveAction {
        private final double[] c;
        private final double[] a;
        private final double[] b;
        private final int n;
        private final int cr;
        private final int cc;
        private final int ar;
        private final int ac;
        private final int br;
        private final int bc;
        private final int size;
        private final int cutoff;
        private final boolean serial;

        Mm(double[] c, double[] a, double[] b, int n, int cr, int cc, int ar, int ac, int br, int bc, int size,
           int cutoff, boolean serial) {
            this.c = c;
            this.a = a;
            this.b = b;
            this.n = n;
            this.cr = cr;
            this.cc = cc;
            this.ar = ar;
            this.ac = ac;
            this.br = br;
            this.bc = bc;
            this.size = size;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            if (size <= cutoff) {
                base(c, a, b, n, cr, cc, ar, ac, br, bc, size);
                return;
            }
            int h = size / 2;
            for (int k = 0; k < 2; k++) { // round k: C_ij += A_ik · B_kj
                Mm c00 = quadrant(cr, cc, ar, ac + k * h, br + k * h, bc, h);
                Mm c01 = quadrant(cr, cc + h, ar, ac + k * h, br + k * h, bc + h, h);
                Mm c10 = quadrant(cr + h, cc, ar + h, ac + k * h, br + k * h, bc, h);
                Mm c11 = quadrant(cr + h, cc + h, ar + h, ac + k * h, br + k * h, bc + h, h);
                if (serial) {
                    c00.compute();
                    c01.compute();
                    c10.compute();
                    c11.compute();
                } else {
                    c00.fork();
                    c01.fork();
                    c10.fork();
                    c11.compute();
                    c10.join();
                    c01.join();
                    c00.join();
                }
            }
        }

        private Mm quadrant(int qcr, int qcc, int qar, int qac, int qbr, int qbc, int h) {
            return new Mm(c, a, b, n, qcr, qcc, qar, qac, qbr, qbc, h, cutoff, serial);
        }
    }

    /** The base case: a plain i-k-j triple loop on size×size blocks. */
    static void base(double[] c, double[] a, double[] b, int n, int cr, int cc, int ar, int ac, int br, int bc,
                     int size) {
        for (int i = 0; i < size; i++) {
            int ci = (cr + i) * n + cc;
            int ai = (ar + i) * n + ac;
            for (int k = 0; k < size; k++) {
                double x = a[ai + k];
                int bk = (br + k) * n + bc;
                for (int j = 0; j < size; j++) {
                    c[ci + j] += x * b[bk + j];
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
        return new Input(Checks.randomDoubles(n * n, 0x3A71L), Checks.randomDoubles(n * n, 0x3A72L), n);
    }

    @Override
    double[] kernel(Input in, Exec exec) {
        int n = in.n();
        double[] c = new double[n * n];
        Mm root = new Mm(c, in.a(), in.b(), n, 0, 0, 0, 0, 0, 0, n, exec.cutoff(), exec.serial());
        exec.run(root, root::compute);
        return c;
    }

    /** Freivalds' check: C·x against A·(B·x) for a random x. */
    @Override
    String check(Input in, double[] c) {
        double[] x = Checks.randomDoubles(in.n(), 0xF4E1L);
        double[] cx = Checks.multiply(c, in.n(), x);
        double[] abx = Checks.multiply(in.a(), in.n(), Checks.multiply(in.b(), in.n(), x));
        return Checks.tolerance("C·x vs A·(B·x)", Checks.relativeError(abx, cx), 1e-10);
    }

    @Override
    String summary(Input in, double[] c) {
        return String.format(java.util.Locale.ROOT, "C00=%.6f", c[0]);
    }
}
