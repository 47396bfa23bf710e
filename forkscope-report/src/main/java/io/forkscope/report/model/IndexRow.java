package io.forkscope.report.model;

import io.forkscope.analysis.model.TrainingRun;
import java.util.OptionalLong;

/**
 * One row of a sweep's index ({@link SweepIndex}): a DAG recording at problem size n on p workers,
 * trial t, with its DAG statistics (measures.md §6, DAG Recorder's) and T1'(n). Times in
 * nanoseconds (delay, no-work, not-running and forkscope's time are worker-time, rounded).
 *
 * @param n          the problem size ({n} in the command)
 * @param p          worker slots the run was given (the grid's p)
 * @param trial      the trial, from 1
 * @param file       the recording, relative to the index's directory
 * @param notRunning worker-time the slots held a node whose thread was off its CPU (the machine's)
 * @param forkscope  worker-time in forkscope's own hooks (the recorder's cost)
 * @param span       the recorded DAG's critical path T∞
 * @param workers    the peak of the worker slots the recording saw
 * @param slotTime   ∫ slots(t) dt: work + not-running + forkscope + delay + no-work
 * @param serialWork T1'(n): the work of the 1-worker run of the same n and trial; empty when the
 *                   sweep had no p = 1
 * @param cpus       cores the run could use
 * @param pinned     whether it was restricted to cores of its own (false when oversubscribed)
 */
public record IndexRow(long n, int p, int trial, String file, long createTask, long waitTasks, long work, long delay,
                       long noWork, long notRunning, long forkscope, long elapsed, long span, int workers,
                       long slotTime, OptionalLong serialWork, int cpus, boolean pinned) {

    /** (n, p, trial): what a resumed sweep looks up. */
    public String key() {
        return key(n, p, trial);
    }

    public static String key(long n, int p, int trial) {
        return n + "/" + p + "/" + trial;
    }

    /**
     * The delay the model fits (Eq. 12): ∫ slots dt less work and no-work, so that T1 + delay + no_work =
     * ∫ slots dt and Eq. 9 holds for a measured run. That is Delay Spotter's delay plus the not-running
     * and forkscope time it sets apart (the paper's DAG Recorder had no such split), less any work that
     * ran beyond the slots (more threads running nodes than slots: a compensation thread, an outside
     * caller helping), which Delay Spotter's work leaves out and T1 does not; never below 0.
     */
    public long modelDelay() {
        return Math.max(0, slotTime - work - noWork);
    }

    /**
     * The run's net time: its elapsed time less the share of ∫ slots dt its threads spent off the CPU
     * inside strands (the machine's) and in forkscope's own hooks (the recorder's), i.e. elapsed ×
     * (T1 + delay + no-work) / ∫ slots dt with Delay Spotter's delay (P × net = T1 + delay + no-work
     * with constant slots): the time the program would have taken without the recorder on a machine
     * of its own, as far as the recording can tell (time a worker's thread lost outside its strands,
     * between tasks, stays in Delay Spotter's delay). The elapsed time when the slot time is 0.
     */
    public long netElapsed() {
        return slotTime == 0 ? elapsed : Math.round(elapsed * ((double) (work + delay + noWork) / slotTime));
    }

    /** Not-running time as a share of ∫ slots dt (P × elapsed); 0 for an empty run. */
    public double notRunningShare() {
        return slotTime == 0 ? 0 : (double) notRunning / slotTime;
    }

    /** The row as the model sees it; T1' 0 when unknown (then it has no error of its own in a check). */
    public TrainingRun trainingRun() {
        return trainingRun(false);
    }

    /**
     * @param net the net run ({@link #netElapsed()}): Delay Spotter's delay alone and the net time, so that
     *            Eq. 9 holds for it: P × net = T1 + delay + no-work
     * @return the row as the model sees it
     */
    public TrainingRun trainingRun(boolean net) {
        return new TrainingRun(n, p, serialWork.orElse(0), work, createTask, waitTasks, net ? delay : modelDelay(),
                noWork, net ? netElapsed() : elapsed, span);
    }
}
