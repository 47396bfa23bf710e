package io.forkscope.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

/**
 * <b>uts</b> — Unbalanced Tree Search over a binomial tree (BOTS uts, the UTS benchmark).
 *
 * <p>The tree is implicit: a node is a 64-bit state, and the state of child i is a hash of its
 * parent's state and i (a splittable generator: any subtree can be expanded anywhere, in any order,
 * with the same result). The root has n children; every other node has {@value #M} children with
 * probability {@value #Q}, else none. Since M·Q = 0.999 the expected size is about 1000·n nodes, but
 * subtree sizes are wildly unequal: a few children of the root hold most of the tree.
 *
 * <p>DAG: a task expands its node depth-first with an explicit stack, down to cutoff levels below
 * its own root; children found cutoff levels down are forked as new tasks (the fork happens in the
 * middle of the loop), and all forks are joined at the end, newest first. Parallelism is high but
 * found only dynamically; tasks are small (a few nodes each, on average).
 *
 * <p>n: the root's number of children (about 1000·n nodes in all). cutoff: levels a task expands
 * before forking (1 = a task per node, as in BOTS).
 */
final class Uts extends KernelSample<Integer, Uts.Counts> {
    static final int M = 8;
    static final double Q = 0.124875;
    /** Hash rounds to derive a child's state: the "granularity" of UTS's per-node work. */
    static final int ROUNDS = 12;
    static final long ROOT_STATE = 0x0DDBA11L;

    /** nodes counted, internal non-root nodes (M children each), leaves, deepest level. */
    record Counts(long nodes, long internal, long leaves, int maxDepth) {
        Counts plus(Counts o) {
            return new Counts(nodes + o.nodes, internal + o.internal, leaves + o.leaves,
                    Math.max(maxDepth, o.maxDepth));
        }
    }

    Uts() {
        super("uts", "unbalanced tree search over a binomial tree with a splittable hash (BOTS uts)",
                "children of the root (about 1000 n nodes)", 16000, "tree levels a task expands before forking", 4);
    }

    static final class Explore extends RecursiveTask<Counts> {
        private final long state;
        private final int depth;
        private final int rootChildren;
        private final int cutoff;
        private final boolean serial;

        Explore(long state, int depth, int rootChildren, int cutoff, boolean serial) {
            this.state = state;
            this.depth = depth;
            this.rootChildren = rootChildren;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected Counts compute() {
            long nodes = 0;
            long internal = 0;
            long leaves = 0;
            int maxDepth = depth;
            Counts spawned = new Counts(0, 0, 0, 0);
            List<Explore> forked = new ArrayList<>();
            long[] states = new long[16];
            int[] depths = new int[16];
            int top = 0;
            states[top] = state;
            depths[top++] = depth;
            while (top > 0) {
                long s = states[--top];
                int d = depths[top];
                nodes++;
                maxDepth = Math.max(maxDepth, d);
                int children = childCount(s, d, rootChildren);
                if (children == 0) {
                    leaves++;
                    continue;
                }
                if (d > 0) {
                    internal++;
                }
                for (int i = 0; i < children; i++) {
                    long child = childState(s, i);
                    if (d + 1 - depth >= cutoff) {
                        Explore task = new Explore(child, d + 1, rootChildren, cutoff, serial);
                        if (serial) {
                            spawned = spawned.plus(task.compute());
                        } else {
                            task.fork();
                            forked.add(task);
                        }
                    } else {
                        if (top == states.length) {
                            states = java.util.Arrays.copyOf(states, top * 2);
                            depths = java.util.Arrays.copyOf(depths, top * 2);
                        }
                        states[top] = child;
                        depths[top++] = d + 1;
                    }
                }
            }
            for (int i = forked.size() - 1; i >= 0; i--) {
                spawned = spawned.plus(forked.get(i).join());
            }
            return spawned.plus(new Counts(nodes, internal, leaves, maxDepth));
        }
    }

    static int childCount(long state, int depth, int rootChildren) {
        if (depth == 0) {
            return rootChildren;
        }
        double u = (state >>> 11) * 0x1.0p-53;
        return u < Q ? M : 0;
    }

    static long childState(long parent, int i) {
        long s = parent ^ (0x9E3779B97F4A7C15L * (i + 1));
        for (int r = 0; r < ROUNDS; r++) {
            s = Checks.mix(s + r);
        }
        return s;
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 1, "n must be at least 1");
        require(cutoff >= 1, "cutoff must be at least 1 (levels)");
    }

    @Override
    Integer prepare(int n, int cutoff) {
        return n;
    }

    @Override
    Counts kernel(Integer n, Exec exec) {
        Explore root = new Explore(ROOT_STATE, 0, n, exec.cutoff(), exec.serial());
        return exec.invoke(root, root::compute);
    }

    /** Every non-root internal node has exactly M children, so nodes = 1 + n + M·internal. */
    @Override
    String check(Integer n, Counts c) {
        if (c.nodes() != 1 + n + (long) M * c.internal()) {
            return "nodes " + c.nodes() + " != 1 + " + n + " + " + M + " x internal " + c.internal();
        }
        if (c.nodes() != 1 + c.internal() + c.leaves()) {
            return "nodes " + c.nodes() + " != root + internal " + c.internal() + " + leaves " + c.leaves();
        }
        return null;
    }

    @Override
    String summary(Integer n, Counts c) {
        return "nodes=" + c.nodes() + " leaves=" + c.leaves() + " depth=" + c.maxDepth();
    }
}
