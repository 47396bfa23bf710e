package io.forkscope.analysis.delay;

import io.forkscope.model.dag.EdgeKind;

/**
 * The parallelism profile averaged over [start, end): the time-weighted mean number of running
 * nodes and of ready nodes by edge kind. Times are nanoseconds (fractional at bucket edges).
 */
public record ProfileSample(double start, double end, double running, double[] readyByKind) {
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
