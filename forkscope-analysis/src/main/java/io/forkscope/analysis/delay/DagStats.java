package io.forkscope.analysis.delay;

import java.util.List;

/**
 * DAG Recorder's statistics of a run. Work, delay, no-work, span, elapsed and the bounds are in
 * nanoseconds (delay and no-work in worker-nanoseconds).
 *
 * @param createTask   create edges (forks and submissions)
 * @param waitTasks    waits
 * @param endTask      task bodies that ended: the sum of the nodes' task ends, so a collapsed node
 *                     counts every task that ended inside it
 * @param work         T1 of this run: the time its strands ran (includes work stretch)
 * @param delay        worker-time lost while nodes were ready
 * @param noWork       worker-time lost with nothing ready
 * @param criticalPath T∞ of the recorded DAG
 * @param workers      P: the peak of the worker slots over the run (measures.md §2)
 * @param elapsed      wall time of the run
 * @param nodes        strands, counting those inside collapsed nodes
 * @param materialized nodes actually kept in the recording
 * @param perWorker    how each worker spent the run (busy, idle, running), ordered by worker; empty
 *                     when the recording has no busy intervals (format 1.1 and older)
 * @param slotTime     ∫ slots(t) dt over the run (measures.md §2): the worker-time work, delay and
 *                     no-work add up to; P × elapsed when the slots are constant
 */
public record DagStats(long createTask, long waitTasks, long endTask, long work, double delay, double noWork,
                       long criticalPath, int workers, long elapsed, long nodes, long materialized,
                       List<WorkerUtilisation> perWorker, long slotTime) {
    public DagStats {
        perWorker = List.copyOf(perWorker);
    }

    /** Statistics with P constant: slot time P × elapsed. */
    public DagStats(long createTask, long waitTasks, long endTask, long work, double delay, double noWork,
                    long criticalPath, int workers, long elapsed, long nodes, long materialized,
                    List<WorkerUtilisation> perWorker) {
        this(createTask, waitTasks, endTask, work, delay, noWork, criticalPath, workers, elapsed, nodes, materialized,
                perWorker, (long) workers * elapsed);
    }

    /** Statistics without per-worker figures. */
    public DagStats(long createTask, long waitTasks, long endTask, long work, double delay, double noWork,
                    long criticalPath, int workers, long elapsed, long nodes, long materialized) {
        this(createTask, waitTasks, endTask, work, delay, noWork, criticalPath, workers, elapsed, nodes, materialized,
                List.of());
    }

    /** T1/P: the work law's bound on time. */
    public double workBound() {
        return (double) work / workers;
    }

    /** T1/P + T∞: what a greedy scheduler guarantees. */
    public double greedyBound() {
        return workBound() + criticalPath;
    }

    /**
     * T1 / (T1/P + T∞): the speedup a greedy scheduler guarantees over this run's own work, a bound
     * on the DAG, not a measured speedup.
     */
    public double greedySpeedup() {
        return greedyBound() == 0 ? 0 : work / greedyBound();
    }

    /**
     * T1 / ∫ slots(t) dt (T1 / (P × elapsed) with constant slots): the share of the slots' time spent
     * running nodes. Not a speedup: T1 is
     * this run's own work, stretched by running in parallel, so T1 / elapsed would credit the run
     * with its own slowdown; a speedup needs a serial run's work ({@link DelayReport#speedup()}).
     */
    public double utilisation() {
        return slotTime == 0 ? 0 : work / (double) slotTime;
    }

    public double compressionRatio() {
        return materialized == 0 ? 0 : (double) nodes / materialized;
    }
}
