package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;

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
        if (args.length > 1 && args[1].equals("idioms")) {
            idioms(pool);
        }
        pool.shutdown();
    }

    /** The idioms of docs/fork-join-methods.md, each in its own region (ExactUnitsIT asks for them). */
    static void idioms(ForkJoinPool pool) throws Exception {
        try (Region r = Forkscope.region("unforkTree")) {
            pool.invoke(new UnforkTree(3));
        }
        try (Region r = Forkscope.region("unforkExec")) {
            pool.invoke(new UnforkExecTree(3));
        }
        try (Region r = Forkscope.region("unforkFib")) {
            System.out.println("unforkFib " + pool.invoke(new UnforkFib(10)));
        }
        try (Region r = Forkscope.region("unforkRecompute")) {
            pool.invoke(new UnforkRecomputeTree(3));
        }
        try (Region r = Forkscope.region("completerReuse")) {
            ReusedTree root = new ReusedTree(null, 4);
            for (int i = 0; i < 3; i++) {
                if (i > 0) {
                    root.reinitializeAll();    // the next iteration reuses the tree (a solver's sweeps)
                }
                pool.invoke(root);
            }
        }
        try (Region r = Forkscope.region("unforkDrop")) {
            pool.invoke(action(() -> {
                Forkscope.work(3);
                ForkJoinTask<?> t = serialLoop(1, 50).fork();
                Forkscope.work(4);
                if (t.tryUnfork()) {
                    Forkscope.work(50);          // the fork dropped, its work done here instead
                } else {
                    t.join();
                }
            }));
        }
        try (Region r = Forkscope.region("helpQuiesce")) {
            pool.invoke(action(() -> {
                Forkscope.work(2);
                for (int i = 1; i <= 4; i++) {
                    serialLoop(1, 10 * i).fork();
                }
                fireAndForget().fork();
                ForkJoinTask.helpQuiesce();
                Forkscope.work(3);
            }));
        }
        try (Region r = Forkscope.region("awaitQuiescence")) {
            Forkscope.work(2);
            // Only top-level tasks here: on JDK 25 an external awaitQuiescence was seen returning
            // true before a task forked by a running task had started (then it is rightly unjoined).
            pool.execute(serialLoop(1, 20));
            pool.execute(serialLoop(1, 30));
            System.out.println("quiescent " + pool.awaitQuiescence(1, TimeUnit.MINUTES));
            Forkscope.work(1);
        }
        try (Region r = Forkscope.region("adapt")) {
            pool.invoke(action(() -> {
                ForkJoinTask<?> a = ForkJoinTask.adapt(() -> Forkscope.work(10)).fork();
                ForkJoinTask<Integer> b = ForkJoinTask.adapt(() -> {
                    Forkscope.work(20);
                    return 1;
                }).fork();
                ForkJoinTask<?> c = ForkJoinTask.adapt(() -> Forkscope.work(7), "c").fork();
                Forkscope.work(5);
                if (c.tryUnfork()) {
                    c.invoke();
                } else {
                    c.join();
                }
                b.join();
                a.join();
            }));
        }
        try (Region r = Forkscope.region("poolInvokeAll")) {
            Forkscope.work(2);
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                long units = 10L * i;
                calls.add(() -> {
                    Forkscope.work(units);
                    return 1;
                });
            }
            int sum = 0;
            for (Future<Integer> f : pool.invokeAll(calls)) {
                sum += f.get();
            }
            System.out.println("invokeAll " + sum);
            Forkscope.work(1);
        }
        try (Region r = Forkscope.region("awaitTermination")) {
            ForkJoinPool own = new ForkJoinPool(pool.getParallelism());
            Forkscope.work(2);
            own.execute(serialLoop(1, 20));
            own.execute(serialLoop(1, 30));
            own.shutdown();
            System.out.println("terminated " + own.awaitTermination(1, TimeUnit.MINUTES));
            Forkscope.work(1);
        }
        try (Region r = Forkscope.region("invokeAllDeque")) {
            pool.invoke(action(() -> {
                ArrayDeque<RecursiveAction> tasks = new ArrayDeque<>();   // not a List: the array path
                for (int i = 1; i <= 4; i++) {
                    tasks.add(serialLoop(1, i));
                }
                ForkJoinTask.invokeAll(tasks);
            }));
        }
    }

    /** Forks a 50-unit task between two units of its own and never joins it. */
    static RecursiveAction fireAndForget() {
        return action(() -> {
            Forkscope.work(1);
            serialLoop(1, 50).fork();
            Forkscope.work(1);
        });
    }

    /**
     * A binary tree joined by Doug Lea's idiom: fork the left half, compute the right half, then
     * take the left back with tryUnfork and compute it directly, or join it if a thief has it. One
     * unit per internal node, five per leaf.
     */
    static final class UnforkTree extends RecursiveAction {
        final int depth;

        UnforkTree(int depth) {
            this.depth = depth;
        }

        @Override
        protected void compute() {
            if (depth == 0) {
                Forkscope.work(5);
                return;
            }
            Forkscope.work(1);
            UnforkTree left = new UnforkTree(depth - 1);
            left.fork();
            new UnforkTree(depth - 1).compute();
            if (left.tryUnfork()) {
                left.compute();
            } else {
                left.join();
            }
        }
    }

    /**
     * {@link UnforkTree} with the other use of tryUnfork (issue 21 item 2): a left half taken back
     * is not computed as the task but redone by a plain call on a fresh, never-forked task, so the
     * forked task never runs; a stolen one is joined. Work 8 × 5 + 7 whatever the schedule.
     */
    static final class UnforkRecomputeTree extends RecursiveAction {
        final int depth;

        UnforkRecomputeTree(int depth) {
            this.depth = depth;
        }

        @Override
        protected void compute() {
            if (depth == 0) {
                Forkscope.work(5);
                return;
            }
            Forkscope.work(1);
            UnforkRecomputeTree left = new UnforkRecomputeTree(depth - 1);
            left.fork();
            new UnforkRecomputeTree(depth - 1).compute();
            if (left.tryUnfork()) {
                new UnforkRecomputeTree(depth - 1).compute();
            } else {
                left.join();
            }
        }
    }

    /**
     * {@link UnforkTree} as a direct ForkJoinTask subclass: its body is exec(), which the idiom then
     * calls directly after a successful tryUnfork.
     */
    static final class UnforkExecTree extends ForkJoinTask<Void> {
        final int depth;

        UnforkExecTree(int depth) {
            this.depth = depth;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {
        }

        @Override
        protected boolean exec() {
            if (depth == 0) {
                Forkscope.work(5);
                return true;
            }
            Forkscope.work(1);
            UnforkExecTree left = new UnforkExecTree(depth - 1);
            left.fork();
            new UnforkExecTree(depth - 1).exec();
            if (left.tryUnfork()) {
                left.exec();
            } else {
                left.join();
            }
            return true;
        }
    }

    /** {@link Fib} with the forked n-1 taken back by tryUnfork and computed directly when it can be. */
    static final class UnforkFib extends RecursiveTask<Long> {
        final int n;

        UnforkFib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            Forkscope.work(1);
            if (n < 2) {
                return (long) n;
            }
            UnforkFib f1 = new UnforkFib(n - 1);
            f1.fork();
            long r2 = new UnforkFib(n - 2).compute();
            long r1 = f1.tryUnfork() ? f1.compute() : f1.join();
            Forkscope.work(1);
            return r1 + r2;
        }
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

    /**
     * A CountedCompleter tree built once and run again after reinitialize() (issue 21 item 3, a
     * Jacobi solver's shape): each internal node does 1 unit, forks its right half and computes its
     * left half directly; each of the 2^depth leaves does 5 units and completes.
     */
    static final class ReusedTree extends CountedCompleter<Void> {
        final ReusedTree left;
        final ReusedTree right;

        ReusedTree(ReusedTree parent, int depth) {
            super(parent);
            left = depth == 0 ? null : new ReusedTree(this, depth - 1);
            right = depth == 0 ? null : new ReusedTree(this, depth - 1);
        }

        @Override
        public void compute() {
            if (left == null) {
                Forkscope.work(5);
                tryComplete();
                return;
            }
            Forkscope.work(1);
            setPendingCount(1);
            right.fork();
            left.compute();
        }

        void reinitializeAll() {
            reinitialize();
            if (left != null) {
                left.reinitializeAll();
                right.reinitializeAll();
            }
        }
    }
}
