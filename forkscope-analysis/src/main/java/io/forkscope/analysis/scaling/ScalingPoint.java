package io.forkscope.analysis.scaling;

import io.forkscope.analysis.cilkview.SpeedupEstimate;
import java.util.List;

/**
 * One section at one worker count: its trials, their spread, the speedup and how it compares with
 * the predicted range.
 *
 * @param p        worker count
 * @param timesNs  the trials' times, in trial order
 * @param medianNs the median time
 * @param minNs    the fastest trial
 * @param maxNs    the slowest trial
 * @param cpus     the fewest cores any of its runs could use
 * @param pinned   whether every run was pinned to cores of its own
 * @param speedup  the measured speedup; null without P = 1 runs
 * @param bounds   the predicted range at P; null without a recording of this section
 * @param verdict  the comparison
 */
public record ScalingPoint(int p, List<Long> timesNs, double medianNs, long minNs, long maxNs, int cpus,
                           boolean pinned, Speedup speedup, SpeedupEstimate bounds, Verdict verdict) {
    public ScalingPoint {
        timesNs = List.copyOf(timesNs);
    }

    /** @return (max − min) / median of the times: the trials' relative spread */
    public double relativeSpread() {
        return medianNs <= 0 ? 0 : (maxNs - minNs) / medianNs;
    }
}
