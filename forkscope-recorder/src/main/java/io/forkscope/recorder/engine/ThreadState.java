package io.forkscope.recorder.engine;

import java.lang.invoke.VarHandle;

/**
 * Everything the engine keeps for one thread: its stack of frames, the open strand, and its share
 * of the whole-run totals.
 *
 * <p>Only the owning thread writes these fields. The snapshot thread reads the totals without
 * synchronisation: a snapshot may be a few events stale, which periodic snapshots accept; the
 * final snapshot is taken at JVM exit, after the program's own threads have stopped running user
 * code or are about to be abandoned anyway. Longs are not torn on the 64-bit JVMs forkscope runs on.
 *
 * <p>One state serves its thread for the whole run (ThreadRegistry), so the frame stack survives a
 * pool erasing the thread's ThreadLocals; once the thread died, its totals are folded into the
 * registry's retired totals and the state is dropped.
 *
 * <p>The final drain of a DAG (at JVM exit, on the sink's thread) reads and ends what a thread
 * still holds, and so must not overlap an event of that thread. {@link #busy} and {@link #entries}
 * publish the owner's events to it, as a seqlock does, at no cost on x86 (plain stores, compiler
 * fences only): the owner sets {@code busy} and bumps {@code entries} before an event writes
 * anything ({@link #enterEvent}, a store-store fence) and clears {@code busy} after a release fence
 * once it wrote everything ({@link #leave}). So a drain that sees {@code busy} false followed by an
 * acquire fence ({@link #inEvent}) sees all the thread's events so far, and one that reads
 * {@code entries} (then an acquire fence) before and after reading the thread's state, with a
 * load-load fence between, sees the count change if an event began meanwhile. Only VarHandle's
 * static fences are used: its access modes would link method handles at their first call, tens of
 * milliseconds that would land in the program's first strand.
 */
final class ThreadState {
    /** The thread, for telling when it died (ThreadRegistry.retireDead). */
    final Thread thread;
    /** Unique over the run (ThreadRegistry). */
    final String threadName;
    /** Threads whose tasks are not the program's (virtual-thread carriers): every hook ignores them. */
    final boolean ignored;
    /** Parallelism of the pool this thread works for, 0 for a thread outside any pool. */
    final int poolParallelism;
    /** The registry that made this state (ThreadRegistry.recover), null for a state made elsewhere (tests). */
    ThreadRegistry registry;

    private Frame[] frames = new Frame[16];
    int depth;

    /** Whether a strand of the top frame is running now (false inside a wait or the runtime). */
    boolean strandOpen;
    long strandStart;
    /**
     * The thread's last CPU-clock read (NotRunningTime): its CPU time, -1 before the first, and
     * the wall time it was taken for; when its last strand closed; whether it has no CPU clock.
     */
    long cpuMark = -1;
    long cpuMarkWall;
    long strandClosedAt;
    boolean noCpuClock;
    /** Abstract units declared since the strand opened (unit = abstract). */
    long pendingUnits;
    /**
     * Unit bytecodes: where the strand the next close ends ended, when that is before the close (a task's
     * body returned, see TaskNode.bodyReturnedCount), else Long.MIN_VALUE (the close reads the count).
     */
    long strandEndCount = Long.MIN_VALUE;

    /** The thread's instruction count where the open strand opened (unit = bytecodes, BytecodeCounter). */
    long strandStartCount;
    /**
     * Set while the engine runs on this thread, to ignore events our own code might cause; also
     * what the final drain waits on (see the class comment).
     */
    boolean busy;
    /** Events this thread entered; the final drain's sequence number (see the class comment). */
    int entries;
    /** {@link #entries} when a worker creation inside a fork's push began (SpanEngine.pushCodeBegins). */
    int pushEntries;
    /** Whether pushCodeBegins returned a count that the matching pushCodeEnds has not used yet. */
    boolean pushCounting;

