package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;

/**
 * What each node of a DAG costs when it is replayed: its work (the CPU time its strands ran, {@link
 * DagNode#work()}, not end − start, which holds the delays of the run that was recorded) and its inner
 * span ({@link DagNode#span()}: its work for a plain strand, the longest path inside a collapsed node).
 * Indexed by node id. A view beside the DAG rather than a changed copy of it, so that a what-if
 * ({@link WhatIf}) changes costs and never the recorded nodes.
 *
 * <p>Invariant: for every node, 0 ≤ span ≤ work.
 */
public final class Costs {
    private final long[] work;
    private final long[] span;

    private Costs(long[] work, long[] span) {
        for (int i = 0; i < work.length; i++) {
            if (work[i] < 0 || span[i] < 0 || span[i] > work[i]) {
                throw new IllegalArgumentException("node " + i + " costs work " + work[i] + " and span " + span[i]
                        + "; need 0 <= span <= work");
            }
        }
        this.work = work;
        this.span = span;
    }

    /**
     * @return the costs as recorded; a node's span is clamped into [0, work], as a recorded collapsed
     *         node's inner span can exceed its work by the recorder's rounding
     */
    public static Costs recorded(Dag dag) {
        int n = dag.nodes().size();
        long[] w = new long[n];
        long[] s = new long[n];
        for (DagNode node : dag.nodes()) {
            w[node.id()] = Math.max(0, node.work());
            s[node.id()] = Math.min(w[node.id()], Math.max(0, node.span()));
        }
        return new Costs(w, s);
    }

    /** @return costs with work {@code work[i]} and span {@code span[i]} for node i (copied) */
    public static Costs of(long[] work, long[] span) {
        if (work.length != span.length) {
            throw new IllegalArgumentException(work.length + " works and " + span.length + " spans");
        }
        return new Costs(work.clone(), span.clone());
    }

    public int size() {
        return work.length;
    }

    public long work(int id) {
        return work[id];
    }

    public long span(int id) {
        return span[id];
    }

    long[] workArray() {
        return work;
    }

    long[] spanArray() {
        return span;
    }

    void checkFits(Dag dag) {
        if (dag.nodes().size() != work.length) {
            throw new IllegalArgumentException("costs for " + work.length + " nodes, the DAG has " + dag.nodes().size());
        }
    }
}
