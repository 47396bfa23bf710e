package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;

import java.io.IOException;
import java.util.stream.Collectors;

/**
 * Collapsed-stack lines ({@code frame;frame;frame count}) for speedscope and FlameGraph: one line
 * per context node with a non-zero exclusive value of the metric, frames outermost first, the count
 * being the value in units of {@code unitNs} (rounded; e.g. 1000 for µs). The root's own value is
 * written under the name {@value #OUTSIDE_ANY_TASK}.
 */
public final class CollapsedStacks {
    public static final String OUTSIDE_ANY_TASK = "<outside any task>";

    private CollapsedStacks() {
    }

    public static void write(ContextProfile profile, Metric metric, long unitNs, Appendable out) throws IOException {
        ContextTree tree = profile.tree();
        for (int node = 0; node < profile.nodes(); node++) {
            long count = Math.round(profile.exclusive(metric, node) / unitNs);
            if (count <= 0) {
                continue;
            }
            String stack = node == ContextTree.ROOT ? OUTSIDE_ANY_TASK
                    : tree.path(node).stream().map(Frame::label).collect(Collectors.joining(";"));
            out.append(stack).append(' ').append(Long.toString(count)).append('\n');
        }
    }
}
