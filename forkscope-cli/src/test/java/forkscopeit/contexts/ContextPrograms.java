package forkscopeit.contexts;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * A program whose contexts are known by construction (issue 12's proofs), on a pool of 2:
 * <ol>
 * <li>siblings: two tasks forked together, one spinning X ms in {@link #one}, the other 3X in
 *     {@link #three}, one per worker: work of one : three = 1 : 3; the worker that ran {@code one}
 *     then idles (in the root's join) while {@code three} runs on, so {@code three}'s idleness is
 *     about 2X, 2/3 of its work, and {@code one}'s about 0;</li>
 * <li>a serial phase: one task spins 2X in {@link #serial} while the other worker has nothing to do:
 *     {@code serial}'s idleness = (P − 1) × its length = its work.</li>
 * </ol>
 * Outside io.forkscope: frames of io.forkscope.* classes are the tool's (overhead), not the program's.
 * Spinning is on the wall clock, so the phases keep their ratios on a loaded machine: a task's time is
 * its length less the time the recorder saw its thread preempted (taken out of strands), plus the
 * delay before its last check of the clock. Prints one line; args: X in ms (default 250).
 */
public final class ContextPrograms {
    static volatile long sink;

    private ContextPrograms() {}

    public static void main(String[] args) {
        long x = args.length > 0 ? Long.parseLong(args[0]) : 250;
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.invoke(action(() -> ForkJoinTask.invokeAll(action(() -> one(x)), action(() -> three(3 * x)))));
        pool.invoke(action(() -> serial(2 * x)));
        pool.shutdown();
        System.out.println(sink == 42 ? "contexts done!" : "contexts done");
    }

    static void one(long ms) {
        spin(ms);
    }

    static void three(long ms) {
        spin(ms);
    }

    static void serial(long ms) {
        spin(ms);
    }

    /** Spins for {@code ms} of wall-clock time. */
    static void spin(long ms) {
        long end = System.nanoTime() + ms * 1_000_000L;
        long h = 1;
        do {
            for (int i = 0; i < 200_000; i++) {
                h ^= h << 13;
                h ^= h >>> 7;
                h ^= h << 17;
            }
        } while (System.nanoTime() < end);
        sink += h;
    }

    static RecursiveAction action(Runnable body) {
        return new RecursiveAction() {
            @Override
            protected void compute() {
                body.run();
            }
        };
    }
}
