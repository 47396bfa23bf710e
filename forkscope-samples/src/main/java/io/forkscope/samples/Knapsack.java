package io.forkscope.samples;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * <b>knapsack</b> — 0/1 knapsack by branch and bound (Cilk-5 knapsack).
 *
 * <p>Items are sorted by value per weight. A search node (item i, capacity left, value so far) is
 * abandoned when even filling the remaining capacity at item i's value density cannot beat the
 * best value found so far, which all tasks share; otherwise it branches on taking item i and on
 * skipping it. The instance is "strongly correlated" (value = weight + constant), which makes the
 * bound weak and the search large.
 *
 * <p>DAG, on {@link CountedCompleter}: a task dives greedily (taking every item that fits), then
 * forks one child task per "skip" branch it passed (pending count +1 each), deepest first. Nobody
 * joins: each task ends with {@code tryComplete()}, and the root completes when its whole subtree
 * has (completion edges). Nodes deeper than cutoff items search serially (the bound prunes
 * little near the top, so there are about 2^cutoff tasks). Like floorplan, the
 * pruning depends on timing, so parallel runs may do more (speculative) work than the serial one.
 * (Diving before forking matters: a task that forked its "take" branch and went on skipping would
 * find good values last and prune almost nothing.)
 *
 * <p>n: number of items. cutoff: depth (items decided) from which a node searches serially.
 */
final class Knapsack extends KernelSample<Knapsack.Items, Long> {

    /** Sorted by decreasing value density; capacity is half the total weight. */
    record Items(int[] weight, int[] value, int capacity) {
        int count() {
            return weight.length;
        }
    }

    Knapsack() {
        super("knapsack", "0/1 knapsack branch and bound on CountedCompleter with a shared best (Cilk-5 knapsack)",
                "number of items", 56, "items decided by tasks; deeper nodes search serially", 12);
    }

    /** One search node; its compute() explores the skip chain and forks take branches. */
    static final class Node extends CountedCompleter<Void> {
        private final Items items;
        private final AtomicLong best;
        private final int i;
        private final int capacity;
        private final long value;
        private final int cutoff;

        Node(CountedCompleter<?> parent, Items items, AtomicLong best, int i, int capacity, long value, int cutoff) {
            super(parent);
            this.items = items;
            this.best = best;
            this.i = i;
            this.capacity = capacity;
            this.value = value;
            this.cutoff = cutoff;
        }

        @Override
        public void compute() {
            explore(this, items, best, i, capacity, value, cutoff);
            tryComplete();
        }
    }

    /**
     * Dives from item i taking every item that fits (the greedy path: it finds a good best value
     * early), remembering the "skip" branch at each item taken, then starts those skip branches,
     * deepest first — the order a depth-first, take-first search visits them. In a task (owner !=
     * null) each is forked as a child of owner; in the serial elision (owner == null) it is a plain
     * recursive call.
     */
    static void explore(Node owner, Items items, AtomicLong best, int i, int capacity, long value, int cutoff) {
        int n = items.count();
        int[] skipItem = new int[n];
        int[] skipCapacity = new int[n];
        long[] skipValue = new long[n];
        int branches = 0;
        while (true) {
            offer(best, value);
            if (i == n || bound(items, i, capacity, value) <= best.get()) {
                break;
            }
            if (i >= cutoff) {
                search(items, best, i, capacity, value);
                break;
            }
            int w = items.weight()[i];
            if (w <= capacity) {
                if (i + 1 < n) {
                    skipItem[branches] = i + 1;
                    skipCapacity[branches] = capacity;
                    skipValue[branches++] = value;
                }
                capacity -= w;
                value += items.value()[i];
            }
            i++;
        }
        for (int k = branches - 1; k >= 0; k--) {
            if (owner == null) {
                explore(null, items, best, skipItem[k], skipCapacity[k], skipValue[k], cutoff);
            } else if (bound(items, skipItem[k], skipCapacity[k], skipValue[k]) > best.get()) {
                owner.addToPendingCount(1);
                new Node(owner, items, best, skipItem[k], skipCapacity[k], skipValue[k], cutoff).fork();
            }
        }
    }

    /** The serial branch and bound below the cut-off. */
    static void search(Items items, AtomicLong best, int i, int capacity, long value) {
        offer(best, value);
        if (i == items.count() || bound(items, i, capacity, value) <= best.get()) {
            return;
        }
        int w = items.weight()[i];
        if (w <= capacity) {
            search(items, best, i + 1, capacity - w, value + items.value()[i]);
        }
        search(items, best, i + 1, capacity, value);
    }

    /** An upper bound: the remaining capacity filled at item i's density (items are sorted). */
    static long bound(Items items, int i, int capacity, long value) {
        return value + (long) capacity * items.value()[i] / items.weight()[i];
    }

    static void offer(AtomicLong best, long value) {
        long current = best.get();
        while (value > current && !best.compareAndSet(current, value)) {
            current = best.get();
        }
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 1 && n <= 1000, "n must be in 1..1000 (items)");
        require(cutoff >= 0, "cutoff must not be negative");
    }

    @Override
    Items prepare(int n, int cutoff) {
        SplittableRandom rnd = new SplittableRandom(0x4A95L);
        Integer[] order = new Integer[n];
        int[] w = new int[n];
        int[] v = new int[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            w[i] = rnd.nextInt(1, 1001);
            v[i] = w[i] + 100;
            total += w[i];
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(k -> -(double) v[k] / w[k]));
        int[] ws = new int[n];
        int[] vs = new int[n];
        for (int i = 0; i < n; i++) {
            ws[i] = w[order[i]];
            vs[i] = v[order[i]];
        }
        return new Items(ws, vs, (int) (total / 2));
    }

    @Override
    Long kernel(Items items, Exec exec) {
        AtomicLong best = new AtomicLong(0);
        if (exec.serial()) {
            explore(null, items, best, 0, items.capacity(), 0, exec.cutoff());
        } else {
            exec.pool().invoke(new Node(null, items, best, 0, items.capacity(), 0, exec.cutoff()));
        }
        return best.get();
    }

    /** Against the textbook dynamic programme over capacities. */
    @Override
    String check(Items items, Long best) {
        long[] dp = new long[items.capacity() + 1];
        for (int i = 0; i < items.count(); i++) {
            int w = items.weight()[i];
            for (int c = items.capacity(); c >= w; c--) {
                dp[c] = Math.max(dp[c], dp[c - w] + items.value()[i]);
            }
        }
        long expected = dp[items.capacity()];
        return best == expected ? null : "best value expected " + expected + " got " + best;
    }

    @Override
    String summary(Items items, Long best) {
        return "best=" + best + " capacity=" + items.capacity();
    }
}
