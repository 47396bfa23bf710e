package io.forkscope.recorder.engine;

/**
 * Told of each task submitted from outside any pool and outside any task (from a thread's root frame,
 * e.g. {@code main} calling {@code pool.invoke}, or running {@code task.invoke()} itself), so that the submitter's stack can be kept as the first
 * part of the task's logical context (issue 12). Called on the submitting thread, inside the engine's
 * event, once per submission: an implementation must be quick, must not throw, and must not touch
 * fork/join (the engine is inside a hook).
 */
public interface SubmissionListener {
    /**
     * @param worker        the submitting thread's index (a DAG node's worker)
     * @param sinceOriginNs in the DAG's time (ns since the engine's origin): when the DAG node the
     *                      task's create edge leaves from ended, or, when {@code runsHere}, when the
     *                      task's first node starts; with {@code worker}, that node's key
     * @param runsHere      whether the submitting thread runs the task itself ({@code task.invoke()}
     *                      from outside a pool runs its body on the calling thread), else the task
     *                      was pushed to a pool ({@code pool.invoke}, {@code submit}, {@code fork})
     */
    void submitted(int worker, long sinceOriginNs, boolean runsHere);
}
