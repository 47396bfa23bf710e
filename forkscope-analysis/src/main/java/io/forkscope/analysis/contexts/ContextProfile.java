package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;

/**
 * Work, idleness and overhead per node of a context tree, in ns: exclusive values as given, inclusive
 * ones (the node and everything below it) derived. Because a child's id is greater than its parent's,
 * one pass over ids in decreasing order adds every node into its parent. Invariants (tested):
 * inclusive at the root = total; Σ exclusive over all nodes = total.
 */
public final class ContextProfile {
    private static final Metric[] BASE = {Metric.WORK, Metric.IDLENESS, Metric.OVERHEAD};

    private final ContextTree tree;
    private final double[][] exclusive; // [metric ordinal][node], EFFORT filled as the sum
    private final double[][] inclusive;

    /** {@code work}, {@code idleness}, {@code overhead}: exclusive per node, each of length tree.size(). */
    public ContextProfile(ContextTree tree, double[] work, double[] idleness, double[] overhead) {
        int n = tree.size();
        if (work.length != n || idleness.length != n || overhead.length != n) {
            throw new IllegalArgumentException("metric arrays must have one value per node (" + n + ")");
        }
        this.tree = tree;
        this.exclusive = new double[Metric.values().length][];
        exclusive[Metric.WORK.ordinal()] = work.clone();
        exclusive[Metric.IDLENESS.ordinal()] = idleness.clone();
        exclusive[Metric.OVERHEAD.ordinal()] = overhead.clone();
        double[] effort = new double[n];
        for (int node = 0; node < n; node++) {
            effort[node] = work[node] + idleness[node] + overhead[node];
        }
        exclusive[Metric.EFFORT.ordinal()] = effort;
        this.inclusive = new double[exclusive.length][];
        for (Metric m : Metric.values()) {
            double[] inc = exclusive[m.ordinal()].clone();
            for (int node = n - 1; node > ContextTree.ROOT; node--) {
                inc[tree.parent(node)] += inc[node];
            }
            inclusive[m.ordinal()] = inc;
        }
    }

    public ContextTree tree() {
        return tree;
    }

    public int nodes() {
        return exclusive[0].length;
    }

    public double exclusive(Metric metric, int node) {
        return exclusive[metric.ordinal()][node];
    }

    public double inclusive(Metric metric, int node) {
        return inclusive[metric.ordinal()][node];
    }

    /** The metric summed over the whole profile (= inclusive at the root). */
    public double total(Metric metric) {
        return inclusive[metric.ordinal()][ContextTree.ROOT];
    }

    /** {@code value} as a percentage of the total effort (0 when there is none). */
    public double percentOfEffort(double value) {
        return percent(value, total(Metric.EFFORT));
    }

    /** {@code value} as a percentage of the metric's own total (0 when there is none). */
    public double percentOfTotal(Metric metric, double value) {
        return percent(value, total(metric));
    }

    static Metric[] baseMetrics() {
        return BASE.clone();
    }

    private static double percent(double value, double total) {
        return total == 0 ? 0 : 100 * value / total;
    }
}
