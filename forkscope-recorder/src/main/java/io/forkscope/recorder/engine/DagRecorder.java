package io.forkscope.recorder.engine;

import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * Records the DAG of a real parallel run (measures.md §6, DAG Recorder) for {@link SpanEngine}: one node
 * per strand between two structural events (fork, the start and end of a task body, a wait, a
 * CountedCompleter completion), with the worker, start, end, work, what ended it and its in-edges
 * by kind. Region boundaries and {@code Forkscope.work} split the engine's strands but not nodes.
 *
 * <p>Collapsing (DAG Recorder): when a task ends whose whole sub-DAG ran on this worker, nested in
 * its frame (no child stolen, every child it forked joined by it, nothing foreign run inside it;
 * CountedCompleters are handled as scopes, below), its nodes, which are then the tail of the
 * thread's {@link NodeBuffer}, become one node carrying their work, inner longest path, counts and
 * inner delay, so memory grows with steals, not with tasks. Nothing outside such a sub-DAG has an
 * edge into its inner nodes, so no edge is lost. A node carries the call site its first strand
 * ran in (record --sites; SpanEngine learns it when the node opens), a collapsed node its first
 * strand's, so that views can colour nodes by site. The buffer is not handed over while a frame that may still collapse is open; strands are
 * kept in primitive arrays, so recording one allocates nothing and only surviving nodes become
 * objects.
 *
 * <p>A node's id is its thread's index and sequence number, so recording needs no shared counter;
 * each thread hands its nodes over in batches through a concurrent queue that the sink drains.
 */
final class DagRecorder {
    private static final int BATCH = 512;
    /** Busy intervals a thread holds before handing them over (two longs each). */
    private static final int BUSY_BATCH = 256;
    /** Nodes a thread may hold for open completer subtrees before it gives up collapsing them. */
    private static final int MAX_HELD = 1 << 18;
    private static final int MAX_CHAIN = 100_000;

    private final long originNs;
    private final boolean collapse;
    private final Queue<List<RecordedNode>> full = new ConcurrentLinkedQueue<>();
    /**
     * Batches in {@link #full}. Past {@link #MAX_QUEUED} a thread that hands one over wakes the sink
     * ({@link #onBacklog}) and waits for it, at most {@link #MAX_WAIT_NS} a batch: a program that
     * makes nodes faster than the sink writes them (millions a second with --no-collapse, the sink's
     * thread short of CPU) filled the heap and died of it. The wait is bounded, so a sink that no
     * longer drains (closed, or itself waiting) costs a program at most that much a batch.
     */
    private final java.util.concurrent.atomic.AtomicInteger queued = new java.util.concurrent.atomic.AtomicInteger();
    private static final int MAX_QUEUED = 128;            // 65,536 nodes, some 15 MB as objects
    private static final long MAX_WAIT_NS = 20_000_000;
    private volatile Runnable wakeSink = () -> { };
    private final Queue<WorkerBusy> fullBusy = new ConcurrentLinkedQueue<>();
    /** Threads whose held nodes the final drain left out (in an event, or raced with one); sink thread only. */
    private final java.util.Set<ThreadState> leftOut = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    DagRecorder(long originNs, boolean collapse) {
        this.originNs = originNs;
        this.collapse = collapse;
    }

    private static NodeBuffer buffer(ThreadState ts) {
        NodeBuffer b = ts.dagNodes;
        return b != null ? b : (ts.dagNodes = new NodeBuffer());
    }

    /**
     * Ends the thread's open node, if any, in frame {@code f}, with the frame's pending in-edges.
     * Afterwards {@code f.lastNodeId}/{@code f.lastNodeEnd} name the frame's last node.
     *
     * @return the id of the node that ended, or the frame's last node id when none was open
     */
    long endNode(ThreadState ts, Frame f, long now, NodeEnd ends) {
        return endNode(ts, f, now, ends, ends == NodeEnd.END);
    }

