package com.acme.jdk;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Programs for io.forkscope.it.CountedJdkIT ({@code record --unit bytecodes --count-jdk}), each measured in a region
 * named after it:
 * <ul>
 *   <li>{@code fill N}: one {@code Arrays.fill(int[], int)} of N elements, the JDK's loop;
 *   <li>{@code nojdk N}: a fork/join sum over N longs written out in the program itself, calling no
 *       JDK method (no boxing, no Math): it counts the same with and without the JDK counted;
 *   <li>{@code sorts N}: fork/join tasks that each sort their own copy of a slice with
 *       {@code Arrays.sort} (the JDK's DualPivotQuicksort), for determinism across worker counts.
 * </ul>
 * Arguments: the program, N, and the pool's worker count (default 2).
 * In a package of its own, outside io.forkscope, so that the counting weaver takes it for the application.
 */
public final class JdkCallingPrograms {
    private JdkCallingPrograms() {}

    public static void main(String[] args) {
        int n = Integer.parseInt(args[1]);
        int workers = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        ForkJoinPool pool = new ForkJoinPool(workers);
        long[] data = new long[n];
        for (int i = 0; i < n; i++) {
            data[i] = (i * 2654435761L) % 1000;
        }
        int[] ints = new int[n];
        int which = switch (args[0]) {      // decided before the region: a string switch calls String's methods
            case "fill" -> 0;
            case "nojdk" -> 1;
            case "sorts" -> 2;
            default -> throw new IllegalArgumentException(args[0]);
        };
        long check;
        try (Region r = Forkscope.region(args[0])) {
            switch (which) {
                case 0 -> {
                    Arrays.fill(ints, 7);
                    check = ints[n - 1];
                }
                case 1 -> {
                    long[] out = new long[1];
                    pool.invoke(new Sum(data, 0, n, out));
                    check = out[0];
                }
                default -> {
                    long[] out = new long[1];
                    pool.invoke(new Sorts(data, 0, n, out));
                    check = out[0];
                }
            }
        }
        System.out.println(check);
        pool.shutdown();
    }

    /** Sums data[from, to) into out[0], forking halves down to 64 elements. */
    static final class Sum extends RecursiveAction {
        final long[] data;
        final int from;
        final int to;
        final long[] out;

        Sum(long[] data, int from, int to, long[] out) {
            this.data = data;
            this.from = from;
            this.to = to;
            this.out = out;
        }

        @Override
        protected void compute() {
            if (to - from <= 64) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += data[i];
                }
                out[0] = s;
                return;
            }
            int mid = (from + to) >>> 1;
            long[] left = new long[1];
            long[] right = new long[1];
            Sum l = new Sum(data, from, mid, left);
            l.fork();
            new Sum(data, mid, to, right).compute();
            l.join();
            out[0] = left[0] + right[0];
        }
    }

    /** Sorts a copy of each 256-element slice of data[from, to) and sums the slices' medians into out[0]. */
    static final class Sorts extends RecursiveAction {
        final long[] data;
        final int from;
        final int to;
        final long[] out;

        Sorts(long[] data, int from, int to, long[] out) {
            this.data = data;
            this.from = from;
            this.to = to;
            this.out = out;
        }

        @Override
        protected void compute() {
            if (to - from <= 256) {
                long[] copy = Arrays.copyOfRange(data, from, to);
                Arrays.sort(copy);
                out[0] = copy[copy.length / 2];
                return;
            }
            int mid = (from + to) >>> 1;
            long[] left = new long[1];
            long[] right = new long[1];
            Sorts l = new Sorts(data, from, mid, left);
            l.fork();
            new Sorts(data, mid, to, right).compute();
            l.join();
            out[0] = left[0] + right[0];
        }
    }
}
