package io.forkscope.recorder.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The engine's state for one task instance (SPEC §2): the path values it starts from, and the
 * values a waiter merges when it joins the task.
 *
 * <p>Spans are absolute: {@code startSpan} is the longest path from the start of the computation
 * to the task's first strand. Work, spawns and syncs are relative: the task's own subtree, so that
 * a region's work is a difference of one frame's values.
 *
 * <p>Publication. The start values are final and written before the task is pushed, so the pool's
 * queue hand-off publishes them to the thread that runs the task. An ordinary task's end values
 * are plain fields written by the thread that ran it, then {@link #state} is set to
 * {@link #ENDED} (a volatile store); a waiter reads them only after reading ENDED. The pool marks
 * the task done inside {@code doExec} before the recorder's exit hook runs, so a joiner can see a
 * done task whose node is still {@link #RUNNING}: it then spins for that short window (see
 * {@link SpanEngine}). A CountedCompleter completes through other threads' {@code tryComplete}, so
 * its end values are the accumulators, updated atomically by every thread that completes a
 * descendant: span by max, counts by add.
 */
public final class TaskNode {
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

    // CountedCompleters: accumulated by every completing descendant (VarHandle atomics).
    volatile long accSpan;
    volatile long accBspan;
    volatile long accWork;
    volatile long accSpawns;
    volatile long accSyncs;

    /** 0 until a waiter has taken the additive values (work, spawns, syncs); they are taken once. */
    volatile int additiveTaken;

    TaskNode(byte kind, boolean completer, long startSpan, long startBspan) {
        this.kind = kind;
        this.completer = completer;
        this.startSpan = startSpan;
        this.startBspan = startBspan;
        this.endSpan = startSpan;
        this.endBspan = startBspan;
        if (completer) {
            this.accSpan = startSpan;
            this.accBspan = startBspan;
        }
    }

    public byte kind() {
        return kind;
    }

    boolean takeAdditive() {
        return additiveTaken == 0 && ADDITIVE_TAKEN.compareAndSet(this, 0, 1);
    }

    void accumulate(long span, long bspan, long work, long spawns, long syncs) {
        maxInto(ACC_SPAN, span);
        maxInto(ACC_BSPAN, bspan);
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
    private static final VarHandle ADDITIVE_TAKEN;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ACC_SPAN = l.findVarHandle(TaskNode.class, "accSpan", long.class);
            ACC_BSPAN = l.findVarHandle(TaskNode.class, "accBspan", long.class);
            ACC_WORK = l.findVarHandle(TaskNode.class, "accWork", long.class);
            ACC_SPAWNS = l.findVarHandle(TaskNode.class, "accSpawns", long.class);
            ACC_SYNCS = l.findVarHandle(TaskNode.class, "accSyncs", long.class);
            ADDITIVE_TAKEN = l.findVarHandle(TaskNode.class, "additiveTaken", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
