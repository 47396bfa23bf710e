package io.forkscope.analysis.delay;

import io.forkscope.model.dag.EdgeKind;

/**
 * A stretch of time in which the parallelism profile is constant: how many nodes run, and how
 * many are ready but not started, split by the kind of edge that made them ready. Both are
 * fractional where a collapsed node is spread over its interval: it runs work / (end − start) of
 * it (the rest was its worker's runtime time between inner strands), and its inner delay is ready.
 * {@code slots} is slots(t) in the stretch (measures.md §2): the worker slots the stretch's work,
 * delay and no-work add up to; constant inside a segment (segments are cut where it changes).
 * {@code notRunning}: the nodes executing whose thread was not running (preempted, descheduled,
 * blocked, stopped for GC: the not-running time the recorder took out of their strands, spread over
 * each node as its running share is), fractional like {@code running}; they hold a slot that runs
 * nothing of the program and is free for nothing else. {@code executing}: how many nodes' intervals
 * cover the stretch, whatever share of it they run: a worker inside a node (running it, in the
 * runtime between a collapsed node's strands, or off its core) is free for no other node.
 * {@code recorder}: the workers in forkscope's own hooks between their nodes (each node's
 * recorderBefore, right after its worker's previous node ended; a collapsed node's recorderInside
 * spread over it): the recorder's, neither the program's nor the runtime's (measures.md §6).
 * {@code held}: nodes ready but held by forkscope's hook on their predecessor's worker (see
 * {@link Readiness#heldUntil}); not in {@code readyByKind}.
 */
public record ProfileSegment(long start, long end, double running, double[] readyByKind, int slots, double notRunning,
                             int executing, double recorder, double held) {

    /** A segment without forkscope's own time. */
    public ProfileSegment(long start, long end, double running, double[] readyByKind, int slots, double notRunning,
                          int executing) {
        this(start, end, running, readyByKind, slots, notRunning, executing, 0, 0);
    }

    /** The slots in forkscope's hooks: up to the ones neither running nor holding a node not running. */
    public double inRecorder() {
        return inRecorder(slots, running, notRunning, recorder);
    }

    /** The slots running nothing: min(slots, running) run, then up to the rest hold a node not running. */
    public double occupied() {
        return occupied(slots, running, notRunning);
    }

    /** {@link #occupied()} of a segment with these levels (for sweeps that make no segment objects). */
    static double occupied(int slots, double running, double notRunning) {
        double p = Math.min(slots, running);
        return p + Math.min(slots - p, notRunning);
    }

    /** {@link #inRecorder()} of a segment with these levels. */
    static double inRecorder(int slots, double running, double notRunning, double recorder) {
        return Math.max(0, Math.min(slots - occupied(slots, running, notRunning), recorder));
    }

    /** @return the sum of {@code readyByKind}: every node ready, whatever made it ready */
    static double ready(double[] readyByKind) {
        double r = 0;
        for (double x : readyByKind) {
            r += x;
        }
        return r;
    }

    public long length() {
        return end - start;
    }

    public double ready() {
        return ready(readyByKind);
    }

    public double ready(EdgeKind kind) {
        return readyByKind[kind.ordinal()];
    }
}
