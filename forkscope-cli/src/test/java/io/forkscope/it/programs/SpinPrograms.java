package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * Programs in time units whose work and span are known by construction: strands spin until their
 * thread has used a fixed CPU time (strand time leaves out time a thread was not running, so a
 * strand spinning on the wall clock would measure less on a loaded machine). Region "tree": 50 ms,
 * then four children of 100 ms in parallel, then 50 ms: work 500 ms, span 200 ms. Region "chain": a child of 80 ms forked and joined at once, five times
 * in a row, with 20 ms of the parent between: work 500 ms, span 500 ms.
 */
public final class SpinPrograms {
    private SpinPrograms() {}

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(Integer.parseInt(args[0]));
        try (Region r = Forkscope.region("tree")) {
            pool.invoke(action(() -> {
                computeFor(50);
                ForkJoinTask.invokeAll(spinning(100), spinning(100), spinning(100), spinning(100));
                computeFor(50);
            }));
        }
        try (Region r = Forkscope.region("chain")) {
            pool.invoke(action(() -> {
                for (int i = 0; i < 5; i++) {
                    computeFor(20);
                    spinning(80).fork().join();
                }
            }));
        }
        pool.shutdown();
    }

    static RecursiveAction spinning(long ms) {
        return action(() -> computeFor(ms));
    }

    /** Spins until this thread has used {@code ms} more of CPU time. */
    static void computeFor(long ms) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + ms * 1_000_000L;
        while (mx.getCurrentThreadCpuTime() < end) {
            Thread.onSpinWait();
        }
    }

    /** Spins {@code ms} of wall-clock time. */
    static void spin(long ms) {
        long end = System.nanoTime() + ms * 1_000_000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
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
