package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;

/**
 * Which nodes of a context tree are forkscope's own cost (issue 20 item 8): a node whose frame is
 * forkscope's (kind TOOL), or the JDK's (library or the pool's runtime) with forkscope's code the
 * nearest frame below it that is not the JDK's: what the recorder's hooks call (a {@code LongAdder}
 * in {@code SpanEngine.create}, a clock, a thread local, a task's status) is the recorder's cost, not
 * the program's. A program frame above a forkscope frame (a region's body run by the API) is the
 * program's again. Such nodes are shown, with their cost, but never advised on: the user cannot
 * change forkscope's code, and its cost is gone when the program runs without it.
 */
public final class ForkscopeCode {
    private ForkscopeCode() {
    }

    /** @return whether {@code node} (not the root) is forkscope's own cost, as defined above */
    public static boolean isOwn(ContextTree tree, int node) {
        int n = node;
        while (n != ContextTree.ROOT && jdk(tree.frame(n))) {
            n = tree.parent(n);
        }
        return n != ContextTree.ROOT && tree.frame(n).kind() == FrameKind.TOOL;
    }

    /** Whether a frame is the JDK's: the pool's runtime, or a library class of the JDK. */
    static boolean jdk(Frame f) {
        if (f.kind() == FrameKind.RUNTIME) {
            return true;
        }
        String c = f.className();
        return f.kind() == FrameKind.PROGRAM && (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")
                || c.startsWith("com.sun."));
    }

    /** @return per node, the effort of forkscope's own nodes in its subtree (itself included), ns */
    public static double[] inclusiveOwnEffort(ContextProfile profile) {
        ContextTree tree = profile.tree();
        double[] own = new double[profile.nodes()];
        for (int node = 1; node < own.length; node++) {
            if (isOwn(tree, node)) {
                own[node] = profile.exclusive(Metric.EFFORT, node);
            }
        }
        for (int node = own.length - 1; node > 0; node--) {   // a child's id is greater than its parent's
            own[tree.parent(node)] += own[node];
        }
        return own;
    }
}
