package io.forkscope.recorder.output;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a {@link RecordingSink} writes: the measurements of one recorder mode (the online engine of
 * {@code mode=cilkview}, the region timer of {@code mode=regions}). Called from the sink's threads
 * while the program runs; implementations hand over closed regions and warnings through
 * concurrent queues.
 */
public interface Measurements {
    /** @return the whole run so far; {@code isFinal} at JVM exit */
    WholeRun snapshot(boolean isFinal);

    /** Hands every region closed since the last call to {@code sink}, in the order they closed. */
    void drainRegions(Consumer<RegionRecord> sink);

    /**
     * The same, from the sink: a recorder may hold a region back for a while after it closed (and
     * those after it, to keep the order) while its figures settle; with {@code isFinal} (the end of
     * the run) nothing is held back.
     */
    default void drainRegions(Consumer<RegionRecord> sink, boolean isFinal) {
        drainRegions(sink);
    }

    /** Hands every warning raised since the last call to {@code sink}. */
    void drainWarnings(Consumer<String> sink);

    /**
     * Tells the measurements whom to wake when they hold more DAG nodes than they should before the
     * next periodic drain (the program makes them faster than the flusher, asleep, takes them).
     */
    default void onDagBacklog(Runnable wake) {
    }

    /** Hands over recorded DAG nodes (mode=dag); at the end of the run, also those threads still hold. */
    default void drainDagNodes(Consumer<List<io.forkscope.model.dag.RecordedNode>> sink, boolean isFinal) {
    }

    /**
     * Hands over each thread's busy intervals (mode=dag; see {@link io.forkscope.model.dag.WorkerBusy}
     * for what busy means): those closed since the last call, one batch per thread that has any;
     * with {@code isFinal} (the end of the run) also what threads still hold, an interval still
     * open ending at the thread's last event. A thread may hand several batches over a run; the
     * reader concatenates and merges them.
     */
    default void drainWorkerBusy(Consumer<io.forkscope.model.dag.WorkerBusy> sink, boolean isFinal) {
    }

    /** @return the run's worker slots (measures.md §2), or null when the measurements have none */
    default io.forkscope.model.slots.WorkerSlots slots() {
        return null;
    }

    /** @return the DAG's frame {workers, begin, finish} (ns from the recording's start), or null without a DAG */
    default long[] dagFrame() {
        return null;
    }

    /**
     * @return information keys that only the end of the run can tell (what the DAG is known to
     *         miss), written as a second information block just before the final snapshot
     */
    default java.util.Map<String, String> closingInfo() {
        return java.util.Map.of();
    }

    /**
     * A signal ended the run ("SIGTERM"): called at the close, before the final drain. What the run
     * had not finished then (tasks not yet joined) was cut off by it, not left so by the program.
     */
    default void runEndedBy(String signal) {
    }

    /** @return warnings that only the end of the run can tell, written just before the final snapshot */
    default List<String> closingWarnings() {
        return List.of();
    }

    /**
     * @return the call-site profiles of the whole run (record --sites), or null when sites are not
     *         recorded; asked once, at the end of the run, after the final drain
     */
    default io.forkscope.model.sites.SitesResult sitesResult() {
        return null;
    }

    /**
     * @return the call-site profiles of each region (label and profiles, in the order the regions
     *         closed), empty without sites or regions; valid after {@link #sitesResult}
     */
    default List<io.forkscope.model.sites.RegionSites> sitesRegions() {
        return List.of();
    }

    /**
     * @return why the call-site profiles are approximate, one line per reason (empty when exact);
     *         valid after {@link #sitesResult}
     */
    default List<String> sitesNotes() {
        return List.of();
    }
}
