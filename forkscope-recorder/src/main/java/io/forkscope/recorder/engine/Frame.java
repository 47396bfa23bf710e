package io.forkscope.recorder.engine;

/**
 * One activation on a thread's stack: a task being executed (doExec nests when a joining worker
 * helps) or the thread's root frame outside any task. Owned by one thread; never shared. Frames
 * are reused by {@link ThreadState} to keep the hot path free of allocation.
 */
final class Frame {
    TaskNode node;
    /** Longest path from the start of the computation to the current point (SPEC §2). */
    long span;
    /** The same in the burdened DAG. */
    long bspan;
    /** Work of this task's strands plus the subtrees it has joined. */
    long work;
    long spawns;
    long syncs;
    /** How much of work/spawns/syncs was already pushed into CountedCompleter ancestors. */
    long propagatedWork;
    long propagatedSpawns;
    long propagatedSyncs;
    /** Nesting of wait methods (invoke calls join inside); only the outermost one is an edge. */
    int waitDepth;

    void reset(TaskNode node, long span, long bspan) {
        this.node = node;
        this.span = span;
        this.bspan = bspan;
        this.work = 0;
        this.spawns = 0;
        this.syncs = 0;
        this.propagatedWork = 0;
        this.propagatedSpawns = 0;
        this.propagatedSyncs = 0;
        this.waitDepth = 0;
    }
}
