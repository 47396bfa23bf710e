package io.forkscope.samples;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * <b>sort</b> — cilksort: parallel merge sort with a parallel merge (BOTS sort, Cilk-5 cilksort).
 *
 * <p>DAG: a sort of a range larger than the cut-off splits it into quarters and sorts them with
 * {@code invokeAll(q0, q1, q2, q3)}; then merges q0+q1 and q2+q3 into a buffer with
 * {@code invokeAll(m01, m23)}; then merges the two halves back. A merge of more than cutoff keys
 * takes the middle key of the longer run, binary-searches its place in the shorter run, stores it
 * and merges the two sides with {@code invokeAll(left, right)}. Small sorts use a serial quicksort
 * (which switches to insertion sort below {@value #INSERTION} keys); small merges a serial merge.
 * Work Θ(n log n), span Θ(log³ n) plus the serial leaves: parallelism is high.
 *
 * <p>n: number of random 64-bit keys. cutoff: sorts and merges of at most cutoff keys run serially.
 */
final class CilkSort extends KernelSample<CilkSort.Input, long[]> {
    static final int INSERTION = 20;

    record Input(long[] keys, long fingerprint) {}

    CilkSort() {
        super("sort", "cilksort: 4-way parallel merge sort with parallel merge (BOTS sort)",
                "number of 64-bit keys", 8_000_000, "sorts and merges of at most cutoff keys run serially", 2048);
    }

    /** Sorts a[lo, lo + size), using tmp[lo, lo + size) as the buffer. */
    static final class SortTask extends RecursiveAction {
        private final long[] a;
        private final long[] tmp;
        private final int lo;
        private final int size;
        private final int cutoff;
        private final boolean serial;

        SortTask(long[] a, long[] tmp, int lo, int size, int cutoff, boolean serial) {
            this.a = a;
            this.tmp = tmp;
            this.lo = lo;
            this.size = size;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            if (size <= cutoff || size < 4) {
                serialQuicksort(a, lo, lo + size);
                return;
            }
            int q = size / 4;
            int b1 = lo + q;
            int b2 = b1 + q;
            int b3 = b2 + q;
            int end = lo + size;
            SortTask s0 = new SortTask(a, tmp, lo, q, cutoff, serial);
            SortTask s1 = new SortTask(a, tmp, b1, q, cutoff, serial);
            SortTask s2 = new SortTask(a, tmp, b2, q, cutoff, serial);
            SortTask s3 = new SortTask(a, tmp, b3, end - b3, cutoff, serial);
            Merge m01 = new Merge(a, lo, b1, b1, b2, tmp, lo, cutoff, serial);
            Merge m23 = new Merge(a, b2, b3, b3, end, tmp, b2, cutoff, serial);
            Merge all = new Merge(tmp, lo, b2, b2, end, a, lo, cutoff, serial);
            if (serial) {
                s0.compute();
                s1.compute();
                s2.compute();
                s3.compute();
                m01.compute();
                m23.compute();
            } else {
                ForkJoinTask.invokeAll(s0, s1, s2, s3);
                ForkJoinTask.invokeAll(m01, m23);
            }
            all.compute(); // a plain call; the merge forks inside
        }
    }

    /** Merges the sorted runs src[lo1, hi1) and src[lo2, hi2) into dst[d, …). */
    static final class Merge extends RecursiveAction {
        private final long[] src;
        private final int lo1;
        private final int hi1;
        private final int lo2;
        private final int hi2;
        private final long[] dst;
        private final int d;
        private final int cutoff;
        private final boolean serial;

        Merge(long[] src, int lo1, int hi1, int lo2, int hi2, long[] dst, int d, int cutoff, boolean serial) {
            this.src = src;
            this.lo1 = lo1;
            this.hi1 = hi1;
            this.lo2 = lo2;
            this.hi2 = hi2;
            this.dst = dst;
            this.d = d;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            int l1 = lo1;
            int h1 = hi1;
            int l2 = lo2;
            int h2 = hi2;
            if (h1 - l1 < h2 - l2) { // make run 1 the longer one
                l1 = lo2;
                h1 = hi2;
                l2 = lo1;
                h2 = hi1;
            }
            if ((h1 - l1) + (h2 - l2) <= cutoff) {
                serialMerge(src, l1, h1, l2, h2, dst, d);
                return;
            }
            int mid1 = (l1 + h1) >>> 1;
            long pivot = src[mid1];
            int mid2 = lowerBound(src, l2, h2, pivot);
            int dMid = d + (mid1 - l1) + (mid2 - l2);
            dst[dMid] = pivot;
            Merge left = new Merge(src, l1, mid1, l2, mid2, dst, d, cutoff, serial);
            Merge right = new Merge(src, mid1 + 1, h1, mid2, h2, dst, dMid + 1, cutoff, serial);
            if (serial) {
                left.compute();
                right.compute();
            } else {
                ForkJoinTask.invokeAll(left, right);
            }
        }
    }

    /** @return the first index i in [lo, hi) with a[i] &gt;= key, or hi */
    static int lowerBound(long[] a, int lo, int hi, long key) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    static void serialMerge(long[] src, int l1, int h1, int l2, int h2, long[] dst, int d) {
        while (l1 < h1 && l2 < h2) {
            dst[d++] = src[l1] <= src[l2] ? src[l1++] : src[l2++];
        }
        while (l1 < h1) {
            dst[d++] = src[l1++];
        }
        while (l2 < h2) {
            dst[d++] = src[l2++];
        }
    }

    /** Quicksort of a[lo, hi) with median-of-three pivots; insertion sort for short ranges. */
    static void serialQuicksort(long[] a, int lo, int hi) {
        while (hi - lo > INSERTION) {
            long x = a[lo];
            long y = a[(lo + hi) >>> 1];
            long z = a[hi - 1];
            long pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
            int i = lo;
            int j = hi - 1;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (j + 1 - lo < hi - i) { // recurse into the smaller side, loop on the larger
                serialQuicksort(a, lo, j + 1);
                lo = i;
            } else {
                serialQuicksort(a, i, hi);
                hi = j + 1;
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            long v = a[i];
            int j = i - 1;
            while (j >= lo && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    @Override
    Input prepare(int n, int cutoff) {
        long[] keys = Checks.randomLongs(n, 0xC11CL);
        return new Input(keys, Checks.fingerprint(keys));
    }

    @Override
    long[] kernel(Input in, Exec exec) {
        long[] a = in.keys();
        SortTask root = new SortTask(a, new long[a.length], 0, a.length, exec.cutoff(), exec.serial());
        exec.run(root, root::compute);
        return a;
    }

    @Override
    String check(Input in, long[] out) {
        return Checks.sortedPermutationError(out, in.fingerprint());
    }

    @Override
    String summary(Input in, long[] out) {
        return "min=" + out[0] + " max=" + out[out.length - 1];
    }
}
