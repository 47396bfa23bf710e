package io.forkscope.samples;

import io.forkscope.Forkscope;
import java.util.concurrent.RecursiveAction;

/**
 * <b>quicksort</b> — the parallel quicksort of Cilkview Fig. 1 and Cilkprof Fig. 1.
 *
 * <p>DAG: {@code pqsort(lo, hi)} calls {@link #partition} (a serial Θ(hi−lo) loop, its own method as
 * in Cilkprof), then forks the left part, sorts the right part itself and joins. Partitioning the
 * whole array is on the critical path, and so are the partitions of one part at each level, so the
 * span is Θ(n) and parallelism only O(log n) — about 10 for 10^7 keys. Cilkprof's Fig. 2 finds
 * {@code partition} holding almost all of the local span "on span".
 *
 * <p>n: number of random 64-bit keys. cutoff: ranges of at most cutoff keys are insertion-sorted
 * serially (Cilkprof used COARSENING = 32; the default here is larger to keep the task count
 * moderate).
 *
 * <p>Abstract work: the strand that partitions declares {@code hi − lo} units (one per key
 * examined, declared inside {@link #partition}, so that call-site profiles credit it there) and each base case declares the number of key comparisons its insertion sort made.
 * Partition strands are included, not only leaves, because they carry the span this case study is
 * about.
 */
final class Quicksort extends KernelSample<Quicksort.Input, long[]> {

    record Input(long[] keys, long fingerprint) {}

    Quicksort() {
        super("quicksort", "parallel quicksort, partition on the critical path (Cilkview Fig. 1, Cilkprof Fig. 1)",
                "number of 64-bit keys", 8_000_000, "ranges of at most cutoff keys are insertion-sorted serially", 256);
    }

    static final class PqSort extends RecursiveAction {
        private final long[] a;
        private final int lo;
        private final int hi;
        private final int cutoff;
        private final boolean serial;

        PqSort(long[] a, int lo, int hi, int cutoff, boolean serial) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            if (hi - lo <= cutoff) {
                Forkscope.work(insertionSort(a, lo, hi));
                return;
            }
            int split = partition(a, lo, hi);
            PqSort left = new PqSort(a, lo, split, cutoff, serial);
            PqSort right = new PqSort(a, split, hi, cutoff, serial);
            if (serial) {
                left.compute();
                right.compute();
                return;
            }
            left.fork();
            right.compute();
            left.join();
        }
    }

    /**
     * Hoare partition of a[lo, hi) (hi − lo ≥ 2) around a pseudo-randomly chosen key (a hash of the
     * range, so runs are repeatable).
     *
     * @return split with lo < split < hi, a[lo, split) ≤ pivot ≤ a[split, hi)
     */
    static int partition(long[] a, int lo, int hi) {
        // declared here, in the partition's own frame, so that per-call-site profiles in abstract
        // units (record --sites --unit abstract) credit partition with it, as time would
        Forkscope.work(hi - lo);
        int chosen = lo + (int) Math.floorMod(Checks.mix(((long) lo << 32) ^ hi), (long) (hi - lo));
        swap(a, lo, chosen);
        long pivot = a[lo];
        int i = lo - 1;
        int j = hi;
        while (true) {
            do {
                i++;
            } while (a[i] < pivot);
            do {
                j--;
            } while (a[j] > pivot);
            if (i >= j) {
                return j + 1;
            }
            swap(a, i, j);
        }
    }

    /** Sorts a[lo, hi) by insertion. @return the number of key comparisons made */
    static long insertionSort(long[] a, int lo, int hi) {
        long comparisons = 0;
        for (int i = lo + 1; i < hi; i++) {
            long x = a[i];
            int j = i - 1;
            while (j >= lo) {
                comparisons++;
                if (a[j] <= x) {
                    break;
                }
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
        return comparisons;
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 1, "n must be at least 1");
        require(cutoff >= 1, "cutoff must be at least 1");
    }

    @Override
    Input prepare(int n, int cutoff) {
        long[] keys = Checks.randomLongs(n, 0x5157L);
        return new Input(keys, Checks.fingerprint(keys));
    }

    @Override
    long[] kernel(Input in, Exec exec) {
        PqSort root = new PqSort(in.keys(), 0, in.keys().length, exec.cutoff(), exec.serial());
        exec.run(root, root::compute);
        return in.keys();
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
