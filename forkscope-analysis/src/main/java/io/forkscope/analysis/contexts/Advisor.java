package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.FrameKind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Table 1 per context. A context's idleness (overhead) is high when it is at least
 * {@code idlenessThreshold} ({@code overheadThreshold}) of the context's own inclusive effort: a
 * share of the context's effort, not of the program's, because the advice is about how the
 * context is parallelised, whatever its weight in the run. Defaults: idleness 25% (while the
 * context runs, a quarter of the workers' time is wasted: parallel efficiency below 75%, where a
 * finer grain usually pays); overhead 10% (one tenth of the context's effort goes to the pool's
 * and the tool's code: the range where HPCToolkit's paper and fork/join practice say the tasks are
 * too small, as a sequential cutoff typically recovers most of it).
 */
public record Advisor(double idlenessThreshold, double overheadThreshold) {
    public static final Advisor DEFAULT = new Advisor(0.25, 0.10);

    /** A context with its advice; shares are of the context's own inclusive effort. */
    public record Advised(int node, double idlenessShare, double overheadShare, Advice advice) { }

    public Advised advise(ContextProfile profile, int node) {
        double effort = profile.inclusive(Metric.EFFORT, node);
        double idle = effort == 0 ? 0 : profile.inclusive(Metric.IDLENESS, node) / effort;
        double over = effort == 0 ? 0 : profile.inclusive(Metric.OVERHEAD, node) / effort;
        return new Advised(node, idle, over, Advice.of(idle >= idlenessThreshold, over >= overheadThreshold));
    }

    /**
     * The {@code k} program contexts with the most idleness + overhead, each advised on its
     * inclusive values. A context's waste is its exclusive idleness + overhead plus that of the
     * runtime and tool frames called from it (the pool's {@code fork}, the recorder's hooks): the
     * advice is for the program's code that caused it, not for a frame of the pool or of forkscope,
     * which a user cannot change. A context whose frame is the program's (or the root) is a program
     * context; synthetic nodes are left out.
     */
    public List<Advised> hotspots(ContextProfile profile, int k) {
        ContextTree tree = profile.tree();
        double[] waste = new double[profile.nodes()];
        for (int node = 0; node < profile.nodes(); node++) {
            double w = profile.exclusive(Metric.IDLENESS, node) + profile.exclusive(Metric.OVERHEAD, node);
            if (w > 0) {
                waste[programContext(tree, node)] += w;
            }
        }
        List<Integer> nodes = new ArrayList<>();
        for (int node = 0; node < profile.nodes(); node++) {
            boolean synthetic = node != ContextTree.ROOT && tree.frame(node).kind() == FrameKind.SYNTHETIC;
            if (!synthetic && waste[node] > 0) {
                nodes.add(node);
            }
        }
        nodes.sort(Comparator.comparingDouble((Integer n) -> -waste[n]).thenComparingInt(n -> n));
        return nodes.stream().limit(k).map(n -> advise(profile, n)).toList();
    }

    /**
     * @return {@code node} if its frame is the program's, synthetic or the root, else its nearest
     *     ancestor that is (runtime and tool frames belong to the program code that called them)
     */
    static int programContext(ContextTree tree, int node) {
        int n = node;
        while (n != ContextTree.ROOT && (tree.frame(n).kind() == FrameKind.RUNTIME
                || tree.frame(n).kind() == FrameKind.TOOL)) {
            n = tree.parent(n);
        }
        return n;
    }
}
