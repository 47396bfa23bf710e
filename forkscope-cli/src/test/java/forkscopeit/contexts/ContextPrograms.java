package forkscopeit.contexts;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * A program whose contexts are known by construction (issue 12's proofs), on a pool of 2:
 * <ol>
 * <li>siblings: both workers run a task that spins X ms in {@link #one} and then 3X in
 *     {@link #three}, side by side (so load on the machine slows both alike): work of one : three = 1 : 3;</li>
 * <li>a serial phase: one task spins 2X in {@link #serial} while the other worker has nothing to do:
 *     {@code serial}'s idleness = (P − 1) × its length = its work.</li>
 * </ol>
 * Outside io.forkscope: frames of io.forkscope.* classes are the tool's (overhead), not the program's.
 * Spinning is on the wall clock: work and idleness are wall-clock measures (a worker holding a task
 * is working while the OS preempts it), so the phases keep their wall-clock ratios on a loaded
 * machine. Prints one line; args: X in ms (default 250).
 */
public final class ContextPrograms {
    static volatile long sink;

    private ContextPrograms() {}

    public static void main(String[] args) {
        long x = args.length > 0 ? Long.parseLong(args[0]) : 250;
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.invoke(action(() -> ForkJoinTask.invokeAll(action(() -> siblings(x)), action(() -> siblings(x)))));
        pool.invoke(action(() -> serial(2 * x)));
        pool.shutdown();
        System.out.println(sink == 42 ? "contexts done!" : "contexts done");
    }

    static void siblings(long x) {
        one(x);
        three(3 * x);
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
