package io.forkscope.analysis.delay;

import io.forkscope.model.dag.EdgeKind;

/**
 * The parallelism profile averaged over [start, end): the time-weighted mean number of running
 * nodes and of ready nodes by edge kind, of nodes executing whose thread was not running, and of
 * forkscope's share (workers in its hooks between nodes, and nodes ready but held by a hook). Times
 * are nanoseconds (fractional at bucket edges).
 */
public record ProfileSample(double start, double end, double running, double[] readyByKind, double notRunning,
                            double forkscope) {
    /** A sample without not-running or forkscope time. */
    public ProfileSample(double start, double end, double running, double[] readyByKind) {
        this(start, end, running, readyByKind, 0, 0);
    }

    public double length() {
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
