package io.forkscope.analysis.scaling;

import io.forkscope.analysis.cilkview.SpeedupEstimate;
import io.forkscope.model.machine.MachineLoad;
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
 * @param loads    the machine's load during each trial, in trial order (UNKNOWN where not measured)
 */
public record ScalingPoint(int p, List<Long> timesNs, double medianNs, long minNs, long maxNs, int cpus,
                           boolean pinned, Speedup speedup, SpeedupEstimate bounds, Verdict verdict,
                           List<MachineLoad> loads) {
    public ScalingPoint {
        timesNs = List.copyOf(timesNs);
        loads = List.copyOf(loads);
    }

    /** @return whether its trials spread more than {@link ScalingAnalysis#NOISY_SPREAD}: their times are not to be trusted */
    public boolean noisy() {
        return relativeSpread() > ScalingAnalysis.NOISY_SPREAD;
    }

    /**
     * @return the machine's load over the trials: the mean of the others' shares of the trials that measured it,
     *     and of their load averages; UNKNOWN when no trial measured either
     */
    public MachineLoad meanLoad() {
        double share = loads.stream().filter(MachineLoad::othersKnown).mapToDouble(MachineLoad::othersShare)
                .average().orElse(Double.NaN);
        double avg = loads.stream().mapToDouble(MachineLoad::loadAverage).filter(x -> !Double.isNaN(x))
                .average().orElse(Double.NaN);
        int cpus = loads.stream().mapToInt(MachineLoad::cpus).max().orElse(0);
        return Double.isNaN(share) && Double.isNaN(avg) ? MachineLoad.UNKNOWN : new MachineLoad(share, avg, cpus);
    }

    /** @return the largest others' share among its trials; NaN when none measured it */
    public double maxOthersShare() {
        return loads.stream().filter(MachineLoad::othersKnown).mapToDouble(MachineLoad::othersShare).max()
                .orElse(Double.NaN);
    }

    /** @return (max − min) / median of the times: the trials' relative spread */
    public double relativeSpread() {
        return medianNs <= 0 ? 0 : (maxNs - minNs) / medianNs;
    }
}
