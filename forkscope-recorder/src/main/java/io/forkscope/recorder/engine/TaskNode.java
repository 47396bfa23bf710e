package io.forkscope.recorder.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The engine's state for one task instance (measures.md §2): the path values it starts from, and the
 * values a waiter merges when it joins the task.
 *
 * <p>Spans are absolute: {@code startSpan} is the longest path from the start of the computation
 * to the task's first strand. Work, spawns and syncs are relative: the task's own subtree, so that
 * a region's work is a difference of one frame's values.
 *
 * <p>Publication. The start values are final and written before the task is pushed, so the pool's
 * queue hand-off publishes them to the thread that runs the task. An ordinary task's end values
 * are plain fields written by the thread that ran it, then {@link #state} is set to
 * {@link #ENDED} (a release store, {@link #setState}); a waiter reads them only after reading ENDED. The pool marks
 * the task done inside {@code doExec} before the recorder's exit hook runs, so a joiner can see a
 * done task whose node is still {@link #RUNNING}: it then spins for that short window (see
 * {@link SpanEngine}). A CountedCompleter's node is a {@link CompleterNode}.
 */
public class TaskNode {
    public static final byte SPAWNED = 1;   // created by fork or pool submission: a create edge
    public static final byte CALLED = 2;    // run without a fork (invoke, invokeAll's first task): a call
    public static final byte ROOT = 3;      // a thread's root frame, outside any task

    static final int CREATED = 0;
    static final int RUNNING = 1;
    static final int ENDED = 2;

    final byte kind;
    final boolean completer;
    final long startSpan;
    final long startBspan;

    volatile int state;

    // Ordinary tasks: written once by the running thread before state = ENDED.
    long endSpan;
    long endBspan;
    long endWork;
    long endSpawns;
    long endSyncs;

    /**
     * Whether the task was counted as finished for the unjoined-task check: at the end of its body,
     * or, for a CountedCompleter, at its first completion call (before the root can complete).
     * Written only by the thread that runs the task.
     */
    boolean finishCounted;

    /**
     * tryUnfork: the index of the thread whose successful {@code tryUnfork()} took this CREATED task
     * back from its queue, or -1. Only that thread can run it from then on (the task is in no queue),
     * so a later direct {@code compute()} on that thread is the task running inline and then joined
     * (see {@link SpanEngine#inlineBegin}). Written and read by that thread only.
     */
    int unforkedOn = -1;

    /**
     * Quiescence (helpQuiesce, awaitQuiescence): the tasks this one forked and had not joined when
     * its body ended, or null; a frame that waits for quiescence joins them, and theirs, in turn.
     * Written before {@link #state} becomes ENDED.
     */
    TaskNode[] unjoinedAtEnd;

    /**
     * Call sites: the site profiler's view of this forked task (its fork site, or transparent),
     * from its create to its join; null when sites are off. Written by the creator before the task
     * is published; its results by the thread that ends the task before {@link #state} is ENDED.
     */
    io.forkscope.recorder.sites.SiteTask siteTask;
    /**
     * The sites of the calls open in the creator's task when this task was forked (or, for a task run
     * inline, when it was run), outermost first: the frames between the creator's entry and the
     * create (SiteThread.sitePathAbove); null when sites are off. Written before the task is published.
     */
    io.forkscope.recorder.sites.SitePath sitePath;

    /** 0 until a waiter has taken the additive values (work, spawns, syncs); they are taken once. */
    volatile int additiveTaken;

    TaskNode(byte kind, boolean completer, long startSpan, long startBspan) {
        this.kind = kind;
        this.completer = completer;
        this.startSpan = startSpan;
        this.startBspan = startBspan;
        this.endSpan = startSpan;
        this.endBspan = startBspan;
    }

    /**
     * A new node: a {@link CompleterNode} for a CountedCompleter, else a {@link FullNode} when
     * {@code full} (a DAG is recorded, or the engine dates a body's end at its exec()'s return), else
     * a plain TaskNode, without the fields those modes alone use: in bytecodes without a DAG and
     * without count.jdk, what {@code record --unit bytecodes} runs, a fork allocates 96 bytes, not 168
     * (allocation was some 20% of fib's time at cut-off 8, most of it the kernel's page faults as the
     * young generation grows).
     */
    static TaskNode of(byte kind, boolean completer, long startSpan, long startBspan, boolean full) {
        return completer ? new CompleterNode(kind, startSpan, startBspan)
                : full ? new FullNode(kind, startSpan, startBspan) : new TaskNode(kind, false, startSpan, startBspan);
    }

    public byte kind() {
        return kind;
    }

    /**
     * Sets {@link #state} by a release store, not a volatile one: every reader of the state wants
     * only what was written before it (the end values before ENDED, the publication above), and no
     * writer reads, after its store, anything whose order with another thread's store matters, so
     * the full fence of a volatile store (one a task, twice: RUNNING and ENDED) buys nothing. Reads
     * stay volatile (acquire).
     */
    void setState(int s) {
        STATE.setRelease(this, s);
    }

    boolean takeAdditive() {
        return additiveTaken == 0 && ADDITIVE_TAKEN.compareAndSet(this, 0, 1);
    }

    private static final VarHandle ADDITIVE_TAKEN;
    private static final VarHandle STATE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ADDITIVE_TAKEN = l.findVarHandle(TaskNode.class, "additiveTaken", int.class);
            STATE = l.findVarHandle(TaskNode.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