    /**
     * The same, saying whether a task ended with the node: a CountedCompleter completion is an END
     * node (its end edges lead to the completers) but its task's body ends later, in its own node.
     */
    long endNode(ThreadState ts, Frame f, long now, NodeEnd ends, boolean taskEnd) {
        if (!ts.nodeOpen) {
            return f.lastNodeId;
        }
        long id = ((long) ts.index << 40) | ts.nodeSeq++;
        long ready = f.inReady == Long.MIN_VALUE ? Long.MIN_VALUE : f.inReady - originNs;
        NodeBuffer b = buffer(ts);
        if (ts.scopeTop > 0) {
            spoilScopesReachedFromOutside(ts, b.size, f);
        }
        b.addStrand(id, ts.nodeStart - originNs, now - originNs, ts.nodeWork, f.span, ends, taskEnd, f.inFrom,
                f.inKinds, f.inCount, ready, ts.pendingCreates, ts.nodeSite, ts.nodeSitePath, ts.nodeNotRunning,
                ts.nodeRecorderBefore, ts.nodeRecorderInside);
        ts.pendingCreates = 0;
        f.inCount = 0;
        f.inReady = Long.MIN_VALUE;
        f.lastNodeId = id;
        f.lastNodeEnd = now;
        ts.nodeOpen = false;
        ts.nodeWork = 0;
        ts.nodeNotRunning = 0;
        ts.nodeRecorderBefore = 0;
        ts.nodeRecorderInside = 0;
        handOverIfFull(ts);
        return id;
    }

    /**
     * A fork from frame {@code f}: ends the open node with CREATE, or, when none is open (invokeAll
     * forks inside its wait), counts the create on the thread's next node.
     *
     * @return the node the create edge leaves from (it ended at {@code f.lastNodeEnd})
     */
    long create(ThreadState ts, Frame f, long now) {
        if (!ts.nodeOpen) {
            ts.pendingCreates++;
            return f.lastNodeId;
        }
        return endNode(ts, f, now, NodeEnd.CREATE);
    }

    private void handOverIfFull(ThreadState ts) {
        NodeBuffer b = ts.dagNodes;
        if (b == null || b.size < BATCH || ts.collapsibleOpen > 0) {
            return;
        }
        if (liveScopes(ts)) {
            if (b.size < MAX_HELD) {
                return;
            }
            for (int i = 0; i < ts.scopeTop; i++) {
                ts.scopes[i].scopeSpoiled = true;     // too big to hold: give up collapsing them
            }
        }
        handOver(b.toRecords(ts.index));
        b.clear();
        // every scope left is spoiled, and its start index no longer means anything
        java.util.Arrays.fill(ts.scopes, 0, ts.scopeTop, null);
        ts.scopeTop = 0;
        ts.collapseAtEnd = null;
    }

    /** Whom to wake when batches pile up (the sink's flusher). */
    void onBacklog(Runnable wake) {
        wakeSink = wake;
    }

    /** Queues a full batch; past {@link #MAX_QUEUED} wakes the sink and waits a bounded time for it. */
    private void handOver(List<RecordedNode> batch) {
        full.add(batch);
        if (queued.incrementAndGet() <= MAX_QUEUED) {
            return;
        }
        wakeSink.run();
        long deadline = System.nanoTime() + MAX_WAIT_NS;
        while (queued.get() > MAX_QUEUED && System.nanoTime() - deadline < 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(100_000);
        }
    }

    private static boolean liveScopes(ThreadState ts) {
        for (int i = 0; i < ts.scopeTop; i++) {
            if (!ts.scopes[i].scopeSpoiled) {
                return true;
            }
        }
        return false;
    }

    /** A task's frame begins (already pushed): its nodes will start here in the buffer. */
    void beginFrame(ThreadState ts, Frame f, TaskNode node) {
        f.batchStart = buffer(ts).size;
        f.collapsible = collapse && !node.completer;
        if (f.collapsible) {
            ts.collapsibleOpen++;
        }
        if (collapse) {
            enterScope(ts, node, f.batchStart);
        }
    }

    // ------------------------------------------------------------ completer subtrees
    //
    // A CountedCompleter's subtree does not nest in its frame: its children run after its body,
    // as tasks of their own, and it completes when its last descendant's tryComplete finds its
    // pending count at zero. If one worker ran the whole subtree, with nothing else in between,
    // its nodes are the tail of that worker's buffer from the completer's first node when it
    // completes, and only the completer's first node has in-edges from outside (its create edge).
    // Each running completer is therefore a scope on its thread's stack: a task that runs on
    // another worker than its innermost scope spoils every scope above it (a steal), a task that
    // runs outside the innermost scopes pops and spoils them (foreign nodes inside their run),
    // and a completion that completes an unspoiled scope of this thread collapses its run when the
    // completing frame ends. Completers and waiters may already hold ids of the run's strands (a
    // completion is published before the frame ends): the collapsed node records the first id it
    // holds, and the reader takes any id from there to the node's own as the collapsed node.
    //
    // Threads: a scope's fields are written by the thread that runs it, except scopeSpoiled, which
    // a thief sets (volatile) on every scope above a task it runs before that task can complete;
    // its completion's pending-count CAS follows in program order, so the thread that sees the
    // scope's pending count reach zero also sees it spoiled. A waiter that took a completer's ids
    // waits for the completing frame's end (SpanEngine.merge, CompleterNode.completedInFrameOf).

