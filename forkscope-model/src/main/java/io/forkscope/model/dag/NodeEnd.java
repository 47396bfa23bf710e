package io.forkscope.model.dag;

/** What ends a node (Delay Spotter names a node by what ends it). */
public enum NodeEnd {
    /** The strand forks a task. */
    CREATE,
    /** The strand waits for a task. */
    WAIT,
    /** The task's last strand. */
    END
}
