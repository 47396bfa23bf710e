package io.forkscope.recorder.engine;

/**
 * The few facts about a runtime's tasks the engine needs, supplied by each recorder
 * (ForkJoinPool today). Calls must be cheap and must not block.
 */
public interface TaskModel {
    /** @return whether the task has completed (normally, exceptionally or by cancellation) */
    boolean isDone(TaskHandle task);

    /** @return whether the task completes through its descendants (a CountedCompleter) */
    boolean isCompleter(TaskHandle task);

    /** @return the task's completer (the parent it completes into), or null */
    TaskHandle completerOf(TaskHandle task);

    /**
     * @return a CountedCompleter's pending count (how many completions it still waits for before
     *         its own), or -1 when unknown; the DAG recorder collapses a completer's subtree only
     *         when it can tell, from these, that the subtree has completed
     */
    default int pendingCount(TaskHandle task) {
        return -1;
    }

    /**
     * @return whether the task belongs to a runtime built on these tasks whose own edges the engine
     *         does not see (CompletableFuture's stages): counted, so reports can say the DAG is incomplete
     */
    default boolean unmodeled(TaskHandle task) {
        return false;
    }
}