    // Whole-run totals of this thread (read by snapshots).
    long work;
    long spawns;
    long syncs;
    long execs;
    long spawnedEnded;
    long maxSpan;
    long maxBspan;
    /**
     * Ordinary (not CountedCompleter) tasks this thread created, less those whose join it took
     * (RecordingGaps' unjoined tasks): plain fields, as LongAdders shared by all threads cost an
     * atomic add per task (some 3% of fib's time at cut-off 8).
     */
    long plainOpen;
    long firstEventNs = Long.MAX_VALUE;
    long lastEventNs = Long.MIN_VALUE;
    boolean ranTasks;

    // DAG recording (mode=dag): the thread's index, its node sequence, the open node.
    int index;
    long nodeSeq;
    boolean nodeOpen;
    long nodeStart;
    long nodeWork;
    /** The not-running time taken out of the open node's strands so far (NotRunningTime). */
    long nodeNotRunning;
    /**
     * Forkscope's own time on this thread since its last node ended: the rest of each hook that left
     * the thread between nodes, from the hook's clock read to its return (SpanEngine.hookTail).
     * Handed to the next node that opens, as its {@link #nodeRecorderBefore}.
     */
    long recorderGapNs;
    /** The open node's forkscope time before it (RecordedNode.recorderBefore). */
    long nodeRecorderBefore;
    /** Forkscope's time inside the open node, in hooks that split its strands (call sites). */
    long nodeRecorderInside;
    /**
     * The open node's call site (record --sites): the thread's innermost site invocation when the
     * node opened (SiteThread.innermostSite), -1 for none or without sites.
     */
    int nodeSite = -1;
    /**
     * The open node's site path (record --sites): for the first node of a task, the sites of the calls
     * open in its creator's task at the create (TaskNode.sitePath), else null; and the path the next
     * node to open takes (set by execBegin just before it opens the task's first strand).
     */
    io.forkscope.recorder.sites.SitePath nodeSitePath;
    io.forkscope.recorder.sites.SitePath pendingSitePath;
    /** Nodes not yet handed over; created at the thread's first node. */
    NodeBuffer dagNodes;
    /** Frames on the stack that may still collapse: while any is open, the batch is not handed over. */
    int collapsibleOpen;
    /** Creates made while no node was open, counted on the thread's next node. */
    long pendingCreates;
    /**
     * Completer subtrees this thread is running, outermost first (see DagRecorder): each may
     * collapse when it completes, so, like collapsible frames, they hold the buffer back.
     */
    CompleterNode[] scopes = new CompleterNode[8];
    int scopeTop;
    /**
     * Tasks this thread created (mode=dag); of them, those it ran itself, those it joined itself
     * (each once), and the CountedCompleters with a completer (they complete into it, not a join).
     */
    long createCount;
    long ownRuns;
    long ownJoins;
    long completerChildCreates;
    /** A completed scope to collapse when the top frame ends. */
    CompleterNode collapseAtEnd;

    // Busy intervals (mode=dag) of a pool worker: [start, end) pairs in ns from the recording's
    // start, closed when the task it took off a queue ends; busySince is the open one's start.
    long[] busyIntervals;
    int busyLength;
    long busySince = Long.MIN_VALUE;

    // Call sites (record --sites): the thread's side of the site profiler, null when sites are off;
    // the fork site announced for the next create (-1: none); the entry count of the last siteEnter.
    io.forkscope.recorder.sites.SiteThread sites;
    int pendingForkSite = -1;
    int pendingForkMethod = -1;
    int siteEnterEntry = -1;

    // Worker slots (measures.md §2): the pool this thread works for (null outside any pool); for a
    // thread outside the pools, its outermost task bodies as [start, end) pairs in ns from the
    // recording's start (bodySince: the open one's start), at most MAX_BODIES of them, the last one
    // stretched over any further ones (it then holds its slot through the gaps between them).
    final PoolRecord pool;
    static final int MAX_BODIES = 1 << 16;
    long[] bodyIntervals;
    int bodyLength;
    long bodySince = Long.MIN_VALUE;