    private void enterScope(ThreadState ts, TaskNode node, int start) {
        CompleterNode p = ((FullNode) node).scopeParent;        // with a DAG every node is one
        if (p != null && p.scopeWorker != ts.index) {
            for (int i = 0; p != null && i < MAX_CHAIN; i++, p = p.scopeParent) {
                p.scopeSpoiled = true;
            }
        }
        while (ts.scopeTop > 0 && !inside(ts.scopes[ts.scopeTop - 1], node)) {
            ts.scopes[--ts.scopeTop].scopeSpoiled = true;
            ts.scopes[ts.scopeTop] = null;
        }
        if (node instanceof CompleterNode c) {
            c.scopeWorker = ts.index;
            c.scopeStart = start;
            c.scopeFirstSeq = ts.nodeSeq;
            c.scopeCreates = ts.createCount;
            c.scopeOwnRuns = ts.ownRuns;
            c.scopeOwnJoins = ts.ownJoins;
            c.scopeCompleterChildren = ts.completerChildCreates;
            c.scopeDepth = ts.depth - 1;
            if (ts.scopeTop == ts.scopes.length) {
                ts.scopes = java.util.Arrays.copyOf(ts.scopes, ts.scopeTop * 2);
            }
            ts.scopes[ts.scopeTop++] = c;
        }
    }

    /**
     * The node about to be appended at {@code index} has the frame's in-edges: a scope it lies
     * inside (not as the scope's first node, whose in-edges come from outside by definition)
     * cannot collapse if one of them comes from outside the scope's run, another thread's node
     * or one of this thread's from before the scope began (a join of a task run elsewhere).
     */
    private static void spoilScopesReachedFromOutside(ThreadState ts, int index, Frame f) {
        long self = (long) ts.index << 40;
        for (int e = 0; e < f.inCount; e++) {
            long from = f.inFrom[e];
            long seq = (from & ~((1L << 40) - 1)) == self ? from & ((1L << 40) - 1) : -1;
            for (int k = ts.scopeTop - 1; k >= 0; k--) {
                CompleterNode s = ts.scopes[k];
                if (seq >= s.scopeFirstSeq) {
                    break;            // inside this scope, so inside every scope below it too
                }
                if (s.scopeStart < index) {
                    s.scopeSpoiled = true;
                }
            }
        }
    }

    /** Whether the task belongs to completer {@code s}'s subtree. */
    private static boolean inside(CompleterNode s, TaskNode node) {
        CompleterNode p = ((FullNode) node).scopeParent;
        while (p != null && p.ccDepth > s.ccDepth) {
            p = p.scopeParent;
        }
        return p == s;
    }

    /**
     * A completion path starts at {@code x} (tryComplete, propagateCompletion): the completers it
     * completes (pending count zero all the way up, as tryComplete will find) whose subtree this
     * worker may have run alone are candidates to collapse when the current frame ends, so that
     * the frame's last strands (after tryComplete) are inside the collapsed node too: a strand
     * after the completion would otherwise hang off the whole subtree's longest path. The
     * outermost candidate is remembered; every completer of the path is marked as completed in
     * this frame, which is how {@link #frameEnding} finds the inner candidates.
     */
    void completing(ThreadState ts, TaskHandle x, TaskModel model) {
        if (!collapse || ts.scopeTop == 0) {
            return;
        }
        TaskHandle a = x;
        for (int i = 0; a != null && i < MAX_CHAIN && model.pendingCount(a) == 0; i++) {
            if (a.getForkscopeNode() instanceof CompleterNode c && c.scopeWorker == ts.index && !c.scopeSpoiled
                    && ts.depth == c.scopeDepth + 1) {
                ts.collapseAtEnd = c;
            }
            a = model.completerOf(a);
        }
        if (ts.collapseAtEnd != null) {
            TaskNode frame = ts.top().node;
            a = x;
            for (int i = 0; a != null && i < MAX_CHAIN && model.pendingCount(a) == 0; i++) {
                if (a.getForkscopeNode() instanceof CompleterNode c) {
                    c.completedInFrameOf = frame;
                }
                a = model.completerOf(a);
            }
        }
    }

