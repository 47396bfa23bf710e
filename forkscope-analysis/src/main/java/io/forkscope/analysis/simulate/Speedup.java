package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.DagNode;

/**
 * A what-if of {@code forkscope predict --speedup} (issue 23, item 5; TaskProf's question "if this
 * part were k× faster?"): the nodes it {@linkplain #covers covers} take 1/{@link #factor()} of their
 * work and inner span ({@link WhatIf#faster(io.forkscope.model.dag.Dag, Costs, java.util.List)}).
 * A call site ({@link SimulatedScaling.SiteSpeedup}) or a region ({@link RegionSpeedup}).
 */
public sealed interface Speedup permits SimulatedScaling.SiteSpeedup, RegionSpeedup {
    /** @return the part as the user named it */
    String name();

    /** @return k > 0 and finite; k > 1 is faster */
    double factor();

    /** @return whether this speedup scales {@code node} */
    boolean covers(DagNode node);

    static void checkFactor(String name, double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException(name + ": a speedup must be positive and finite, not " + factor);
        }
    }
}
