package io.forkscope.model;

/**
 * The DAG measures of one computation or region (measures.md §2): work T1, span T∞, burdened span bT∞,
 * the counts of spawns (create edges) and syncs (waits on spawned tasks), and the wall-clock time
 * the section took. Work and spans are in the recording's {@link Unit}; elapsed is always
 * nanoseconds.
 */
public record WorkSpan(long work, long span, long burdenedSpan, long spawns, long syncs, long elapsedNs) {
    public static final WorkSpan ZERO = new WorkSpan(0, 0, 0, 0, 0, 0);

    /** Parallelism T1/T∞ (0 when there is no span). */
    public double parallelism() {
        return span == 0 ? 0 : (double) work / span;
    }

    /** Burdened parallelism T1/bT∞ (0 when there is no burdened span). */
    public double burdenedParallelism() {
        return burdenedSpan == 0 ? 0 : (double) work / burdenedSpan;
    }

    /** Cilkview's average maximal strand: work / (1 + 2·spawns + syncs). */
    public double averageMaximalStrand() {
        return (double) work / (1 + 2 * spawns + syncs);
    }
}
