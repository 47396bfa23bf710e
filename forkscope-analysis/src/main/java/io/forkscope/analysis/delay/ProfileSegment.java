package io.forkscope.analysis.delay;

import io.forkscope.model.dag.EdgeKind;

/**
 * A stretch of time in which the parallelism profile is constant: how many nodes run, and how
 * many are ready but not started, split by the kind of edge that made them ready. Both are
 * fractional where a collapsed node is spread over its interval: it runs work / (end − start) of
 * it (the rest was its worker's runtime time between inner strands), and its inner delay is ready.
 * {@code slots} is slots(t) in the stretch (measures.md §2): the worker slots the stretch's work,
 * delay and no-work add up to; constant inside a segment (segments are cut where it changes).
 */
public record ProfileSegment(long start, long end, double running, double[] readyByKind, int slots) {
    public long length() {
        return end - start;
    }

    public double ready() {
        double r = 0;
        for (double x : readyByKind) {
            r += x;
        }
        return r;
    }

    public double ready(EdgeKind kind) {
        return readyByKind[kind.ordinal()];
    }
}