    /**
     * The top frame is ending (its last node ended): collapses the outermost completer subtree its
     * completions completed that is still whole, if any. An outer scope may fail where an inner one
     * holds: a task forked and left unjoined in the outer completer's own body (a detached fork)
     * spoils the outer scope but not a child's subtree that ran after it. Ids of its strands that
     * completers or waiters took meanwhile stay valid: the collapsed node stands for them (its first id).
     */
    void frameEnding(ThreadState ts) {
        CompleterNode c = ts.collapseAtEnd;
        if (c == null || ts.depth != c.scopeDepth + 1) {
            return;
        }
        ts.collapseAtEnd = null;
        int k = ts.scopeTop - 1;
        while (k >= 0 && ts.scopes[k] != c) {
            k--;
        }
        if (k < 0) {
            return;
        }
        // The scopes from k up hold the frame's task, so they are the completers of its path, inner
        // ones last; only those this frame completed may collapse.
        TaskNode frame = ts.top().node;
        for (int i = k; i < ts.scopeTop; i++) {
            CompleterNode s = ts.scopes[i];
            if (s.completedInFrameOf == frame && collapseScope(ts, s)) {
                break;
            }
        }
        java.util.Arrays.fill(ts.scopes, k, ts.scopeTop, null);    // they and what ran inside them are done
        ts.scopeTop = k;
    }

    /** Collapses the completed scope {@code c} (on this thread's scope stack) if it is this thread's and whole. */
    private boolean collapseScope(ThreadState ts, CompleterNode c) {
        // Only the frame completing it may be open above the scope's base, and every task created
        // inside it ran inside it and ends inside it: joined there, or a completer child whose
        // completion flows into the scope. An unjoined fork would leave a create edge out of the
        // run's middle, or a path inside it that leads nowhere, which one node cannot express.
        long created = ts.createCount - c.scopeCreates;
        if (c.scopeWorker != ts.index || c.scopeSpoiled || ts.depth != c.scopeDepth + 1
                || created != ts.ownRuns - c.scopeOwnRuns
                || created != (ts.ownJoins - c.scopeOwnJoins) + (ts.completerChildCreates - c.scopeCompleterChildren)) {
            return false;
        }
        NodeBuffer b = buffer(ts);
        if (c.scopeStart >= b.size) {
            return false;
        }
        b.collapseTail(c.scopeStart);
        c.collapsedOn = ts.index;
        return true;
    }

    /** The frame's sub-DAG is no longer one worker's alone. */
    void spoil(ThreadState ts, Frame f) {
        if (f.collapsible) {
            f.collapsible = false;
            ts.collapsibleOpen--;
            handOverIfFull(ts);
        }
    }

    /** A task not forked by the waiting frame ran nested in it: every frame below now holds a foreign node. */
    void foreignNested(ThreadState ts) {
        for (int i = 0; i < ts.depth; i++) {
            spoil(ts, ts.frameAt(i));
        }
    }

    /**
     * The task's frame ends (its last node already ended): collapses its sub-DAG if it may.
     */
    void endFrame(ThreadState ts, Frame f, TaskNode node) {
        if (!f.collapsible) {
            return;
        }
        f.collapsible = false;
        ts.collapsibleOpen--;
        if (f.localForks == f.localJoins) {
            buffer(ts).collapseTail(f.batchStart);
            ((FullNode) node).collapsedOn = ts.index;
        }
        handOverIfFull(ts);
    }

    /** A pool worker starts a task at the bottom of its stack (one it took off a queue): busy from now. */
    void busyBegin(ThreadState ts, long now) {
        ts.busySince = now;
    }

    /** That task ended: the worker's busy interval closes. */
    void busyEnd(ThreadState ts, long now) {
        if (ts.busySince == Long.MIN_VALUE) {
            return;
        }
        long[] b = ts.busyIntervals;
        if (b == null) {
            b = ts.busyIntervals = new long[2 * BUSY_BATCH];
        }
        b[ts.busyLength++] = ts.busySince - originNs;
        b[ts.busyLength++] = Math.max(ts.busySince, now) - originNs;
        ts.busySince = Long.MIN_VALUE;
        if (ts.busyLength == b.length) {
            fullBusy.add(new WorkerBusy(ts.index, ts.threadName, b));
            ts.busyLength = 0;
        }
    }

