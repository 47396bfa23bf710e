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
     * The {@code k} contexts with the most exclusive idleness + overhead (the task contexts the
     * timelines charge), each advised on its inclusive values. Synthetic nodes are left out.
     */
    public List<Advised> hotspots(ContextProfile profile, int k) {
        ContextTree tree = profile.tree();
        List<Integer> nodes = new ArrayList<>();
        for (int node = 0; node < profile.nodes(); node++) {
            boolean synthetic = node != ContextTree.ROOT && tree.frame(node).kind() == FrameKind.SYNTHETIC;
            double waste = profile.exclusive(Metric.IDLENESS, node) + profile.exclusive(Metric.OVERHEAD, node);
            if (!synthetic && waste > 0) {
                nodes.add(node);
            }
        }
        nodes.sort(Comparator.comparingDouble((Integer n) -> -(profile.exclusive(Metric.IDLENESS, n) + profile.exclusive(Metric.OVERHEAD, n)))
                .thenComparingInt(n -> n));
        return nodes.stream().limit(k).map(n -> advise(profile, n)).toList();
    }
}
