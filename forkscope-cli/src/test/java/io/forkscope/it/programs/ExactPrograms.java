package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/**
 * Fork/join programs in abstract work units whose work, span and counts are known by hand, each
 * in its own region. Run under the agent with {@code unit=abstract}; the tests compare every
 * region with the hand-computed values. Prints each result so the tests can check it too.
 */
public final class ExactPrograms {
    private ExactPrograms() {}

    public static void main(String[] args) throws Exception {
        int workers = Integer.parseInt(args[0]);
        ForkJoinPool pool = new ForkJoinPool(workers);
        try (Region r = Forkscope.region("fib")) {
            System.out.println("fib " + pool.invoke(new Fib(12)));
        }
        try (Region r = Forkscope.region("snippetA")) {
            pool.invoke(action(() -> ForkJoinTask.invokeAll(serialLoop(10, 5), serialLoop(10, 5))));
        }
        try (Region r = Forkscope.region("snippetB")) {
            pool.invoke(action(() -> {
                for (int j = 0; j < 10; j++) {
                    ForkJoinTask.invokeAll(serialLoop(1, 5), serialLoop(1, 5));
                }
            }));
        }
        try (Region r = Forkscope.region("nonLifo")) {
            pool.invoke(action(() -> {
                Forkscope.work(1);
                ForkJoinTask<?> longOne = serialLoop(1, 30).fork();
                Forkscope.work(2);
                ForkJoinTask<?> shortOne = serialLoop(1, 10).fork();
                Forkscope.work(3);
                shortOne.join();
                Forkscope.work(4);
                longOne.join();
                Forkscope.work(5);
            }));
        }
        try (Region r = Forkscope.region("invokeAllCollection")) {
            pool.invoke(action(() -> {
                List<RecursiveAction> tasks = new ArrayList<>();
                for (int i = 1; i <= 5; i++) {
                    tasks.add(serialLoop(1, i));
                }
                ForkJoinTask.invokeAll(tasks);
            }));
        }
        try (Region r = Forkscope.region("countedCompleter")) {
            Leaves root = new Leaves(null, new long[] {7, 13, 4});
            pool.invoke(root);
            System.out.println("cc " + root.done);
        }
        try (Region r = Forkscope.region("external")) {
            Forkscope.work(2);
            ForkJoinTask<?> submitted = pool.submit(serialLoop(1, 20));
            ForkJoinTask<?> forkedFromMain = serialLoop(1, 30).fork();   // common pool
            Forkscope.work(3);
            submitted.get();
            forkedFromMain.join();
            Forkscope.work(1);
        }
        pool.shutdown();
    }

    static RecursiveAction serialLoop(int n, long unitsEach) {
        return action(() -> {
            for (int j = 0; j < n; j++) {
                Forkscope.work(unitsEach);
            }
        });
    }

    static RecursiveAction action(Runnable body) {
        return new RecursiveAction() {
            @Override
            protected void compute() {
                body.run();
            }
        };
    }

    /** fib with a work unit before the fork and after the join, and one per leaf. */
    static final class Fib extends RecursiveTask<Long> {
        final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            Forkscope.work(1);
            if (n < 2) {
                return (long) n;
            }
            Fib f1 = new Fib(n - 1);
            f1.fork();
            long r2 = new Fib(n - 2).compute();
            long r1 = f1.join();
            Forkscope.work(1);
            return r1 + r2;
        }
    }

    /** A CountedCompleter that forks one leaf per entry, each declaring its units, then completes. */
    static final class Leaves extends CountedCompleter<Void> {
        final long[] units;
        volatile boolean done;

        Leaves(CountedCompleter<?> parent, long[] units) {
            super(parent);
            this.units = units;
        }

        @Override
        public void compute() {
            if (units.length == 1) {
                Forkscope.work(units[0]);
                tryComplete();
                return;
            }
            Forkscope.work(2);
            setPendingCount(units.length);
            for (long u : units) {
                new Leaves(this, new long[] {u}).fork();
            }
            Forkscope.work(1);
            tryComplete();
        }

        @Override
        public void onCompletion(CountedCompleter<?> caller) {
            done = true;
        }
    }
}
