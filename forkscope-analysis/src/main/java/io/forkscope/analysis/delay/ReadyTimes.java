package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.EdgeKind;

/**
 * When each node of a DAG became ready (measures.md §6): the latest end among its predecessors (the run's
 * begin for a node without any, never after the node's start), and so its delay, start − ready;
 * with the edge kind that made it ready. For views that show nodes one by one (timelines).
 */
public final class ReadyTimes {
    private final Readiness readiness;
    private final Dag dag;

    private ReadyTimes(Dag dag) {
        this.dag = dag;
        this.readiness = new Readiness(dag);
    }

    public static ReadyTimes of(Dag dag) {
        return new ReadyTimes(dag);
    }

    /**
     * @return the DAG's parallelism profile, made from these ready times: what {@link ParallelismProfile#of}
     *     gives, without finding them a second time (a pass over every edge, and some 40 bytes a node held
     *     for as long as the profile is)
     */
    public ParallelismProfile profile() {
        return ParallelismProfile.of(dag, readiness);
    }

    /** @return when node {@code id} became ready (ns) */
    public long ready(int id) {
        return readiness.ready[id];
    }

    /** @return start − ready of node {@code id} (ns, never negative) */
    public long delay(int id) {
        return readiness.delay(dag.table(), id);
    }

    /** @return the kind of the edge that made node {@code id} ready (CREATE for the first node) */
    public EdgeKind readyBy(int id) {
        return readiness.kind[id];
    }

    /** @return the predecessor that finished last, or -1 for a node without predecessors */
    public int lastPredecessor(int id) {
        return readiness.lastPred[id];
    }
}
