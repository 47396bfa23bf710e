package io.forkscope.it.programs;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Ways a program ends: {@code normal}, {@code exit} (System.exit(3) from a worker-using program),
 * {@code throw} (an exception thrown in a task, rethrown by join, uncaught in main), {@code wait}
 * (runs until killed; prints "ready" once its first computation is done).
 */
public final class ExitPrograms {
    private ExitPrograms() {}

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(2);
        System.out.println("sum " + pool.invoke(new Sum(0, 100_000, false)));
        switch (args[0]) {
            case "exit" -> System.exit(3);
            case "throw" -> pool.invoke(new Sum(0, 100_000, true));
            case "wait" -> {
                System.out.println("ready");
                System.out.flush();
                while (true) {
                    pool.invoke(new Sum(0, 100_000, false));
                    Thread.sleep(5);
                }
            }
            default -> { }
        }
    }

    static final class Sum extends RecursiveTask<Long> {
        final int lo;
        final int hi;
        final boolean fail;

        Sum(int lo, int hi, boolean fail) {
            this.lo = lo;
            this.hi = hi;
            this.fail = fail;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 1000) {
                if (fail && lo <= 42_000 && 42_000 < hi) {
                    throw new IllegalStateException("boom in task " + lo);
                }
                long s = 0;
                for (int i = lo; i < hi; i++) {
                    s += i;
                }
                return s;
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(lo, mid, fail);
            left.fork();
            long right = new Sum(mid, hi, fail).compute();
            return left.join() + right;
        }
    }
}
