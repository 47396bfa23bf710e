package io.forkscope.analysis.scaling;

import io.forkscope.model.machine.MachineLoad;

/**
 * One measured time of one section in one benchmark run: a row of {@code forkscope bench}'s CSV.
 *
 * @param region      the region's label; "" for the whole run (as in Cilkscale's CSV)
 * @param p           the worker count the run was given
 * @param trial       which trial (1, 2, …): each trial runs every P once
 * @param timeNs      the section's wall-clock time: the median of its kept repetitions in the run
 * @param repetitions how many in-process repetitions that median is over (after warm-up)
 * @param warmup      how many earlier repetitions were dropped as warm-up
 * @param cpus        how many cores the run could use (P when pinned to P cores)
 * @param pinned      whether the run was restricted to {@code cpus} cores of its own (taskset)
 * @param load        how busy the rest of the machine was during the run; {@link MachineLoad#UNKNOWN} when not
 *                    measured (CSVs written before bench measured it)
 */
public record Measurement(String region, int p, int trial, long timeNs, int repetitions, int warmup, int cpus,
                          boolean pinned, MachineLoad load) {
    /** A measurement without the machine's load. */
    public Measurement(String region, int p, int trial, long timeNs, int repetitions, int warmup, int cpus,
                       boolean pinned) {
        this(region, p, trial, timeNs, repetitions, warmup, cpus, pinned, MachineLoad.UNKNOWN);
    }

    public Measurement {
        if (load == null) {
            throw new IllegalArgumentException("load must not be null (use MachineLoad.UNKNOWN)");
        }
        if (region == null) {
            throw new IllegalArgumentException("region must not be null (use \"\" for the whole run)");
        }
        if (p < 1 || trial < 1 || timeNs < 0 || repetitions < 1 || warmup < 0 || cpus < 1) {
            throw new IllegalArgumentException("impossible measurement: " + region + " p=" + p + " trial=" + trial
                    + " time=" + timeNs + " repetitions=" + repetitions + " warmup=" + warmup + " cpus=" + cpus);
        }
    }

    /** @return whether this is the whole run rather than a region */
    public boolean isWholeRun() {
        return region.isEmpty();
    }
}
