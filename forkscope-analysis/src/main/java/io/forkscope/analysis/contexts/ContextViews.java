package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The views of SPEC §5 over a {@link ContextProfile}: top-down, bottom-up, flat. */
public final class ContextViews {
    private ContextViews() {
    }

    /** One node of a top-down (or bottom-up) tree, in pre-order. */
    public record TreeRow(int node, int depth, Frame frame) { }

    /**
     * Top-down: the calling context tree in pre-order, children by decreasing inclusive effort; a
     * node whose inclusive effort is below {@code minPercentOfEffort} is left out with its subtree.
     */
    public static List<TreeRow> topDown(ContextProfile profile, double minPercentOfEffort) {
        List<TreeRow> rows = new ArrayList<>();
        ContextTree tree = profile.tree();
        Comparator<Integer> byEffort = Comparator.comparingDouble((Integer n) -> -profile.inclusive(Metric.EFFORT, n))
                .thenComparingInt(n -> n);
        List<Integer> stack = new ArrayList<>(List.of(ContextTree.ROOT));
        while (!stack.isEmpty()) {
            int node = stack.remove(stack.size() - 1);
            if (node != ContextTree.ROOT && profile.percentOfEffort(profile.inclusive(Metric.EFFORT, node)) < minPercentOfEffort) {
                continue;
            }
            rows.add(new TreeRow(node, tree.depth(node), tree.frame(node)));
            List<Integer> children = new ArrayList<>(tree.children(node));
            children.sort(byEffort.reversed()); // pushed in reverse: popped hottest first
            stack.addAll(children);
        }
        return rows;
    }

    /**
     * Bottom-up: a profile over the reversed tree, whose root's children are the frames where
     * time was spent (exclusive), their children those frames' callers, and so on. Each original
     * node's exclusive values go to the reversed node of its whole path, leaf first; so a reversed
     * node's inclusive value is the exclusive time of all contexts whose path ends with that chain
     * of callers, and the totals equal the original's.
     */
    public static ContextProfile bottomUp(ContextProfile profile) {
        ContextTree tree = profile.tree();
        ContextTree reversed = new ContextTree();
        int[] target = new int[profile.nodes()];
        for (int node = 0; node < profile.nodes(); node++) {
            int r = ContextTree.ROOT;
            for (int n = node; n != ContextTree.ROOT; n = tree.parent(n)) {
                r = reversed.child(r, tree.frame(n));
            }
            target[node] = r;
        }
        double[][] values = new double[3][reversed.size()];
        Metric[] base = ContextProfile.baseMetrics();
        for (int node = 0; node < profile.nodes(); node++) {
            for (int m = 0; m < base.length; m++) {
                values[m][target[node]] += profile.exclusive(base[m], node);
            }
        }
        return new ContextProfile(reversed, values[0], values[1], values[2]);
    }

    /** One frame of the flat view: exclusive and inclusive values per metric (index = Metric ordinal). */
    public record FlatRow(Frame frame, double[] exclusive, double[] inclusive) {
        public double exclusive(Metric m) {
            return exclusive[m.ordinal()];
        }

        public double inclusive(Metric m) {
            return inclusive[m.ordinal()];
        }
    }

    /**
     * Flat: per frame, summed over all contexts. Exclusive: the nodes whose own frame it is.
     * Inclusive: every node whose path contains the frame, once per path however often a
     * recursive method appears in it. Rows by decreasing inclusive effort.
     */
    public static List<FlatRow> flat(ContextProfile profile) {
        ContextTree tree = profile.tree();
        Map<Frame, FlatRow> rows = new LinkedHashMap<>();
        Metric[] metrics = Metric.values();
        for (int node = 1; node < profile.nodes(); node++) {
            FlatRow own = rows.computeIfAbsent(tree.frame(node), f -> new FlatRow(f, new double[metrics.length], new double[metrics.length]));
            for (Metric m : metrics) {
                own.exclusive[m.ordinal()] += profile.exclusive(m, node);
            }
            Set<Frame> onPath = new HashSet<>();
            for (int n = node; n != ContextTree.ROOT; n = tree.parent(n)) {
                Frame f = tree.frame(n);
                if (onPath.add(f)) {
                    FlatRow row = rows.computeIfAbsent(f, g -> new FlatRow(g, new double[metrics.length], new double[metrics.length]));
                    for (Metric m : metrics) {
                        row.inclusive[m.ordinal()] += profile.exclusive(m, node);
                    }
                }
            }
        }
        List<FlatRow> list = new ArrayList<>(rows.values());
        list.sort(Comparator.comparingDouble((FlatRow r) -> -r.inclusive(Metric.EFFORT)));
        return list;
    }
}
