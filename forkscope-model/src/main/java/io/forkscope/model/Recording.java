package io.forkscope.model;

import io.forkscope.model.contexts.RecordedSamples;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.slots.WorkerSlots;
import java.util.List;
import java.util.Optional;

/**
 * A recording as read back from a file: how it was made, the whole run, the regions, and the
 * warnings the recorder or the reader raised (for example a truncated file).
 *
 * <p>A recording is {@link #complete()} when its numbers cover the whole run: the recorder closed
 * the file (an end block was read), did not fail on the way, and the reader read the file to its
 * end. Anything else is partial, and {@link #warnings()} says why.
 *
 * @param info      how it was made
 * @param wholeRun  the last whole-run block in the file (final, or the last periodic snapshot)
 * @param regions   every closed region, in the order they closed
 * @param warnings  recorder and reader warnings, for people; those that make it incomplete come first
 * @param ended     whether the recorder finished the file (an end block was read)
 * @param dag       the DAG of the run when it was recorded with {@code mode=dag}, else null
 * @param failure   the recorder's internal failure, after which it recorded nothing, or null
 * @param truncated whether the reader stopped before the file's end (cut short or damaged)
 * @param sites     the call sites and their profiles when it was recorded with {@code --sites}
 *                  (format 1.4), else null
 * @param samples   the stack samples when it was recorded with {@code --sample} and they were
 *                  written whole (format 1.5), else null
 * @param damage    where and how the file is cut short or damaged when {@code truncated}, else null
 * @param slots     the run's worker slots (format 1.8), else null: see {@link #workerSlots()}
 */
public record Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions,
                        List<String> warnings, boolean ended, Dag dag, RecorderFailure failure,
                        boolean truncated, RecordedSites sites, RecordedSamples samples, RecordingDamage damage,
                        WorkerSlots slots) {
    public Recording {
        regions = List.copyOf(regions);
        warnings = List.copyOf(warnings);
    }

    /** A recording without a slots block. */
    public Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions, List<String> warnings,
                     boolean ended, Dag dag, RecorderFailure failure, boolean truncated, RecordedSites sites,
                     RecordedSamples samples, RecordingDamage damage) {
        this(info, wholeRun, regions, warnings, ended, dag, failure, truncated, sites, samples, damage, null);
    }

    /** A recording without a description of its damage. */
    public Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions, List<String> warnings,
                     boolean ended, Dag dag, RecorderFailure failure, boolean truncated, RecordedSites sites,
                     RecordedSamples samples) {
        this(info, wholeRun, regions, warnings, ended, dag, failure, truncated, sites, samples, null, null);
    }

    /**
     * @return the worker slots (measures.md §2): the recorded ones, else (a recording made before
     *     format 1.8, or cut short before its final snapshot) P constant, WholeRun's workers
     */
    public WorkerSlots workerSlots() {
        if (slots != null) {
            return slots;
        }
        if (dag != null) {
            return dag.slots();
        }
        return WorkerSlots.constant(Math.max(1, wholeRun.workers()), wholeRun.threads());
    }

    /** A recording without samples. */
    public Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions, List<String> warnings,
                     boolean ended, Dag dag, RecorderFailure failure, boolean truncated, RecordedSites sites) {
        this(info, wholeRun, regions, warnings, ended, dag, failure, truncated, sites, null);
    }

    /** A recording without call sites. */
    public Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions, List<String> warnings,
                     boolean ended, Dag dag, RecorderFailure failure, boolean truncated) {
        this(info, wholeRun, regions, warnings, ended, dag, failure, truncated, null);
    }

    /** A recording without failure, read to the file's end; complete when {@code ended}. */
    public Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions, List<String> warnings,
                     boolean ended, Dag dag) {
        this(info, wholeRun, regions, warnings, ended, dag, null, false);
    }

    /** A recording without a DAG (the default mode). */
    public Recording(RecordingInfo info, WholeRun wholeRun, List<RegionRecord> regions, List<String> warnings,
                     boolean ended) {
        this(info, wholeRun, regions, warnings, ended, null);
    }

    /**
     * @return whether the numbers cover the whole run: ended, no recorder failure, not truncated, and
     *     the run not ended by a signal ({@link RecordingInfo#ENDED_BY})
     */
    public boolean complete() {
        return ended && failure == null && !truncated && endedBy().isEmpty();
    }

    /** @return the signal that ended the run before the program finished ("SIGTERM"), if one did */
    public Optional<String> endedBy() {
        return Optional.ofNullable(info.asMap().get(RecordingInfo.ENDED_BY));
    }

    /**
     * @return why the numbers do not cover the whole run, in a few words without the file's name
     *     ("cut short after byte 3000", "its run was ended by SIGTERM"), the most basic cause first;
     *     empty when {@link #complete()}
     */
    public Optional<String> incompleteCause() {
        if (failure != null) {
            return Optional.of("its recorder failed internally (" + failure.text() + ")");
        }
        if (damage != null) {
            return Optional.of(damage.summary());
        }
        if (truncated) {
            return Optional.of("cut short or damaged");
        }
        if (endedBy().isPresent()) {
            return Optional.of("its run was ended by " + endedBy().get());
        }
        if (!ended) {
            return Optional.of("it was not closed (the recorded JVM was killed?)");
        }
        return Optional.empty();
    }

    /** @return the recorder's internal failure, when it stopped recording early */
    public Optional<RecorderFailure> recorderFailure() {
        return Optional.ofNullable(failure);
    }

    /** @return the call sites and their profiles, if it was recorded with {@code --sites} */
    public Optional<RecordedSites> recordedSites() {
        return Optional.ofNullable(sites);
    }

    /** @return the stack samples, if it was recorded with {@code --sample} and they were written whole */
    public Optional<RecordedSamples> recordedSamples() {
        return Optional.ofNullable(samples);
    }

    /** @return the DAG of the run, if it was recorded with {@code mode=dag} */
    public Optional<Dag> recordedDag() {
        return Optional.ofNullable(dag);
    }
}
