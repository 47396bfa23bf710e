package io.forkscope.analysis.delay;

import io.forkscope.model.slots.WorkerSlots;
import java.util.OptionalDouble;

/**
 * Delay Spotter's analysis of one recorded run: statistics, the loss breakdown, the ready path
 * and the parallelism profile; with a serial run's work T1', the work stretch and the loss. The
 * worker slots it was measured against, and (with busy intervals) how the threads' busy time maps
 * onto them ({@code fit}, null without busy intervals).
 */
public record DelayReport(DagStats stats, LossBreakdown breakdown, ReadyPath readyPath, ParallelismProfile profile,
                          OptionalDouble serialWork, WorkerSlots slots, SlotFit fit) {
    /** @return the worker slots as every report prints them (measures.md §2) */
    public String slotsText() {
        return slots.describe(profileBegin(), profileEnd());
    }

    private long profileBegin() {
        return profile.segments().isEmpty() ? slots.begin() : profile.segments().get(0).start();
    }

    private long profileEnd() {
        return profile.segments().isEmpty() ? slots.end() : profile.segments().get(profile.segments().size() - 1).end();
    }

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

    /** Performance loss = ∫ slots(t) dt − T1' = stretch + delay + no-work, if T1' is known. */
    public OptionalDouble performanceLoss() {
        return serialWork.isPresent()
                ? OptionalDouble.of((double) stats.slotTime() - serialWork.getAsDouble())
                : OptionalDouble.empty();
    }
}
