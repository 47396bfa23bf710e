package com.acme.count;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.LongSupplier;

/**
 * Small methods whose executed bytecode instructions are counted by hand in CountWeaverTest (javac
 * 17's output for each is listed there). Outside io.forkscope, so the default scope weaves them.
 */
public final class Counted {
    private Counted() {}

    public static int add(int a, int b) {
        return a + b;
    }

    public static int sum(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
        }
        return s;
    }

    public static int twice(int x) {
        return add(x, x) + add(x, 1);
    }

    public static int caught(int x) {
        try {
            if (x > 0) {
                throw new IllegalStateException();
            }
            return 1;
        } catch (IllegalStateException e) {
            return 2;
        }
    }

    public static int choose(int x) {
        switch (x) {
            case 0:
                return 10;
            case 1:
                return 20;
            default:
                return 30;
        }
    }

    /** What {@code probe} reads when called: the count must already hold this method's instructions. */
    public static long observed(LongSupplier probe) {
        int a = 1;
        int b = a + 2;
        return probe.getAsLong() + b;
    }

    /** Calls {@link #middle}, which may reach an event (its interface call): not quiet, so handed over before. */
    public static long outer(LongSupplier probe) {
        int a = 1;
        return middle(probe) + a;
    }

    private static long middle(LongSupplier probe) {
        return probe.getAsLong();
    }

    /** Calls {@link #add}, which is quiet: the caller's count stays in its local across the call. */
    public static long quietCaller(LongSupplier probe) {
        int a = add(1, 2);
        return probe.getAsLong() + a;
    }

    public static long fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    /** A quiet recursion that a JVM-raised exception ends (at depth {@code n}: 1 / 0). */
    public static int divide(int n) {
        return n == 0 ? 1 / n : divide(n - 1) + 1;
    }

    /** A quiet instance recursion (a final class: exact dispatch), synchronized on the way. */
    public static long walk(int n) {
        return new Walker(n).sumTo(n - 1);
    }

    /** A quiet method that loops, switches and calls three quiet callees. */
    public static long mixed(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            switch (i % 3) {
                case 0 -> s += add(i, 1);
                case 1 -> s += twice(i);
                default -> s += Math.max(sum(i % 7), 2);
            }
        }
        return s;
    }

    /** A quiet recursion beside an abstract method that has its twin's name and descriptor. */
    public abstract static class Clash {
        public static long down(int n) {
            return n == 0 ? 0 : down(n - 1) + 1;
        }

        abstract long down(int n, long[] cell, int lane);
    }

    public static final class Walker {
        private final int[] data;

        Walker(int n) {
            data = new int[n];
            for (int i = 0; i < n; i++) {
                data[i] = i * 3;
            }
        }

        long sumTo(int i) {
            return i < 0 ? 0 : data[i] + step(i);
        }

        private synchronized long step(int i) {
            return sumTo(i - 1) + (i & 1);
        }
    }

    /** A fork/join fib: the same instructions whichever worker runs a task. */
    public static final class Fib extends RecursiveTask<Long> {
        private final int n;

        public Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 8) {
                return fib(n);
            }
            Fib a = new Fib(n - 1);
            a.fork();
            return new Fib(n - 2).compute() + a.join();
        }

        public static long run(int n, int workers) {
            ForkJoinPool pool = new ForkJoinPool(workers);
            try {
                return pool.invoke(new Fib(n));
            } finally {
                pool.shutdown();
            }
        }
    }
}
