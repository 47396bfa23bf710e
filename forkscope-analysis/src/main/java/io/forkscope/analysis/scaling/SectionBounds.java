package io.forkscope.analysis.scaling;

import io.forkscope.analysis.cilkview.SpeedupBounds;
import io.forkscope.analysis.cilkview.SpeedupEstimate;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;

/**
 * The DAG measures of one section from a recording, which predict its speedup range on P workers
 * (Cilkview §2–3, {@link SpeedupBounds}).
 *
 * @param region       the region's label; "" for the whole run
 * @param measures     work, span and burdened span of the occurrence used
 * @param occurrences  how many times the region occurred in the recording
 * @param used         which occurrence was used (1-based, in closing order; 1 for the whole run)
 * @param unit         the unit of the measures
 * @param burden       the burden the recording put on each create edge, in {@code unit}
 * @param burdenSource where that burden came from (the recording's {@code burden.source})
 */
public record SectionBounds(String region, WorkSpan measures, int occurrences, int used, Unit unit, long burden,
                            String burdenSource) {
    /** @return T1/T∞, the span law's limit */
    public double parallelism() {
        return measures.parallelism();
    }

    /** @return Cilkview's range on {@code p} workers: min(P, T1/T∞) and T1/(T1/P + 1.7·bT∞) */
    public SpeedupEstimate at(int p) {
        return SpeedupBounds.estimate(measures, p);
    }
}
