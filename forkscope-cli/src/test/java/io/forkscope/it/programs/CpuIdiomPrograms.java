package io.forkscope.it.programs;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.ArrayDeque;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * The fork/join idioms of docs/fork-join-methods.md in time units: each a round of 32 computing
 * leaves (CpuTreePrograms' calibrated xorshift loop, ~2 ms of CPU each) run ROUNDS times from main,
 * in its own region, after WARM_UP_ROUNDS rounds outside it:
 *
 * <ul>
 *   <li>{@code unfork}: a binary tree of depth 5 on {@code pool}; each inner node forks its right
 *       half, computes its left half, then {@code if (right.tryUnfork()) right.compute(); else right.join();};
 *   <li>{@code helpQuiesce}: a task on {@code pool} forks 32 leaves, joins none, then helpQuiesce();
 *   <li>{@code invokeAll}: a task on {@code pool} calls ForkJoinTask.invokeAll(ArrayDeque of 32 leaves)
 *       (not a List: the array path, a nested wait);
 *   <li>{@code common}: main calls {@code ForkJoinPool.commonPool().invoke(tree)} (CpuTreePrograms.Tree,
 *       invokeAll(a, b) at every inner node); main may run tasks itself while it waits;
 *   <li>{@code commonRootInMain}: main calls {@code tree.invoke()} on the same tree: main runs the root
 *       and at least the leftmost leaf itself, the common pool's workers the forked halves.
 * </ul>
 *
 * <p>Args: WORKERS. The common pool's parallelism must be WORKERS too
 * ({@code -Djava.util.concurrent.ForkJoinPool.common.parallelism}); the program refuses to run
 * otherwise. Prints {@code expected REGION work=W span=S spawns=N} per region: W is the sum over the
 * region's rounds of every leaf's CPU time and S the sum of each round's slowest leaf, both as the
 * leaf's own thread CPU clock timed it in this run (see CpuTreePrograms: the truth is robust to load;
 * the few µs of inner strands and of main between rounds are left out, under 1% of W); N is the
 * create edges per round (every fork, plus the pool.invoke) times ROUNDS. Also prints how many of the
 * region's leaves main ran itself (a schedule's choice, reported, not checked).
 */
public final class CpuIdiomPrograms {
    static final int LEAVES = 1 << CpuTreePrograms.DEPTH;

    private CpuIdiomPrograms() {}

    public static void main(String[] args) throws Exception {
        int workers = Integer.parseInt(args[0]);
        if (ForkJoinPool.getCommonPoolParallelism() != workers) {
            throw new IllegalStateException("common pool parallelism " + ForkJoinPool.getCommonPoolParallelism()
                    + ", expected " + workers);
        }
        ForkJoinPool pool = new ForkJoinPool(workers);
        long iters = CpuTreePrograms.calibrate(CpuTreePrograms.MX);
        // 31 forks + the invoke
        rounds("unfork", LEAVES, () -> pool.invoke(new UnforkTree(CpuTreePrograms.DEPTH, iters)));
        // 32 forks + the invoke
        rounds("helpQuiesce", LEAVES + 1, () -> pool.invoke(new ForkAllThenQuiesce(iters)));
        // all but the first forked, the first called; + the invoke
        rounds("invokeAll", LEAVES, () -> pool.invoke(new InvokeAllDeque(iters)));
        // 31 forks (one per invokeAll(a, b)) + the invoke
        rounds("common", LEAVES,
                () -> ForkJoinPool.commonPool().invoke(new CpuTreePrograms.Tree(CpuTreePrograms.DEPTH, iters)));
        // main runs the root itself (invoke() from outside any pool is a call, not a create edge): it
        // computes at least the leftmost leaf of every round, its forks go to the common pool; 31 forks
        rounds("commonRootInMain", LEAVES - 1,
                () -> new CpuTreePrograms.Tree(CpuTreePrograms.DEPTH, iters).invoke());
        pool.shutdown();
    }

    /** Warm-up rounds outside the region, then ROUNDS rounds inside it; prints the region's truth. */
    static void rounds(String name, int spawnsPerRound, Runnable round) {
        for (int i = 0; i < CpuTreePrograms.WARM_UP_ROUNDS; i++) {
            round.run();
        }
        long spanCpu = 0;
        long workCpu = 0;
        CpuTreePrograms.LEAVES_OUTSIDE_POOLS.set(0);
        try (Region r = Forkscope.region(name)) {
            for (int i = 0; i < CpuTreePrograms.ROUNDS; i++) {
                CpuTreePrograms.SLOWEST_LEAF.set(0);
                CpuTreePrograms.LEAVES.set(0);
                round.run();
                spanCpu += CpuTreePrograms.SLOWEST_LEAF.get();
                workCpu += CpuTreePrograms.LEAVES.get();
            }
        }
        System.out.println("expected " + name + " work=" + workCpu + " span=" + spanCpu
                + " spawns=" + (long) CpuTreePrograms.ROUNDS * spawnsPerRound
                + " leavesRunByMain=" + CpuTreePrograms.LEAVES_OUTSIDE_POOLS.get());
    }

    static final class Leaf extends RecursiveAction {
        final long iters;

        Leaf(long iters) {
            this.iters = iters;
        }

        @Override
        protected void compute() {
            CpuTreePrograms.sink += CpuTreePrograms.timedLeaf(iters);
        }
    }

    /** Doug Lea's idiom: fork the right half, compute the left, take the right back or join it. */
    static final class UnforkTree extends RecursiveAction {
        final int depth;
        final long iters;

        UnforkTree(int depth, long iters) {
            this.depth = depth;
            this.iters = iters;
        }

        @Override
        protected void compute() {
            if (depth == 0) {
                CpuTreePrograms.sink += CpuTreePrograms.timedLeaf(iters);
                return;
            }
            UnforkTree right = new UnforkTree(depth - 1, iters);
            right.fork();
            new UnforkTree(depth - 1, iters).compute();
            if (right.tryUnfork()) {
                right.compute();
            } else {
                right.join();
            }
        }
    }

    /** Forks every leaf, joins none, and waits for them all with helpQuiesce. */
    static final class ForkAllThenQuiesce extends RecursiveAction {
        final long iters;

        ForkAllThenQuiesce(long iters) {
            this.iters = iters;
        }

        @Override
        protected void compute() {
            for (int i = 0; i < LEAVES; i++) {
                new Leaf(iters).fork();
            }
            ForkJoinTask.helpQuiesce();
        }
    }

    static final class InvokeAllDeque extends RecursiveAction {
        final long iters;

        InvokeAllDeque(long iters) {
            this.iters = iters;
        }

        @Override
        protected void compute() {
            ArrayDeque<Leaf> leaves = new ArrayDeque<>();
            for (int i = 0; i < LEAVES; i++) {
                leaves.add(new Leaf(iters));
            }
            ForkJoinTask.invokeAll(leaves);
        }
    }
}
