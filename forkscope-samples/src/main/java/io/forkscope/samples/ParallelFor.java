package io.forkscope.samples;

import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;

/**
 * Cilk's {@code cilk_for} in Java, built on {@link CountedCompleter}: the range [lo, hi) is halved,
 * the upper half forked, until a piece has at most {@code grain} iterations; each piece runs its
 * iterations and calls {@code tryComplete()}. Nobody joins the pieces: the last one to finish
 * completes the root (a chain of completion edges), and the caller waits for the root alone.
 *
 * <p>DAG: a binary fork tree of depth log2((hi-lo)/grain) whose leaves run the body; span is
 * O(log(range) + grain × body). The serial elision is the plain {@code for} loop.
 */
final class ParallelFor extends CountedCompleter<Void> {
    private final IntConsumer body;
    private final int lo;
    private final int hi;
    private final int grain;

    private ParallelFor(CountedCompleter<?> parent, int lo, int hi, int grain, IntConsumer body) {
        super(parent);
        this.lo = lo;
        this.hi = hi;
        this.grain = grain;
        this.body = body;
    }

    /**
     * Runs {@code body(i)} for every i in [lo, hi): in parallel (from a worker of the exec's pool or
     * from the main thread) or, in the serial elision, as a plain loop.
     */
    static void run(Exec exec, int lo, int hi, int grain, IntConsumer body) {
        if (exec.serial()) {
            for (int i = lo; i < hi; i++) {
                body.accept(i);
            }
            return;
        }
        ParallelFor root = new ParallelFor(null, lo, hi, Math.max(1, grain), body);
        if (ForkJoinTask.getPool() == exec.pool()) {
            root.invoke();
        } else {
            exec.pool().invoke(root);
        }
    }

    @Override
    public void compute() {
        int l = lo;
        int h = hi;
        while (h - l > grain) {
            int mid = (l + h) >>> 1;
            addToPendingCount(1);
            new ParallelFor(this, mid, h, grain, body).fork();
            h = mid;
        }
        for (int i = l; i < h; i++) {
            body.accept(i);
        }
        tryComplete();
    }
}
