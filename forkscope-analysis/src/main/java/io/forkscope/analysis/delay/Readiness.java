package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.EdgeKind;

/**
 * When each node became ready (measures.md §6): the latest end among its predecessors, or the start of
 * the run for a node without one, and the predecessor and edge kind that made it ready (the one
 * that finished last; the first such edge on a tie). A node whose last predecessor's worker went on
 * into forkscope's hook right after it (the recorder's time after that node's end, see
 * {@link ParallelismProfile#recorderIntervals}) was ready but held by that hook until it returned: the
 * runtime pushes a forked child, marks a task done and wakes its joiner only after the hook. It is
 * {@link #held} until then: forkscope's, not the scheduler's.
 */
final class Readiness {
    final long[] ready;
    /** The predecessor that finished last, or -1. */
    final int[] lastPred;
    /** The kind of edge from {@link #lastPred}; CREATE for a node without predecessors. */
    final EdgeKind[] kind;
    /** Until when it was held by forkscope's hook after {@link #lastPred} (in [ready, start]; ready when not held). */
    final long[] heldUntil;
    /**
     * Forkscope's time between nodes ({@link ParallelismProfile#recorderIntervals}), found once here for
     * the profile too: [from, to) pairs, flattened, in the order recorderIntervals tells them; null once
     * the profile took them ({@link #takeRecorderSpans}).
     */
    private long[] recorderSpans;
    private final Dag dag;

    Readiness(Dag dag) {
        this.dag = dag;
        int n = dag.nodes().size();
        ready = new long[n];
        lastPred = new int[n];
        kind = new EdgeKind[n];
        heldUntil = new long[n];
        long[] hookEnd = new long[n];          // per node: the end of forkscope's time right after it on its worker
        java.util.Arrays.fill(hookEnd, Long.MIN_VALUE);
        recorderSpans = spans(dag, hookEnd);
        DagNodes nodes = dag.table();
        for (int v = 0; v < n; v++) {
            long r = dag.begin();
            int from = -1;
            EdgeKind k = EdgeKind.CREATE;
            for (int e = 0; e < nodes.inCount(v); e++) {
                int pred = nodes.inFrom(v, e);
                long predEnd = nodes.end(pred);
                if (from < 0 || predEnd > r) {
                    r = Math.max(r, predEnd);
                    from = pred;
                    k = nodes.inKind(v, e);
                }
            }
            long start = nodes.start(v);
            ready[v] = Math.min(r, start);   // clock skew between threads never makes delay negative
            lastPred[v] = from;
            kind[v] = k;
            heldUntil[v] = from < 0 ? ready[v] : Math.max(ready[v], Math.min(start, hookEnd[from]));
        }
    }

    /**
     * @return forkscope's time between nodes as [from, to) pairs (see {@link #recorderSpans}), which this
     *         forgets: the profile holds them only while it makes its events; asked again, they are found
     *         again
     */
    long[] takeRecorderSpans() {
        long[] s = recorderSpans;
        recorderSpans = null;
        if (s != null) {
            return s;
        }
        return spans(dag, null);
    }

    /**
     * @param hookEnd null, or per node the end of forkscope's time right after it on its worker, to fill
     * @return {@link ParallelismProfile#recorderIntervals}' [from, to) pairs, flattened, in the order told
     */
    private static long[] spans(Dag dag, long[] hookEnd) {
        int n = dag.nodes().size();
        long[][] spans = {new long[16]};
        int[] count = {0};
        ParallelismProfile.recorderIntervals(dag, (after, from, to) -> {
            if (after >= 0 && hookEnd != null) {
                hookEnd[after] = to;
            }
            long[] s = spans[0];
            if (count[0] + 2 > s.length) {
                // at most one span a node: room for them all at once, rather than doubling up to it
                s = java.util.Arrays.copyOf(s, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * s.length, 2L * n)));
                spans[0] = s;
            }
            s[count[0]++] = from;
            s[count[0]++] = to;
        });
        return count[0] == spans[0].length ? spans[0] : java.util.Arrays.copyOf(spans[0], count[0]);
    }

    long delay(DagNode node) {
        return node.start() - ready[node.id()];
    }

    long delay(DagNodes nodes, int id) {
        return nodes.start(id) - ready[id];
    }
}
