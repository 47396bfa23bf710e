package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The same fork/join computation measured cold and warm: region "cold" is its first run in the JVM,
 * so the JIT compiles its methods while it runs; region "warm" is its 30th run, whose methods are
 * compiled by then, and the compilers have been quiet for 300 ms before it starts. Prints the result of
 * every run, so none is dead code, and the JIT's total time read just inside and just outside each
 * region.
 */
public final class ColdCodePrograms {
    private ColdCodePrograms() {}

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2);
        long sum = 0;
        java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        long[] cold = new long[4];
        cold[0] = jit.getTotalCompilationTime();
        try (Region r = Forkscope.region("cold")) {
            cold[1] = jit.getTotalCompilationTime();
            sum += pool.invoke(new Fib(24));
            cold[2] = jit.getTotalCompilationTime();
        }
        cold[3] = jit.getTotalCompilationTime();
        for (int i = 0; i < 28; i++) {
            sum += pool.invoke(new Fib(24));
        }
        awaitQuietCompilers();
        long[] warm = new long[4];
        warm[0] = jit.getTotalCompilationTime();
        try (Region r = Forkscope.region("warm")) {
            warm[1] = jit.getTotalCompilationTime();
            sum += pool.invoke(new Fib(24));
            warm[2] = jit.getTotalCompilationTime();
        }
        warm[3] = jit.getTotalCompilationTime();
        // the JIT's time (ms) read inside each region and around it: what the agent records lies between
        System.out.println("jit cold inner " + (cold[2] - cold[1]) + " outer " + (cold[3] - cold[0]));
        System.out.println("jit warm inner " + (warm[2] - warm[1]) + " outer " + (warm[3] - warm[0]));
        pool.shutdown();
        System.out.println("sum=" + sum);
    }

    /**
     * Waits until the JIT compilers' total time has not moved for 300 ms (at most 10 s): on a loaded
     * machine they lag, and what the earlier runs queued would otherwise compile inside "warm".
     */
    private static void awaitQuietCompilers() {
        java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long start = System.nanoTime();
        long quietSince = start;
        long last = jit.getTotalCompilationTime();
        while (System.nanoTime() - quietSince < 300_000_000L && System.nanoTime() - start < 10_000_000_000L) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long t = jit.getTotalCompilationTime();
            if (t != last) {
                last = t;
                quietSince = System.nanoTime();
            }
        }
    }

    /** Fibonacci with a task per call down to 12, then a plain recursion. */
    static final class Fib extends RecursiveTask<Long> {
        private final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n <= 12) {
                return serial(n);
            }
            Fib left = new Fib(n - 1);
            left.fork();
            long right = new Fib(n - 2).compute();
            return left.join() + right;
        }

        private static long serial(int n) {
            return n < 2 ? n : serial(n - 1) + serial(n - 2);
        }
    }
}
