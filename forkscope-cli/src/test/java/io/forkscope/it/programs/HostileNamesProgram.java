package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveTask;

/**
 * A fork/join run whose names would be markup if a report did not escape them: its region's label
 * closes a script element and opens another, its pool's threads have quotes and angle brackets.
 */
public final class HostileNamesProgram {
    private HostileNamesProgram() {}

    public static final String LABEL = "</script><script>alert(1)</script>";
    public static final String THREAD = "worker \"A\" 'B' <i>";

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2, p -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setName(THREAD + t.getPoolIndex());
            return t;
        }, null, false);
        try (var region = Forkscope.region(LABEL)) {
            System.out.println(pool.invoke(new Fib(18)));
        }
        pool.shutdown();
    }

    static final class Fib extends RecursiveTask<Long> {
        private final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 8) {
                return serial(n);
            }
            Fib a = new Fib(n - 1);
            a.fork();
            return new Fib(n - 2).compute() + a.join();
        }

        static long serial(int n) {
            return n < 2 ? n : serial(n - 1) + serial(n - 2);
        }
    }
}
