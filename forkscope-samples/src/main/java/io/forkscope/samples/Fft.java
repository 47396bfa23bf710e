package io.forkscope.samples;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * <b>fft</b> — recursive radix-2 Cooley–Tukey fast Fourier transform of n complex values (BOTS fft,
 * Cilk-5 fft).
 *
 * <p>DAG: a transform of size m > cutoff runs its two half-size transforms (even and odd samples)
 * with {@code invokeAll(even, odd)}, then combines them with m/2 butterflies, themselves a parallel
 * loop (halves run with {@code invokeAll} down to cutoff/2 butterflies). Transforms of size ≤ cutoff
 * are plain recursive calls. Work Θ(n log n); span Θ(log² n) plus the serial leaves (cutoff·log
 * cutoff), so parallelism is about n / cutoff for large n.
 *
 * <p>n: number of complex points (a power of two). cutoff: transforms of at most cutoff points (and
 * butterfly loops of at most cutoff/2) run serially.
 */
final class Fft extends KernelSample<Fft.Input, Fft.Output> {

    record Input(double[] re, double[] im, double[] cosTable, double[] sinTable) {}

    record Output(double[] re, double[] im) {}

    Fft() {
        super("fft", "recursive radix-2 Cooley-Tukey FFT of n complex points (BOTS fft)",
                "number of complex points (power of two)", 1 << 22,
                "transforms of at most cutoff points run serially", 2048);
    }

    /** Shared arrays of one transform: input, output and the twiddle table exp(−2πik/n), k &lt; n/2. */
    record Work(double[] inRe, double[] inIm, double[] outRe, double[] outIm, double[] cos, double[] sin,
                int n, int cutoff, boolean serial) {}

    /** Transform of the m samples in[inOff + k·stride] into out[outOff, outOff + m). */
    static final class Transform extends RecursiveAction {
        private final Work w;
        private final int inOff;
        private final int stride;
        private final int outOff;
        private final int m;

        Transform(Work w, int inOff, int stride, int outOff, int m) {
            this.w = w;
            this.inOff = inOff;
            this.stride = stride;
            this.outOff = outOff;
            this.m = m;
        }

        @Override
        protected void compute() {
            if (m <= w.cutoff()) {
                serialTransform(w, inOff, stride, outOff, m);
                return;
            }
            int half = m / 2;
            Transform even = new Transform(w, inOff, stride * 2, outOff, half);
            Transform odd = new Transform(w, inOff + stride, stride * 2, outOff + half, half);
            Butterflies combine = new Butterflies(w, outOff, m, 0, half);
            if (w.serial()) {
                even.compute();
                odd.compute();
                combine.compute();
            } else {
                ForkJoinTask.invokeAll(even, odd);
                combine.compute(); // itself a parallel loop
            }
        }
    }

    /** Butterflies k in [lo, hi) of a size-m combine step at out[outOff, outOff + m). */
    static final class Butterflies extends RecursiveAction {
        private final Work w;
        private final int outOff;
        private final int m;
        private final int lo;
        private final int hi;

        Butterflies(Work w, int outOff, int m, int lo, int hi) {
            this.w = w;
            this.outOff = outOff;
            this.m = m;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= Math.max(1, w.cutoff() / 2)) {
                butterflies(w, outOff, m, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            Butterflies left = new Butterflies(w, outOff, m, lo, mid);
            Butterflies right = new Butterflies(w, outOff, m, mid, hi);
            if (w.serial()) {
                left.compute();
                right.compute();
            } else {
                ForkJoinTask.invokeAll(left, right);
            }
        }
    }

    static void serialTransform(Work w, int inOff, int stride, int outOff, int m) {
        if (m == 1) {
            w.outRe()[outOff] = w.inRe()[inOff];
            w.outIm()[outOff] = w.inIm()[inOff];
            return;
        }
        int half = m / 2;
        serialTransform(w, inOff, stride * 2, outOff, half);
        serialTransform(w, inOff + stride, stride * 2, outOff + half, half);
        butterflies(w, outOff, m, 0, half);
    }

    /** out[k], out[k + m/2] = e + t, e − t with e = even[k], t = exp(−2πik/m)·odd[k]. */
    static void butterflies(Work w, int outOff, int m, int lo, int hi) {
        double[] re = w.outRe();
        double[] im = w.outIm();
        int half = m / 2;
        int step = w.n() / m;
        for (int k = lo; k < hi; k++) {
            double c = w.cos()[k * step];
            double s = w.sin()[k * step];
            int e = outOff + k;
            int o = e + half;
            double tr = c * re[o] - s * im[o];
            double ti = c * im[o] + s * re[o];
            re[o] = re[e] - tr;
            im[o] = im[e] - ti;
            re[e] += tr;
            im[e] += ti;
        }
    }

    @Override
    void validate(int n, int cutoff) {
        require(isPowerOfTwo(n) && n >= 2, "n must be a power of two, at least 2");
        require(cutoff >= 1, "cutoff must be at least 1");
    }

    @Override
    Input prepare(int n, int cutoff) {
        double[] cos = new double[n / 2];
        double[] sin = new double[n / 2];
        for (int k = 0; k < n / 2; k++) {
            double angle = -2 * Math.PI * k / n;
            cos[k] = Math.cos(angle);
            sin[k] = Math.sin(angle);
        }
        return new Input(Checks.randomDoubles(n, 0xFF7L), Checks.randomDoubles(n, 0xFF8L), cos, sin);
    }

    @Override
    Output kernel(Input in, Exec exec) {
        int n = in.re().length;
        Work w = new Work(in.re(), in.im(), new double[n], new double[n], in.cosTable(), in.sinTable(), n,
                exec.cutoff(), exec.serial());
        Transform root = new Transform(w, 0, 1, 0, n);
        exec.run(root, root::compute);
        return new Output(w.outRe(), w.outIm());
    }

    /** Parseval's identity over all bins, and a direct O(n) DFT of a few bins. */
    @Override
    String check(Input in, Output out) {
        int n = in.re().length;
        double inEnergy = 0;
        double outEnergy = 0;
        for (int i = 0; i < n; i++) {
            inEnergy += in.re()[i] * in.re()[i] + in.im()[i] * in.im()[i];
            outEnergy += out.re()[i] * out.re()[i] + out.im()[i] * out.im()[i];
        }
        String error = Checks.tolerance("Parseval energy", Math.abs(outEnergy - n * inEnergy) / (n * inEnergy), 1e-9);
        if (error != null) {
            return error;
        }
        double scale = Math.sqrt(inEnergy);
        for (int probe = 0; probe < 8; probe++) {
            int k = (int) Math.floorMod(Checks.mix(probe), (long) n);
            double re = 0;
            double im = 0;
            for (int j = 0; j < n; j++) {
                int t = (int) (((long) j * k) % n); // exp(-2πi·t/n) from the table; t ≥ n/2 flips sign
                double c = t < n / 2 ? in.cosTable()[t] : -in.cosTable()[t - n / 2];
                double s = t < n / 2 ? in.sinTable()[t] : -in.sinTable()[t - n / 2];
                re += in.re()[j] * c - in.im()[j] * s;
                im += in.re()[j] * s + in.im()[j] * c;
            }
            double diff = Math.hypot(re - out.re()[k], im - out.im()[k]) / scale;
            error = Checks.tolerance("bin " + k, diff, 1e-8);
            if (error != null) {
                return error;
            }
        }
        return null;
    }

    @Override
    String summary(Input in, Output out) {
        return String.format(java.util.Locale.ROOT, "X0=(%.6f,%.6f)", out.re()[0], out.im()[0]);
    }
}
