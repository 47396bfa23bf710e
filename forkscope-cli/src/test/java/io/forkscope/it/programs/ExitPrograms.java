package io.forkscope.it.programs;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Ways a program ends: {@code normal}, {@code exit} (System.exit(3) from a worker-using program),
 * {@code throw} (an exception thrown in a task, rethrown by join, uncaught in main), {@code wait}
 * (runs until killed; prints "ready" once its first computation is done), {@code inflight} (runs until
 * killed with exactly 5 tasks created and not joined: a root submitted from main, which forks 4
 * children that never end, then joins them; prints "ready" once all 4 run or wait to).
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
            case "inflight" -> {
                java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
                Forever root = new Forever(4, started);
                pool.execute(root);
                started.await();
                System.out.println("ready");
                System.out.flush();
                root.join();
            }
            default -> { }
        }
    }

    /** Forks {@code children} tasks that sleep until the JVM ends, then joins them (never). */
    static final class Forever extends java.util.concurrent.RecursiveAction {
        final int children;
        final java.util.concurrent.CountDownLatch forked;

        Forever(int children, java.util.concurrent.CountDownLatch forked) {
            this.children = children;
            this.forked = forked;
        }

        @Override
        protected void compute() {
            if (children == 0) {
                while (true) {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
            List<Forever> kids = new java.util.ArrayList<>();
            for (int i = 0; i < children; i++) {
                Forever kid = new Forever(0, null);
                kid.fork();
                kids.add(kid);
            }
            forked.countDown();
            kids.forEach(Forever::join);
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
