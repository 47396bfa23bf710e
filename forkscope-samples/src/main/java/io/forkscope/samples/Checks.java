package io.forkscope.samples;

import java.util.SplittableRandom;

/** Small helpers the programs use to generate inputs and check results. */
final class Checks {
    private Checks() {}

    /** A 64-bit bijective mixer (a variant of the MurmurHash3 finaliser). */
    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    /** An order-independent fingerprint of a multiset of longs: the sum of their mixed values. */
    static long fingerprint(long[] a) {
        long f = 0;
        for (long x : a) {
            f += mix(x);
        }
        return f;
    }

    /** @return null if a is sorted ascending, else where it is not */
    /**
     * @return why {@code out} is not the sorted permutation of an input with fingerprint
     *     {@code inputFingerprint}, or null when it is
     */
    static String sortedPermutationError(long[] out, long inputFingerprint) {
        String error = sortedError(out);
        if (error == null && fingerprint(out) != inputFingerprint) {
            error = "sorted keys are not a permutation of the input";
        }
        return error;
    }

    static String sortedError(long[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i - 1] > a[i]) {
                return "not sorted at index " + i + ": " + a[i - 1] + " > " + a[i];
            }
        }
        return null;
    }

    static long[] randomLongs(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextLong();
        }
        return a;
    }

    static double[] randomDoubles(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextDouble(-1.0, 1.0);
        }
        return a;
    }

    /** y = M x for a dense row-major n×n matrix. */
    static double[] multiply(double[] m, int n, double[] x) {
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            int row = i * n;
            for (int j = 0; j < n; j++) {
                s += m[row + j] * x[j];
            }
            y[i] = s;
        }
        return y;
    }

    /** @return max |y - z| / max(1, max |y|) */
    static double relativeError(double[] y, double[] z) {
        double err = 0;
        double scale = 1;
        for (int i = 0; i < y.length; i++) {
            err = Math.max(err, Math.abs(y[i] - z[i]));
            scale = Math.max(scale, Math.abs(y[i]));
        }
        return err / scale;
    }

    /** The checks' common message for a numeric mismatch, or null within tolerance. */
    static String tolerance(String what, double error, double limit) {
        if (!(error <= limit)) {
            return what + " relative error " + error + " exceeds " + limit;
        }
        return null;
    }
}