    /**
     * Hands over every full batch of busy intervals, then (at the end of the run) what the threads
     * still hold (see {@link #heldBusy}).
     */
    void drainBusy(Consumer<WorkerBusy> sink, Iterable<ThreadState> threads, boolean partialToo) {
        if (partialToo) {
            for (ThreadState ts : threads) {     // first, since closing an interval may fill a batch
                WorkerBusy held = heldBusy(ts);
                if (held != null) {
                    fullBusy.add(held);
                }
            }
        }
        for (WorkerBusy b; (b = fullBusy.poll()) != null; ) {
            sink.accept(b);
        }
    }

    /**
     * What a thread still holds of its busy intervals, or null: a pool worker's open interval ends
     * at its last event; a thread outside any pool is busy from its first event to its last.
     */
    private WorkerBusy heldBusy(ThreadState ts) {
        if (ts.firstEventNs == Long.MAX_VALUE) {
            return null;
        }
        if (ts.poolParallelism == 0) {
            return new WorkerBusy(ts.index, ts.threadName,
                    new long[] {ts.firstEventNs - originNs, Math.max(ts.firstEventNs, ts.lastEventNs) - originNs});
        }
        busyEnd(ts, ts.lastEventNs);
        if (ts.busyLength == 0) {
            return null;
        }
        long[] held = java.util.Arrays.copyOf(ts.busyIntervals, ts.busyLength);
        ts.busyLength = 0;
        try {
            return WorkerBusy.merged(ts.index, ts.threadName, held);
        } catch (IllegalArgumentException racedWithItsThread) {
            return null;    // a thread still running wrote an interval half-way as we read: its last batch is lost
        }
    }

    /**
     * Hands over every full batch, then (at the end of the run, {@code partialToo}) what the
     * threads still hold; those must be outside any event (see SpanEngine's final drain). A thread
     * whose event count changed while its nodes were read is left out ({@link #threadsLeftOut}).
     */
    void drain(Consumer<List<RecordedNode>> sink, Iterable<ThreadState> threads, boolean partialToo) {
        if (partialToo) {
            for (ThreadState ts : threads) {     // first, since ending the open node may fill a batch
                int entries = ts.entriesAcquire();
                List<RecordedNode> held = heldNodes(ts);
                if (held == null) {
                    continue;
                }
                java.lang.invoke.VarHandle.loadLoadFence();
                if (ts.entriesAcquire() != entries || ts.inEvent()) {
                    leftOut.add(ts);   // an event began meanwhile: what was read may be torn
                    continue;
                }
                full.add(held);
                queued.incrementAndGet();
            }
        }
        for (List<RecordedNode> b; (b = full.poll()) != null; ) {
            queued.decrementAndGet();
            sink.accept(b);
        }
    }

    /**
     * What a thread still holds of its nodes, or null, the node still open ended at the thread's
     * last event (a root frame's last strands), as the whole run does; racy for a thread still running.
     */
    private List<RecordedNode> heldNodes(ThreadState ts) {
        if (ts.nodeOpen && ts.depth > 0) {
            endNode(ts, ts.top(), ts.lastEventNs, NodeEnd.END);
        }
        NodeBuffer held = ts.dagNodes;
        if (held == null || held.size == 0) {
            return null;
        }
        List<RecordedNode> records = held.toRecords(ts.index);
        held.clear();
        return records;
    }

    /**
     * The thread died: what it still holds (nodes, whatever frames may still have collapsed, and
     * busy intervals) joins the full batches, to be drained before its state is dropped. Its
     * fields are final by now (it is dead), so this is not racy.
     */
    void release(ThreadState ts) {
        List<RecordedNode> nodes = heldNodes(ts);
        if (nodes != null) {
            full.add(nodes);
            queued.incrementAndGet();
        }
        WorkerBusy busy = heldBusy(ts);
        if (busy != null) {
            fullBusy.add(busy);
        }
    }

    /** The final drain found {@code ts} inside an event: what it holds is left out. */
    void leftOut(ThreadState ts) {
        leftOut.add(ts);
    }

    /** @return how many threads' held nodes or busy intervals the final drain left out */
    int threadsLeftOut() {
        return leftOut.size();
    }

    long toRecordingTime(long ns) {
        return ns - originNs;
    }
}
