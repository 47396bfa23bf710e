package io.forkscope.recorder.engine;

/**
 * A task as the engine sees it: something that carries one {@link TaskNode}. The ForkJoinPool
 * recorder makes {@code java.util.concurrent.ForkJoinTask} implement this interface (a field and
 * its two accessors are added when the class is first loaded), so attaching state to a task costs
 * one field access, not a map lookup. Tests implement it with plain objects.
 */
public interface TaskHandle {
    TaskNode getForkscopeNode();

    void setForkscopeNode(TaskNode node);
}
