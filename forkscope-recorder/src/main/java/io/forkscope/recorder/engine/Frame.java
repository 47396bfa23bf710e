package io.forkscope.recorder.engine;

/**
 * One activation on a thread's stack: a task being executed (doExec nests when a joining worker
 * helps) or the thread's root frame outside any task. Owned by one thread; never shared. Frames
 * are reused by {@link ThreadState} to keep the hot path free of allocation.
 */
final class Frame {
    TaskNode node;
    /** Longest path from the start of the computation to the current point (measures.md §2). */
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
    /**
     * Quiescence: the tasks this frame forked, in order (a waiter for quiescence joins those not
     * joined yet). Cleared on reset so that no node outlives its frame through this array.
     */
    TaskNode[] forked = new TaskNode[4];
    int forkedCount;
    /** Whether a fork was left out of {@link #forked} because it held {@link #MAX_FORKED} unjoined tasks. */
    boolean forkedOverflow;
    /** False while a quiescence wait walks the unjoined closure itself (see SpanEngine.quiescenceEnd). */
    boolean inheriting = true;
    /** Bounds the memory a frame that forks and never joins (nor quiesces) can hold on to. */
    static final int MAX_FORKED = 4096;
    /** Call sites: the index of this frame's own frame on the thread's site stack (SiteThread). */
    int siteIndex;
    /** Nesting of wait methods (invoke calls join inside); only the outermost one is an edge. */
    int waitDepth;

    // DAG recording: in-edges of the frame's next node and the latest end among their sources
    // (when that node became ready), and the id and end of the frame's last node.
    long[] inFrom = new long[4];
    io.forkscope.model.dag.EdgeKind[] inKinds = new io.forkscope.model.dag.EdgeKind[4];
    int inCount;
    long inReady = Long.MIN_VALUE;
    long lastNodeId = -1;
    long lastNodeEnd = Long.MIN_VALUE;
    // DAG collapsing: where the frame's nodes start in the thread's batch, whether its sub-DAG is
    // still one worker's alone, and its own forks and the joins of those forks.
    int batchStart;
    boolean collapsible;
    int localForks;
    int localJoins;

    /** An in-edge of the frame's next node from node {@code from}, which ended at {@code fromEnd} (ns). */
    void addIn(long from, long fromEnd, io.forkscope.model.dag.EdgeKind kind) {
        if (from < 0) {
            return;
        }
        if (fromEnd > inReady) {
            inReady = fromEnd;
        }
        if (inCount == inFrom.length) {
            inFrom = java.util.Arrays.copyOf(inFrom, inCount * 2);
            inKinds = java.util.Arrays.copyOf(inKinds, inCount * 2);
        }
        inFrom[inCount] = from;
        inKinds[inCount++] = kind;
    }

    void addForked(TaskNode n) {
        if (forkedCount == forked.length) {
            dropJoinedForks();
            if (forkedCount == MAX_FORKED) {
                forkedOverflow = true;
                return;
            }
            if (forkedCount == forked.length) {
                forked = java.util.Arrays.copyOf(forked, Math.min(MAX_FORKED, forkedCount * 2));
            }
        }
        forked[forkedCount++] = n;
    }

    /** Compacts {@link #forked} to the tasks no waiter has joined yet. */
    void dropJoinedForks() {
        int kept = 0;
        for (int i = 0; i < forkedCount; i++) {
            if (forked[i].additiveTaken == 0) {
                forked[kept++] = forked[i];
            }
        }
        java.util.Arrays.fill(forked, kept, forkedCount, null);
        forkedCount = kept;
    }

    /** @return the forked tasks no waiter has joined yet (additive values not taken), or null if none */
    TaskNode[] unjoinedForks() {
        int n = 0;
        for (int i = 0; i < forkedCount; i++) {
            if (forked[i].additiveTaken == 0) {
                n++;
            }
        }
        if (n == 0) {
            return null;
        }
        TaskNode[] out = new TaskNode[n];
        n = 0;
        for (int i = 0; i < forkedCount; i++) {
            if (forked[i].additiveTaken == 0) {
                out[n++] = forked[i];
            }
        }
        return out;
    }

    void reset(TaskNode node, long span, long bspan) {
        for (int i = 0; i < forkedCount; i++) {     // most frames forked none or few: no call to fill
            forked[i] = null;
        }
        this.forkedCount = 0;
        this.forkedOverflow = false;
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
        this.inCount = 0;
        this.inReady = Long.MIN_VALUE;
        this.lastNodeId = -1;
        this.lastNodeEnd = Long.MIN_VALUE;
        this.collapsible = false;
        this.localForks = 0;
        this.localJoins = 0;
    }
}
