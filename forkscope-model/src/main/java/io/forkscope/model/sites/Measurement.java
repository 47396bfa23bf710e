package io.forkscope.model.sites;

/**
 * One of Cilkprof's measurements of a call site over a set of its invocations (§6): how many,
 * the sum of their work T1 and the sum of their spans T∞, in the recording's unit.
 */
public record Measurement(long count, long work, long span) {
    public static final Measurement ZERO = new Measurement(0, 0, 0);

    /** T1/T∞ of the site (0 when there is no span). */
    public double parallelism() {
        return span == 0 ? 0 : (double) work / span;
    }
}
