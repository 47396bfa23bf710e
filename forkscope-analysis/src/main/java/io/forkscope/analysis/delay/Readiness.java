package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;

/**
 * When each node became ready (measures.md §6): the latest end among its predecessors, or the start of
 * the run for a node without one, and the predecessor and edge kind that made it ready (the one
 * that finished last; the first such edge on a tie).
 */
final class Readiness {
    final long[] ready;
    /** The predecessor that finished last, or -1. */
    final int[] lastPred;
    /** The kind of edge from {@link #lastPred}; CREATE for a node without predecessors. */
    final EdgeKind[] kind;

    Readiness(Dag dag) {
        int n = dag.nodes().size();
        ready = new long[n];
        lastPred = new int[n];
        kind = new EdgeKind[n];
        for (DagNode node : dag.nodes()) {
            int v = node.id();
            long r = dag.begin();
            int from = -1;
            EdgeKind k = EdgeKind.CREATE;
            for (Edge e : node.in()) {
                long predEnd = dag.nodes().get(e.from()).end();
                if (from < 0 || predEnd > r) {
                    r = Math.max(r, predEnd);
                    from = e.from();
                    k = e.kind();
                }
            }
            ready[v] = Math.min(r, node.start());   // clock skew between threads never makes delay negative
            lastPred[v] = from;
            kind[v] = k;
        }
    }

    long delay(DagNode node) {
        return node.start() - ready[node.id()];
    }
}
