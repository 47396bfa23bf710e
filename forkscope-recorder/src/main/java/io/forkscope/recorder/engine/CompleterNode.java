package io.forkscope.recorder.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The node of a CountedCompleter. It completes through other threads' {@code tryComplete}, not at
 * the end of its own body, so its end values are accumulators updated atomically by every thread
 * that completes it or a descendant: spans by max (a CAS loop), counts by add. The completion that
 * wakes a waiter happens after every such update (each precedes its thread's pending-count CAS in
 * program order), so a waiter that saw the task done reads the final values.
 */
final class CompleterNode extends FullNode {
    volatile long accSpan;
    volatile long accBspan;
    volatile long accWork;
    volatile long accSpawns;
    volatile long accSyncs;

    /**
     * The node this task had when it was forked again before it completed (a task that forks itself
     * to go on as a continuation, as streams' ForEachTask does; parallelPrefix's second pass), or
     * null: completions that reached the task before that fork went into the earlier node, so a
     * waiter takes the values of the whole chain. Written by the forking thread before the task
     * is pushed again, so the queue hand-off and the pool's completion publish it to any waiter.
     */
    CompleterNode reforkedFrom;
    /**
     * The program called {@code reinitialize()} on the task since this node was made: its next fork
     * starts a new life (not a re-fork before it completed), even when this node's last exit hook
     * has not run yet (the program saw the completion a few µs before the worker's hook finished).
     * Written by the reinitializing thread before it forks the task again.
     */
    volatile boolean reinitialized;
    /** The length of the {@link #reforkedFrom} chain below this node (0 without one). */
    int reforks;
    /**
     * At most this many earlier nodes are kept per task: a program that forks one completer object
     * again and again (reinitialize in a loop) must not grow memory, or the join's walk, without
     * bound. Streams' self-forks stay far below it (about one per two splits of a spine).
     */
    static final int MAX_REFORKS = 1024;

    CompleterNode(byte kind, long startSpan, long startBspan) {
        super(kind, true, startSpan, startBspan);
        this.accSpan = startSpan;
        this.accBspan = startBspan;
    }

    void accumulate(long span, long bspan, long work, long spawns, long syncs) {
        maxInto(ACC_SPAN, span);
        maxInto(ACC_BSPAN, bspan);
        accumulateCounts(work, spawns, syncs);
    }

    /** The counts alone: the spans went in with the completion's edges ({@link #completedBy}). */
    void accumulateCounts(long work, long spawns, long syncs) {
        if (work != 0) {
            ACC_WORK.getAndAdd(this, work);
        }
        if (spawns != 0) {
            ACC_SPAWNS.getAndAdd(this, spawns);
        }
        if (syncs != 0) {
            ACC_SYNCS.getAndAdd(this, syncs);
        }
    }

    // DAG collapsing of this completer's subtree (see DagRecorder): its depth among completers,
    // and, once it runs, the worker, the buffer index of its first node and the stack depth below
    // its frame. Written by the thread that runs it, before anything in its subtree can run.
    int ccDepth;
    int scopeWorker = -1;
    int scopeStart;
    int scopeDepth;
    /** The sequence number its thread gives the scope's first node: later ones are inside it. */
    long scopeFirstSeq;
    /**
     * The task whose frame completed this completer when that frame's end will collapse a scope
     * (see DagRecorder#completing): a waiter waits for that frame's end before it takes this
     * node's values, as for an ordinary task's exit hook, so that the frame's last strand, folded
     * into the collapsed node, is in the values it takes too. Written before the completion is
     * published (the pool's status write), so a waiter that saw the task done sees it.
     */
    TaskNode completedInFrameOf;
    /** Its thread's counts of created tasks, and of their runs, joins and completer children, when the scope began. */
    long scopeCreates;
    long scopeOwnRuns;
    long scopeOwnJoins;
    long scopeCompleterChildren;
    /** Some of the subtree ran on another worker, or something foreign ran inside it: it cannot collapse. */
    volatile boolean scopeSpoiled;

    // DAG recording, under this node's lock: the completion on the longest path into this node,
    // which need not be the latest one (lastNode/lastNodeEnd).
    private long criticalNode = -1;
    private long criticalNodeEnd = Long.MIN_VALUE;
    private long criticalSpan = Long.MIN_VALUE;

    /**
     * DAG recording: a completion that reached this node ended node {@code id} at {@code end}, at
     * the end of a path of length {@code span} ({@code bspan} burdened). A waiter gets end edges from
     * the latest completion (when the task became ready) and from the one on the longest path (its
     * span), which are usually the same node: two edges keep both ready times and the longest path
     * exact while memory stays constant per task, however many completions reach it.
     *
     * <p>The spans go into {@link #accSpan}/{@link #accBspan} under the same lock as the edges, and
     * {@link #endEdgesInto} reads them under it: a completion can still arrive after a waiter saw
     * the task done (a leaf's exit hook, after the tryComplete that completed the root), and a
     * waiter that took the span before the edges, or the edges before the span, got a DAG whose
     * longest path was not the online span (0.9 µs apart in one CI run).
     */
    synchronized void completedBy(long id, long end, long span, long bspan) {
        maxInto(ACC_SPAN, span);
        maxInto(ACC_BSPAN, bspan);
        if (end >= lastNodeEnd) {
            lastNode = id;
            lastNodeEnd = end;
        }
        if (span > criticalSpan) {
            criticalSpan = span;
            criticalNode = id;
            criticalNodeEnd = end;
        }
    }

    /**
     * Adds the end edges into a waiter's frame, from the latest completion and from the critical
     * one, and returns the span they stand for, read with them.
     */
    synchronized long endEdgesInto(Frame f) {
        f.addIn(lastNode, lastNodeEnd, io.forkscope.model.dag.EdgeKind.END);
        if (criticalNode != lastNode) {
            f.addIn(criticalNode, criticalNodeEnd, io.forkscope.model.dag.EdgeKind.END);
        }
        return accSpan;
    }

    private void maxInto(VarHandle field, long value) {
        long seen = (long) field.getVolatile(this);
        while (value > seen) {
            long witness = (long) field.compareAndExchange(this, seen, value);
            if (witness == seen) {
                return;
            }
            seen = witness;
        }
    }

    private static final VarHandle ACC_SPAN;
    private static final VarHandle ACC_BSPAN;
    private static final VarHandle ACC_WORK;
    private static final VarHandle ACC_SPAWNS;
    private static final VarHandle ACC_SYNCS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ACC_SPAN = l.findVarHandle(CompleterNode.class, "accSpan", long.class);
            ACC_BSPAN = l.findVarHandle(CompleterNode.class, "accBspan", long.class);
            ACC_WORK = l.findVarHandle(CompleterNode.class, "accWork", long.class);
            ACC_SPAWNS = l.findVarHandle(CompleterNode.class, "accSpawns", long.class);
            ACC_SYNCS = l.findVarHandle(CompleterNode.class, "accSyncs", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