    /**
     * Unit bytecodes: this thread's counting cell ({@code BytecodeCounter.directCell}), kept at the
     * first strand boundary so that the engine reads the count without finding the cell again (eight
     * reads a task); null before, or for a thread whose id is past the counter's table. Only the
     * thread itself reads and writes it: the engine reads counts only in its hooks, on the thread
     * whose state it entered.
     */
    long[] counterCell;

    ThreadState(Thread thread, String threadName, boolean ignored, int poolParallelism) {
        this(thread, threadName, ignored, poolParallelism, null);
    }

    ThreadState(Thread thread, String threadName, boolean ignored, int poolParallelism, PoolRecord pool) {
        this.thread = thread;
        this.threadName = threadName;
        this.ignored = ignored;
        this.poolParallelism = poolParallelism;
        this.pool = pool;
    }

    /** An outside thread's outermost task body began at {@code at} (ns from the recording's start). */
    void bodyBegin(long at) {
        bodySince = at;
    }

    /** That body ended at {@code at}: its interval is kept (see MAX_BODIES). */
    void bodyEnd(long at) {
        if (bodySince == Long.MIN_VALUE) {
            return;
        }
        long start = bodySince;
        bodySince = Long.MIN_VALUE;
        if (bodyIntervals == null) {
            bodyIntervals = new long[16];
        }
        if (bodyLength == 2 * MAX_BODIES) {
            bodyIntervals[bodyLength - 1] = Math.max(bodyIntervals[bodyLength - 1], at);
            return;
        }
        if (bodyLength == bodyIntervals.length) {
            bodyIntervals = java.util.Arrays.copyOf(bodyIntervals, 2 * bodyLength);
        }
        bodyIntervals[bodyLength] = start;
        bodyIntervals[bodyLength + 1] = Math.max(start, at);
        bodyLength += 2;
    }

    /**
     * @param lastAt the thread's last event, which ends a body still open (ns from the recording's start)
     * @return the outermost task bodies so far, merged where they touch, or an empty array
     */
    long[] bodies(long lastAt) {
        long[] b = bodyIntervals;
        int n = Math.min(bodyLength, b == null ? 0 : b.length);
        long[] out = b == null ? new long[2] : java.util.Arrays.copyOf(b, n + 2);
        long open = bodySince;
        if (open != Long.MIN_VALUE) {
            out[n] = open;
            out[n + 1] = Math.max(open, lastAt);
            n += 2;
        }
        // merge, dropping a pair torn by a concurrent append (end before start)
        int k = 0;
        for (int i = 0; i + 1 < n; i += 2) {
            long s = out[i];
            long e = out[i + 1];
            if (e < s || (k > 0 && s < out[k - 1])) {
                continue;
            }
            if (k > 0 && s == out[k - 1]) {
                out[k - 1] = e;
            } else {
                out[k++] = s;
                out[k++] = e;
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }

    Frame top() {
        return frames[depth - 1];
    }

    Frame push() {
        if (depth == frames.length) {
            frames = java.util.Arrays.copyOf(frames, depth * 2);
        }
        Frame f = frames[depth];
        if (f == null) {
            f = frames[depth] = new Frame();
        }
        depth++;
        return f;
    }

    /** The frame at stack position i (0 = bottom). */
    Frame frameAt(int i) {
        return frames[i];
    }

    Frame pop() {
        Frame f = frames[--depth];
        f.node = null;
        return f;
    }

    /** The owner enters an event: busy, and one more entry, both ordered before the event's writes. */
    void enterEvent() {
        busy = true;
        entries++;
        VarHandle.storeStoreFence();
    }

    /** The owner leaves an event: everything it wrote happens-before a drain's {@link #inEvent} seeing false. */
    void leave() {
        VarHandle.releaseFence();
        busy = false;
    }

    /** @return whether the thread is inside an event (read by another thread: acquire semantics) */
    boolean inEvent() {
        boolean b = busy;
        VarHandle.acquireFence();
        return b;
    }

    /** @return the events the thread entered so far (read by another thread: acquire semantics) */
    int entriesAcquire() {
        int n = entries;
        VarHandle.acquireFence();
        return n;
    }
}
