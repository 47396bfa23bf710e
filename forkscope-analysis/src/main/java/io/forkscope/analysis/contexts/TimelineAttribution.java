package io.forkscope.analysis.contexts;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * What the state timelines alone say, per context node (exact): WORKING time, RUNTIME time and the
 * idleness charged to the node (scaled by {@link ExactIdleness#scale()}), plus the idle time during
 * which no thread worked at all, which no context is charged with. Conservation (tested):
 * Σ working + Σ runtime + Σ idleness + idle-while-nobody-works = P × span.
 */
public final class TimelineAttribution {
    private final ExactIdleness exact;
    private final long spanNs;
    private final long[] workingNs;
    private final long[] runtimeNs;
    private final BigInteger[] idlenessScaled;
    private final long idleWhileNobodyWorksNs;

    TimelineAttribution(ExactIdleness exact, long spanNs, long[] workingNs, long[] runtimeNs,
                        BigInteger[] idlenessScaled, long idleWhileNobodyWorksNs) {
        this.exact = exact;
        this.spanNs = spanNs;
        this.workingNs = workingNs;
        this.runtimeNs = runtimeNs;
        this.idlenessScaled = idlenessScaled;
        this.idleWhileNobodyWorksNs = idleWhileNobodyWorksNs;
    }

    public ExactIdleness exact() {
        return exact;
    }

    public long spanNs() {
        return spanNs;
    }

    /** Number of context nodes covered (ids 0..nodes-1). */
    public int nodes() {
        return workingNs.length;
    }

    /** Time threads spent WORKING in this node's tasks. */
    public long workingNs(int node) {
        return workingNs[node];
    }

    /** Time threads spent in the pool's code on behalf of this node's tasks. */
    public long runtimeNs(int node) {
        return runtimeNs[node];
    }

    /** Idleness charged to this node, scaled by L (exact). */
    public BigInteger idlenessScaled(int node) {
        return idlenessScaled[node];
    }

    public double idlenessNs(int node) {
        return exact.toNanos(idlenessScaled[node]);
    }

    /** Idle thread-time while no thread was WORKING: charged to no context (docs/contexts-design.md). */
    public long idleWhileNobodyWorksNs() {
        return idleWhileNobodyWorksNs;
    }

    public long totalWorkingNs() {
        return Arrays.stream(workingNs).sum();
    }

    public long totalRuntimeNs() {
        return Arrays.stream(runtimeNs).sum();
    }

    public BigInteger totalIdlenessScaled() {
        return Arrays.stream(idlenessScaled).reduce(BigInteger.ZERO, BigInteger::add);
    }
}
