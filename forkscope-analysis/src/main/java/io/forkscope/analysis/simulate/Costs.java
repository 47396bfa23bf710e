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

    /**
     * The recorded costs scaled by one factor so that their work adds up to {@code totalWork}: for
     * feeding the simulation the work of another run (the T_1 bench measured without the recorder,
     * whose strands run without its hooks and in another JIT state). Each node's work and span are
     * multiplied by totalWork / T1 and rounded to the nearest ns (span clamped to work), so the
     * scaled T1 is totalWork to within half a ns per node; the DAG's shape is kept.
     *
     * @throws IllegalArgumentException when totalWork is negative or the recorded work is 0
     */
    public static Costs scaledTo(Dag dag, long totalWork) {
        Costs recorded = recorded(dag);
        long t1 = 0;
        for (long w : recorded.work) {
            t1 += w;
        }
        if (totalWork < 0 || t1 == 0) {
            throw new IllegalArgumentException("cannot scale a DAG of work " + t1 + " to work " + totalWork);
        }
        double k = (double) totalWork / t1;
        int n = recorded.size();
        long[] w = new long[n];
        long[] s = new long[n];
        for (int i = 0; i < n; i++) {
            w[i] = Math.round(recorded.work[i] * k);
            s[i] = Math.min(w[i], Math.round(recorded.span[i] * k));
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
