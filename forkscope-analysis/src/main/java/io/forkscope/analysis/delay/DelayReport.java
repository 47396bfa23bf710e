package io.forkscope.analysis.delay;

import java.util.OptionalDouble;

/**
 * Delay Spotter's analysis of one recorded run: statistics, the loss breakdown, the ready path
 * and the parallelism profile; with a serial run's work T1', the work stretch and the loss.
 */
public record DelayReport(DagStats stats, LossBreakdown breakdown, ReadyPath readyPath, ParallelismProfile profile,
                          OptionalDouble serialWork) {
    /** Work stretch = T1 of this run − T1' of the serial run (measures.md §6), if T1' is known. */
    public OptionalDouble workStretch() {
        return serialWork.isPresent() ? OptionalDouble.of(stats.work() - serialWork.getAsDouble()) : OptionalDouble.empty();
    }

    /**
     * The speedup T1' / elapsed over the serial run, if T1' is known (and neither it nor elapsed is
     * 0). The only speedup a single run can show: its own T1 is stretched, so T1 / elapsed is not one.
     */
    public OptionalDouble speedup() {
        return serialWork.isPresent() && serialWork.getAsDouble() > 0 && stats.elapsed() > 0
                ? OptionalDouble.of(serialWork.getAsDouble() / stats.elapsed()) : OptionalDouble.empty();
    }

    /** Performance loss = P × elapsed − T1' = stretch + delay + no-work, if T1' is known. */
    public OptionalDouble performanceLoss() {
        return serialWork.isPresent()
                ? OptionalDouble.of((double) stats.workers() * stats.elapsed() - serialWork.getAsDouble())
                : OptionalDouble.empty();
    }
}
