package io.forkscope.recorder.engine;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.output.Measurements;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Work, span and burdened span on the fly (measures.md §2, Cilkview Fig. 13 generalised to per-task
 * joins), fed by one runtime-neutral event vocabulary that every recorder speaks:
 *
 * <ul>
 *   <li>{@link #create} – the current strand forks or submits a task (create edge; the parent's
 *       continuation is the create-cont edge). Burden goes on the create edge: Java thieves take
 *       the forked child, not the continuation (measures.md §3).
 *   <li>{@link #resume} – the runtime call that followed a create returned; the next strand opens.
 *   <li>{@link #execBegin}/{@link #execEnd} – a thread runs a task's body. These nest: a worker
 *       that helps while joining runs other tasks inside the joining task's frame. A task run
 *       without a create (invoke, invokeAll's first task) is a plain call from the current frame.
 *   <li>{@link #waitBegin}/{@link #waitEnd} – the current strand waits for one task (join, get,
 *       invoke, ...). Only the outermost wait of a frame is an edge; waits nest inside invoke.
 *       On return the waiter takes the max of the spans and, once per task, its subtree counts.
 *   <li>{@link #completion} – a CountedCompleter path (tryComplete, propagateCompletion, complete)
 *       starts: the current values flow into the task's completer chain (end edges).
 *   <li>{@link #siteEnter}/{@link #siteExit}/{@link #siteFork} – with {@link #enableSites}, call
 *       sites woven into the program: the per-call-site profiler (recorder/sites, Cilkprof) rides
 *       on the same strands and joins; see docs/cilkprof-design.md.
 * </ul>
 *
 * <p>Strand time is what passes between two events while the strand is open, so time inside the
 * runtime (pushing, stealing, parking, helping overhead) and inside this engine is excluded, and so
 * is time the strand's thread was not running (blocked, preempted; see {@link NotRunningTime}). With
 * {@link Unit#ABSTRACT} a strand's length is the units declared through {@link #work} instead; with
 * {@link Unit#BYTECODES}, the instructions its thread's woven code executed while it was open (the
 * {@link BytecodeCounter} read where it opens and where it closes; the clock still gives the DAG's
 * node times and the run's elapsed time, never a length).
 *
 * <p>Threading: every event is handled on the thread that caused it, against that thread's
 * {@link ThreadState}; the only shared mutable state is in {@link TaskNode} (see its comment), the
 * {@link ThreadRegistry} (one state per thread for the run, released when the thread dies), and the
 * queues of closed regions and warnings.
 *
 * <p>The final drain ({@code isFinal}, once, on the sink's thread at JVM exit, after the hooks were
 * turned off so that no event starts any more) takes what threads still hold only from threads
 * outside an event: it waits, at most {@link #SETTLE_LIMIT_NS} in all, for each thread to leave the
 * event it may be in, and leaves out, with a closing warning, the threads still inside one, and
 * those whose state an event changed while the drain read it (a thread that read the hooks before
 * they were turned off and entered its event only then; see {@link ThreadState}).
 */
public final class SpanEngine implements Measurements {
    /**
     * How long a joiner waits for a done task's recorder exit hook before giving up on its values
     * (and saying so in a closing warning). The window is a few instructions unless the finishing
     * thread lost its core: 50 ms was exceeded on this 2-vCPU machine with several JVMs and a pinned
     * competing process running. The cost of a longer wait falls only on a joiner of a task that
     * was completed from outside while its body still runs (complete() for early termination).
     */
    private static final long LATE_END_LIMIT_NS = 200_000_000L;
    private static final int MAX_COMPLETER_CHAIN = 100_000;
    /** How long the final drain waits in all for threads to leave the event they are in. */
    static final long SETTLE_LIMIT_NS = 200_000_000L;
    /**
     * How long after a region closed its unjoined count is settled: a task whose completion the
     * program observed may still be inside the recorder's exit hook on its worker.
     */
    private static final long SETTLE_NS = 20_000_000L;

    private final Unit unit;
    private final long burden;
    private final Clock clock;
    private final NotRunningTime notRunning;
    /** See {@link #slowHooksForTest}: 0 outside forkscope's own tests. */
    private volatile long slowHooksNs;
    private final TaskModel model;
    private final long startNs;
    /**
     * The JIT compilers' counter ({@link #useCompilerClock}); read at region starts and stops and at
     * snapshots, never by a fork/join hook. Set once by the agent before the program runs.
     */
    private volatile CompilerClock compilers = CompilerClock.NONE;
    /**
     * The compilers' counter at the run's first event ({@link #UNREAD} before it; -1 unknown), and
     * the clock then: the whole run's compilation window starts there, as its elapsed time does, not
     * at the JVM's or the agent's start-up. A plain field read by every event, written once under
     * {@code compileLock}; a racing second writer sees it written and leaves it.
     */
    private long compileAtFirstEvent = UNREAD;
    private long firstEventClock;
    private final Object compileLock = new Object();
    private static final long UNREAD = Long.MIN_VALUE;

    private final ThreadRegistry threads;
    /** Closed regions in the order they closed, each settled when drained (one consumer: the sink). */
    private final Queue<ClosedRegion> closedRegions = new ConcurrentLinkedQueue<>();
    private final Queue<String> warnings = new ConcurrentLinkedQueue<>();
    private final LongAdder lateEnds = new LongAdder();
    /** Quiescence waits and task ends that met a frame with more unjoined forks than it keeps. */
    private final java.util.concurrent.atomic.AtomicLong quiescenceOverflows = new java.util.concurrent.atomic.AtomicLong();
    // What the DAG is known to miss (RecordingGaps): ordinary tasks created and joined, tasks of
    // runtimes not modelled, completions whose completer chain held no task the engine knew.
    // (ordinary tasks created and not joined: ThreadState.plainOpen, per thread)
    /**
     * Forked tasks a successful {@code tryUnfork()} took back and that have not run since: the
     * program took the fork back (it may recompute their work with a plain call, or drop it), so
     * they are neither a gap of the DAG nor outstanding; a later run (compute, invoke, a new fork)
     * counts them out again.
     */
    private final java.util.concurrent.atomic.LongAdder takenBack = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder unmodeledCreates = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder unconnectedCompletions = new java.util.concurrent.atomic.LongAdder();
    /** CountedCompleters forked again while their earlier node was neither joined nor the task done. */
    private final java.util.concurrent.atomic.LongAdder reforkedCompleters = new java.util.concurrent.atomic.LongAdder();
    /** Non-null when the run's DAG is recorded too (mode=dag). */
    private final DagRecorder dag;
    /** The threads the final drain reads (outside any event), chosen at its start; sink thread only. */
    private List<ThreadState> settled;

    // ------------------------------------------------------------ call sites (issue 11, docs/cilkprof-design.md)

    /** The per-call-site profiler, or null when sites are not recorded; set before the first event. */
    private volatile io.forkscope.recorder.sites.SiteProfiler siteProfiler;
    /**
     * The thread states that have a site thread and were not retired yet (a thread that died is
     * folded into the profiler when the registry retires it: {@link #release}).
     */
    private final java.util.Set<ThreadState> siteStates = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Serialises folding retired threads' site threads with {@link #sitesResult} (sink threads only). */
    private final Object sitesLock = new Object();
    /** The result, computed once ({@link #sitesResult}), and what makes it approximate. */
    private io.forkscope.model.sites.SitesResult sitesResult;
    private List<io.forkscope.model.sites.RegionSites> sitesRegions = List.of();
    private List<String> sitesNotes = List.of();

    /** Told of submissions from outside the pools (mode=dag with samples), or null. */
    private volatile SubmissionListener submissions;

    /**
     * With a DAG: tells {@code listener} of every task submitted from a thread outside any pool and
     * outside any task (see {@link SubmissionListener}); call before the first event.
     */
    public void onSubmission(SubmissionListener listener) {
        if (dag != null) {
            submissions = listener;
        }
    }

    /** Turns on the per-call-site profiler (record --sites); call before the first event. */
    public void enableSites() {
        if (siteProfiler == null) {
            siteProfiler = new io.forkscope.recorder.sites.SiteProfiler();
        }
    }

    /**
     * A call site is about to invoke (CALL, LAMBDA): the current strand ends and an invocation of
     * {@code site} (in method {@code method}) starts on this thread's site stack, opening the
     * thread's root frame first when it has none (a computation starts).
     *
     * @return the exit token for {@link #siteExit} (the thread's site depth before the call), or -1
     *         when nothing was entered (sites off, an ignored thread, an event inside the engine)
     */
    public int siteEnter(int site, int method) {
        ThreadState ts = enter();
        if (ts == null) {
            return -1;
        }
        try {
            io.forkscope.recorder.sites.SiteThread st = ts.sites;
            if (st == null) {
                return -1;
            }
            long now = clock.nanoTime();
            Frame f = frame(ts, now);
            boolean open = ts.strandOpen;
            closeStrand(ts, now);
            int token = st.depth();
            st.callEnter(site, method, f.span, f.work);
            ts.pendingForkSite = -1;
            ts.siteEnterEntry = ts.entries;
            if (open) {
                reopenInsideNode(ts, now);
            }
            return token;
        } finally {
            ts.leave();
        }
    }

    /**
     * The call entered with {@code token} returned normally: its invocation ends, and so does
     * every call frame above it that an exception left open (lazy unwind; what those did between
     * the throw and now counts as theirs). A token at or above the current depth (an exit whose
     * frame is already closed) changes nothing; frames of the engine's current task or root, and
     * below, are never closed here (their end closes them).
     */
    public void siteExit(int token) {
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            io.forkscope.recorder.sites.SiteThread st = ts.sites;
            ts.pendingForkSite = -1;
            if (st == null || ts.depth == 0 || token < 0 || st.depth() <= token) {
                return;
            }
            long now = clock.nanoTime();
            boolean open = ts.strandOpen;
            closeStrand(ts, now);
            st.closeCalls(token, ts.top().siteIndex);
            if (open) {
                reopenInsideNode(ts, now);
            }
        } finally {
            ts.leave();
        }
    }

    /**
     * A fork site is about to fork, submit or execute: the next task this thread creates is an
     * invocation of {@code site}; any other site event, wait or task start before that create
     * clears it, and a create without one makes a transparent task (library code's forks).
     */
    public void siteFork(int site, int method) {
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            if (ts.sites != null) {
                ts.pendingForkSite = site;
                ts.pendingForkMethod = method;
            }
        } finally {
            ts.leave();
        }
    }

    /**
     * The per-call-site profiles of the run, or null when sites were not recorded. Called once, at
     * the end of the run, on the sink's thread after the final drain: reads only threads that have
     * died or that the final drain found outside any event (see {@link #settledThreads}), closing
     * whatever frames they still have open; the others are left out (see {@link #sitesNotes}).
     * Later calls return the same result. Returns null, with a note, if the profiler's state turns
     * out broken there (never throws).
     */
    public io.forkscope.model.sites.SitesResult sitesResult() {
        if (siteProfiler == null && sitesResult == null) {
            return null;
        }
        Totals totals = totals();      // retires (folds) the threads that died, before the lock below
        synchronized (sitesLock) {
            return sitesResult(totals);
        }
    }

    private io.forkscope.model.sites.SitesResult sitesResult(Totals totals) {
        io.forkscope.recorder.sites.SiteProfiler siteProfiler = this.siteProfiler;
        if (siteProfiler == null) {
            return null;
        }
        if (sitesResult == null) {
            java.util.Set<ThreadState> settledNow = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            settledNow.addAll(settledThreads());
            List<io.forkscope.recorder.sites.SiteThread> included = new java.util.ArrayList<>();
            int leftOut = 0;
            for (ThreadState ts : siteStates) {
                if (!ts.thread.isAlive() || settledNow.contains(ts)) {
                    included.add(ts.sites);
                } else {
                    leftOut++;
                }
            }
            try {
                sitesResult = siteProfiler.finishAll(included);
                sitesRegions = siteProfiler.regionResults();
                sitesNotes = notes(siteProfiler, included, leftOut, sitesResult, totals);
            } catch (RuntimeException e) {     // a broken state: no profiles rather than a failed recording
                this.siteProfiler = null;
                sitesNotes = List.of("per-site profiles failed at the end of the run: " + e);
                return null;
            }
        }
        return sitesResult;
    }

    /**
     * The call-site profiles of each region that stopped in the frame it started in, in the order
     * they closed (labels may repeat); valid after {@link #sitesResult}, empty without sites.
     */
    public List<io.forkscope.model.sites.RegionSites> sitesRegions() {
        synchronized (sitesLock) {
            return sitesRegions;
        }
    }

    /**
     * What makes {@link #sitesResult} approximate, one line each (empty when it is exact: every
     * task was joined by the frame that forked it, every call returned normally); valid after
     * {@link #sitesResult}.
     */
    public List<String> sitesNotes() {
        synchronized (sitesLock) {
            return sitesNotes;
        }
    }

    /** A thread that died is being retired: its site thread is folded into the profiler (sink threads). */
    private void release(ThreadState ts) {
        if (dag != null) {
            dag.release(ts);
        }
        io.forkscope.recorder.sites.SiteProfiler p = siteProfiler;
        if (p != null && ts.sites != null) {
            synchronized (sitesLock) {
                if (sitesResult == null && siteStates.remove(ts)) {
                    p.retire(ts.sites);
                }
            }
        }
    }

    private static List<String> notes(io.forkscope.recorder.sites.SiteProfiler profiler,
                                      List<io.forkscope.recorder.sites.SiteThread> included, int leftOut,
                                      io.forkscope.model.sites.SitesResult r, Totals t) {
        long[] retired = profiler.retiredCounts();
        long detached = retired[0];
        long opaque = retired[1];
        long unwound = retired[2];
        for (io.forkscope.recorder.sites.SiteThread st : included) {
            detached += st.detached();
            opaque += st.opaqueSpan();
            unwound += st.unwound();
        }
        List<String> out = new java.util.ArrayList<>();
        if (leftOut > 0) {
            out.add(leftOut + " thread(s) were still inside a recorder event at exit: their call sites are left out");
        }
        if (r.foreignJoins() > 0) {
            out.add(r.foreignJoins() + " join(s) of a task by a frame other than the one that forked it: on-span attribution is approximate");
        }
        if (opaque > 0) {
            out.add(opaque + " unit(s) of span came through joins the site profiler does not follow (CountedCompleter"
                    + " completions, joins by another frame, quiescence): counted as local span of the joining invocation");
        }
        if (detached > 0) {
            out.add(detached + " task(s) began after the invocation that forked them had returned: their recursion flags are approximate");
        }
        if (unwound > 0) {
            out.add(unwound + " call frame(s) were closed without their exit (an exception, or the run ended inside them)");
        }
        if (profiler.regionsWithoutProfiles() > 0) {
            out.add(profiler.regionsWithoutProfiles() + " region occurrence(s) after the first "
                    + io.forkscope.recorder.sites.SiteProfiler.MAX_REGIONS + " have no call-site profiles of their own");
        }
        if (profiler.approximateRegions() > 0) {
            out.add(profiler.approximateRegions() + " region(s) joined tasks forked before they started: their on-span"
                    + " profiles are approximate");
        }
        if (r.work() != t.work || r.span() != t.span) {
            out.add("per-site totals differ from the run's: work " + r.work() + " vs T1 " + t.work + ", span " + r.span()
                    + " vs T∞ " + t.span);
        }
        return List.copyOf(out);
    }

    public SpanEngine(Unit unit, long burden, Clock clock, TaskModel model, ThreadClassifier classifier) {
        this(unit, burden, clock, model, classifier, false, false);
    }

    /**
     * @param recordDag whether to record every node of the run's DAG as well (mode=dag)
     * @param collapse  whether sub-DAGs run by one worker alone become one node (DAG Recorder)
     */
    public SpanEngine(Unit unit, long burden, Clock clock, TaskModel model, ThreadClassifier classifier,
                      boolean recordDag, boolean collapse) {
        this.unit = unit;
        this.burden = burden;
        this.clock = clock;
        this.notRunning = new NotRunningTime(clock, unit == Unit.TIME);
        this.model = model;
        this.threads = new ThreadRegistry(classifier);
        this.startNs = clock.nanoTime();
        this.threads.origin(startNs);
        this.dag = recordDag ? new DagRecorder(startNs, collapse) : null;
    }

    /** {@link TaskNode#bodyReturnedNs} before its exec() returned. */
    private static final long NOT_RETURNED = Long.MIN_VALUE;

    // ---------------------------------------------------------------- events

    public void create(TaskHandle child) {
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            created(ts, child);
        } finally {
            ts.leave();
        }
    }

    /**
     * {@code fork()} of {@code child} where no code that counts runs in the push ({@link #forkOpensStrand}):
     * {@link #create}, then at once what {@link #resume} does at the fork's return, so that a fork is one
     * hook, not two. The strand after the fork opens at the count where the one before it closed (no
     * woven code runs in between); a worker factory of the program's that the push calls is taken back
     * out of it ({@link #pushCodeBegins}).
     */
    public void createOpening(TaskHandle child) {
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            created(ts, child);
            if (!ts.strandOpen && ts.top().waitDepth == 0) {    // resume's test (create made a frame)
                openStrand(ts, ts.lastEventNs);
            }
        } finally {
            ts.leave();
        }
    }

    /**
     * @return whether a fork's strand after it opens inside the fork's entry hook ({@link #createOpening})
     *     rather than at its return ({@link #resume}): in bytecodes without a DAG and without count.jdk,
     *     where the only code that counts in a fork's push is a program's worker factory (the runtime's
     *     code is never woven, nor the JDK's without count.jdk), which the agent takes back out
     *     ({@link #pushCodeBegins}); and without a DAG the coarse clock dates the strand's start as well
     *     as a read at the return would. The agent then leaves the hook at fork's return out.
     */
    public boolean forkOpensStrand() {
        return !needsBodyReturns();
    }

    /**
     * The runtime is about to create a worker ({@code ForkJoinPool.createWorker}, which calls the pool's
     * factory, program code that counts when the program gave its own). Inside a fork's push after
     * {@link #createOpening}, the strand after the fork is already open, where before it opened only at
     * the fork's return: the factory's instructions are taken back out of it at {@link #pushCodeEnds},
     * so that they count in no strand, as before.
     *
     * @return the thread's count now, to hand to {@link #pushCodeEnds}, or Long.MIN_VALUE when nothing is
     *     to be taken back (not in a fork's push with the strand open: worker creation that a join or a
     *     managed block causes runs where it always ran)
     */
    public long pushCodeBegins() {
        if (!forkOpensStrand()) {
            return Long.MIN_VALUE;
        }
        ThreadState ts = threads.current();
        if (ts.ignored || ts.busy || !ts.strandOpen || !insideFork()) {
            return Long.MIN_VALUE;
        }
        ts.pushEntries = ts.entries;
        ts.pushCounting = true;
        return BytecodeCounter.current();
    }

    /**
     * The worker creation that {@link #pushCodeBegins} saw begin returned or threw: the instructions
     * counted since {@code before} are taken back, unless an event ran on this thread in between (a
     * factory that forks or joins: then they stay where those events put them). Only after a
     * pushCodeBegins on this thread that returned a count (the advice's entry may have been cut short
     * by an error, its result then the default 0).
     */
    public void pushCodeEnds(long before) {
        if (before == Long.MIN_VALUE) {
            return;
        }
        ThreadState ts = threads.current();
        if (!ts.pushCounting) {
            return;
        }
        ts.pushCounting = false;
        if (ts.entries == ts.pushEntries && ts.strandOpen) {
            BytecodeCounter.add(before - BytecodeCounter.current());
        }
    }

    /** Whether the first caller above the pool's own frames is {@code ForkJoinTask.fork} (a rare path: worker creation). */
    private static boolean insideFork() {
        return java.lang.StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !f.getClassName().startsWith("io.forkscope.recorder.")
                        && !f.getClassName().startsWith("java.util.concurrent.ForkJoinPool"))
                .findFirst()
                .map(f -> f.getClassName().equals("java.util.concurrent.ForkJoinTask") && f.getMethodName().equals("fork"))
                .orElse(false));
    }

    /** What {@link #create} does, on the thread's state {@code ts} (entered). */
    private void created(ThreadState ts, TaskHandle child) {
        long now = clock.nanoTime();
        Frame f = frame(ts, now);
        closeStrand(ts, now);
        f.spawns++;
        ts.spawns++;
        TaskNode node = TaskNode.of(TaskNode.SPAWNED, model.isCompleter(child), f.span, f.bspan + burden, fullNodes());
        TaskNode earlier = child.getForkscopeNode();
        if (earlier instanceof CompleterNode e && node instanceof CompleterNode c && e.additiveTaken == 0
                && !e.reinitialized && !model.isDone(child)) {
            // Forked again before it completed: completions that reached it so far stay in the
            // earlier node, which the new one keeps for its waiter. A task that forks itself from
            // its own running body goes on as a continuation (streams' ForEachTask): the create
            // edge is the whole dependence. Any other re-fork (parallelPrefix's cumulate pass)
            // waits for the runs before it through the program's own pending-count CASes, edges
            // no hook sees: a gap of the DAG. (A completer reused through reinitialize() starts
            // afresh: reinitialized() marked its node.)
            boolean continuation = e.state == TaskNode.RUNNING && f.node == e;
            if (e.reforks < CompleterNode.MAX_REFORKS) {
                c.reforkedFrom = e;
                c.reforks = e.reforks + 1;
            } else {
                continuation = false;        // the earliest runs' completions are let go: a gap
            }
            if (!continuation) {
                reforkedCompleters.increment();
            }
        }
        if (ts.sites != null) {
            node.siteTask = ts.pendingForkSite >= 0 ? ts.sites.create(ts.pendingForkSite, ts.pendingForkMethod)
                    : ts.sites.createTransparent();
            node.sitePath = ts.sites.sitePathAbove(f.siteIndex);
            ts.pendingForkSite = -1;
        }
        if (dag != null) {
            FullNode full = (FullNode) node;
            full.createdFrom = dag.create(ts, f, now);
            full.createdFromEnd = f.lastNodeEnd;
            full.createdOn = ts.index;
            SubmissionListener listener;
            if (ts.poolParallelism == 0 && f.node.kind == TaskNode.ROOT && (listener = submissions) != null) {
                listener.submitted(ts.index, f.lastNodeEnd - startNs, false);
            }
            ts.createCount++;
            if (node.completer && model.completerOf(child) != null) {
                ts.completerChildCreates++;
            }
            setScopeParent(child, node, f.node);
            full.creator = f.node;
            f.localForks++;
            f.addIn(full.createdFrom, full.createdFromEnd, EdgeKind.CREATE_CONT);
        }
        if (!node.completer) {     // a CountedCompleter completes into its parent, it is not joined
            f.addForked(node);
            ts.plainOpen++;
        }
        if (model.unmodeled(child)) {
            unmodeledCreates.increment();
        }
        child.setForkscopeNode(node);
        hookTail(ts, now);
    }

    public void resume() {
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            if (ts.depth > 0 && !ts.strandOpen && ts.top().waitDepth == 0) {
                openStrand(ts);
            }
        } finally {
            ts.leave();
        }
    }

    /** @return whether the engine tracks this execution; if so {@link #execEnd} must follow */
    public boolean execBegin(TaskHandle task) {
        return execBegins(task) != null;
    }

    /**
     * {@link #execBegin}, for a caller that keeps what it returns until the execution ends (doExec's
     * advice, in a local): the thread's state when the engine tracks this execution, to hand to
     * {@link #execEnds} (on this thread: the same state, found once), else null.
     */
    public Object execBegins(TaskHandle task) {
        ThreadState ts = enter();
        if (ts == null) {
            return null;
        }
        try {
            return execBegun(ts, task) ? ts : null;
        } finally {
            ts.leave();
        }
    }

    private boolean execBegun(ThreadState ts, TaskHandle task) {
        if (model.isDone(task)) {
            return false;
        }
        long now = clock.nanoTime();
        closeStrand(ts, now);
        Frame caller = ts.depth > 0 ? ts.top() : null;
        if (dag != null && caller != null && ts.nodeOpen) {
            caller.addIn(dag.endNode(ts, caller, now, NodeEnd.WAIT), now, EdgeKind.WAIT_CONT);
        }
        TaskNode node = task.getForkscopeNode();
        if (node == null || node.state != TaskNode.CREATED) {
            node = TaskNode.of(TaskNode.CALLED, model.isCompleter(task),
                    caller == null ? 0 : caller.span, caller == null ? 0 : caller.bspan, fullNodes());
            if (dag != null) {
                setScopeParent(task, node, caller == null ? null : caller.node);
            }
            if (ts.sites != null) {
                // run inline (invoke, invokeAll's first task): below the calls open in the caller's task
                node.sitePath = ts.sites.sitePathAbove(caller == null ? -1 : caller.siteIndex);
            }
            task.setForkscopeNode(node);
        }
        if (dag != null && caller != null && caller.waitDepth > 0 && node.kind == TaskNode.SPAWNED
                && ((FullNode) node).creator != caller.node) {
            dag.foreignNested(ts);
        }
        if (node.unforkedOn >= 0) {
            node.unforkedOn = -1;   // taken back, then run after all (invoke, or forked again and taken)
            if (!node.completer) {
                takenBack.decrement();
            }
        }
        node.setState(TaskNode.RUNNING);
        if (dag != null && caller == null && ts.poolParallelism > 0) {
            dag.busyBegin(ts, now);
        }
        if (ts.poolParallelism == 0 && (caller == null || caller.node.kind == TaskNode.ROOT)) {
            ts.bodyBegin(now - startNs);          // an outside thread holds a worker slot (measures.md §2)
        }
        Frame f = ts.push();
        f.reset(node, node.startSpan, node.startBspan);
        if (ts.sites != null) {
            ts.pendingForkSite = -1;
            if (node.kind == TaskNode.SPAWNED) {
                ts.sites.taskBegin(node.siteTask, node.startSpan);
            } else {
                ts.sites.inlineEnter(node.startSpan);
            }
            f.siteIndex = ts.sites.depth() - 1;
        }
        if (dag != null) {
            FullNode full = (FullNode) node;
            if (node.kind == TaskNode.SPAWNED && full.createdOn == ts.index) {
                ts.ownRuns++;
            }
            dag.beginFrame(ts, f, node);
            if (node.kind == TaskNode.SPAWNED) {
                f.addIn(full.createdFrom, full.createdFromEnd, EdgeKind.CREATE);
            } else if (caller != null) {
                f.addIn(caller.lastNodeId, caller.lastNodeEnd, EdgeKind.CREATE);
            }
        }
        ts.execs++;
        ts.ranTasks = true;
        ts.pendingSitePath = node.sitePath;     // the task's first node carries its site path
        if (node instanceof FullNode full) {
            full.bodyReturnedNs = NOT_RETURNED;
        }
        reopenStrand(ts, now);
        ts.pendingSitePath = null;
        SubmissionListener listener;
        if (dag != null && ts.poolParallelism == 0 && node.kind == TaskNode.CALLED
                && (caller == null || caller.node.kind == TaskNode.ROOT) && (listener = submissions) != null) {
            listener.submitted(ts.index, ts.nodeStart - startNs, true);   // its first node's start
        }
        return true;
    }

    public void execEnd(TaskHandle task) {
        execEnded(enter(), task);
    }

    /**
     * {@link #execEnd} with the state {@link #execBegins} returned on this thread (or null: then the
     * thread's state is found again).
     */
    public void execEnds(TaskHandle task, Object state) {
        execEnded(enter(state), task);
    }

    private void execEnded(ThreadState ts, TaskHandle task) {
        if (ts == null) {
            return;
        }
        try {
            if (ts.depth == 0) {
                return;
            }
            Frame f = ts.top();
            TaskNode node = f.node;
            long returned = bodyReturned(ts, node, task);
            if (unit == Unit.BYTECODES && returned != NOT_RETURNED) {
                ts.strandEndCount = ((FullNode) node).bodyReturnedCount;   // before the runtime's code after the body (returned: a FullNode)
            }
            // without a DAG the end hook needs no time of its own when the body's end is known: the
            // runtime's time after it is no strand's either way (one clock read less a task)
            // (unless the strand is long enough to read the CPU clock: that read needs a wall time of its own)
            long now = dag == null && returned != NOT_RETURNED && !(ts.strandOpen && notRunning.readsAtClose(ts, returned))
                    ? returned : clock.nanoTime();
            long end = returned != NOT_RETURNED && returned <= now ? returned : now;
            closeStrand(ts, end, now);
            if (ts.sites != null && ts.sites.depth() > f.siteIndex) {
                // calls an exception left open inside the task end with it; then the task's own frame,
                // before the node is ENDED (a joiner reads the site task's results after that)
                ts.sites.closeAbove(f.siteIndex);
                ts.sites.endTop();
            }
            long last = -1;
            if (dag != null) {
                last = dag.endNode(ts, f, end, NodeEnd.END);
                dag.endFrame(ts, f, node);
            }
            if (node.completer) {
                propagate(f, task, last, f.lastNodeEnd);
            } else {
                if (node instanceof FullNode full) {
                    full.lastNode = last;
                    full.lastNodeEnd = f.lastNodeEnd;
                }
                node.endSpan = f.span;
                node.endBspan = f.bspan;
                node.endWork = f.work;
                node.endSpawns = f.spawns;
                node.endSyncs = f.syncs;
                node.unjoinedAtEnd = f.unjoinedForks();
                if (f.forkedOverflow) {
                    quiescenceOverflows.incrementAndGet();
                }
            }
            if (dag != null) {
                dag.frameEnding(ts);
            }
            countFinished(ts, node);
            node.setState(TaskNode.ENDED);
            ts.pop();
            if (dag != null && ts.depth == 0) {
                dag.busyEnd(ts, now);
            }
            if (ts.poolParallelism == 0 && (ts.depth == 0 || ts.top().node.kind == TaskNode.ROOT)) {
                ts.bodyEnd(now - startNs);
            }
            if (ts.depth > 0 && ts.top().waitDepth == 0) {
                reopenStrand(ts, now);        // the caller's next node opens here
            }
            hookTail(ts, now);
        } finally {
            ts.leave();
        }
    }

    public void waitBegin() {
        waitBegins();
    }

    /**
     * {@link #waitBegin}, for a caller that keeps what it returns until the wait ends (a wait
     * method's advice, in a local): the thread's state, to hand to {@link #waitEnds}
     * (on this thread: the same state, found once), or null when the event was ignored.
     */
    public Object waitBegins() {
        ThreadState ts = enter();
        if (ts == null) {
            return null;
        }
        try {
            long now = clock.nanoTime();
            Frame f = frame(ts, now);
            ts.pendingForkSite = -1;
            if (f.waitDepth++ == 0) {
                closeStrand(ts, now);
                if (dag != null) {
                    f.addIn(dag.endNode(ts, f, now, NodeEnd.WAIT), f.lastNodeEnd, EdgeKind.WAIT_CONT);
                }
            }
            hookTail(ts, now);
            return ts;
        } finally {
            ts.leave();
        }
    }

    /** Ends the wait begun by the matching {@link #waitBegin}, which waited for {@code task}. */
    public void waitEnd(TaskHandle task) {
        waitEnded(leaveWait(), task);
    }

    /**
     * {@link #waitEnd} with the state {@link #waitBegins} returned on this thread (or null: then the
     * thread's state is found again).
     */
    public void waitEnds(TaskHandle task, Object state) {
        waitEnded(leaveWait(state), task);
    }

    private void waitEnded(ThreadState ts, TaskHandle task) {
        if (ts == null) {
            return;
        }
        try {
            merge(ts, ts.top(), task);
            resumeAfterWait(ts);
        } finally {
            ts.leave();
        }
    }

    /** Ends a wait for two tasks ({@code invokeAll(t1, t2)}). */
    public void waitEnd(TaskHandle first, TaskHandle second) {
        ThreadState ts = leaveWait();
        if (ts == null) {
            return;
        }
        try {
            Frame f = ts.top();
            merge(ts, f, first);
            merge(ts, f, second);
            resumeAfterWait(ts);
        } finally {
            ts.leave();
        }
    }

    /** Ends a wait for several tasks (invokeAll); elements that are not tasks are skipped. */
    public void waitEndAll(Iterable<?> tasks) {
        ThreadState ts = leaveWait();
        if (ts == null) {
            return;
        }
        try {
            Frame f = ts.top();
            for (Object t : tasks) {
                if (t instanceof TaskHandle h) {
                    merge(ts, f, h);
                }
            }
            resumeAfterWait(ts);
        } finally {
            ts.leave();
        }
    }

    /**
     * {@code task.tryUnfork()} returned true on this thread: the task, forked and still CREATED, is
     * back in this thread's hands and in no queue. Nothing changes yet: if the thread next calls
     * the task's {@code compute()} directly (the idiom {@code if (t.tryUnfork()) t.compute(); else
     * t.join();}), {@link #inlineBegin} turns that call into the task running and being joined.
     * If it calls {@code invoke()} instead, doExec and the wait hooks already make that edge.
     */
    public void unforked(TaskHandle task) {
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            TaskNode node = task.getForkscopeNode();
            if (node != null && node.kind == TaskNode.SPAWNED && node.state == TaskNode.CREATED) {
                if (node.unforkedOn < 0 && !node.completer) {
                    takenBack.increment();
                }
                node.unforkedOn = ts.index;
            }
        } finally {
            ts.leave();
        }
    }

    /**
     * {@code task.reinitialize()} is called: the program starts a new life of a task. A
     * CountedCompleter's node is marked, so that its next fork is a new task and not a re-fork
     * before it completed (inner completers are never marked done: their completion only runs
     * onCompletion, so a reused tree looked re-forked); its node stays on the task for an exit hook
     * still to come. Any other task gets a new node at its next fork anyway. Touches only the
     * task's node: no thread state.
     */
    public void reinitialized(TaskHandle task) {
        if (task.getForkscopeNode() instanceof CompleterNode c) {
            c.reinitialized = true;
        }
    }

    /**
     * A task's {@code compute()} starts. Only a task this thread unforked and that is not running
     * yet is tracked (any other compute is either inside doExec, already a frame, or a plain call
     * of a never-forked task, which is the caller's own code). Direct compute never reaches doExec,
     * so this makes the edges doExec and join would have made: the caller's strand ends in a wait
     * (as if it called join), the task runs in its own frame from its fork-time values (create edge
     * from the fork, so its work and span are the child's, not the caller's continuation's), and
     * {@link #inlineEnd} joins it. In the real run the work was serial; in the DAG it is the forked
     * child the program declared, which is what span and parallelism are about.
     *
     * @return whether {@link #inlineEnd} must follow
     */
    public boolean inlineBegin(TaskHandle task) {
        TaskNode candidate = task.getForkscopeNode();
        if (candidate == null || candidate.unforkedOn < 0) {
            return false;      // the hot case (every compute inside doExec): no thread-local lookup
        }
        ThreadState ts = enter();
        if (ts == null) {
            return false;
        }
        boolean unforkedHere;
        try {
            TaskNode node = task.getForkscopeNode();
            unforkedHere = node != null && node.state == TaskNode.CREATED && node.unforkedOn == ts.index
                    && ts.depth > 0;
            if (unforkedHere) {
                node.unforkedOn = -1;    // once: a second compute of the same task is a plain call
                if (!node.completer) {
                    takenBack.decrement();
                }
                if (ts.sites != null && ts.siteEnterEntry == ts.entries - 1) {
                    // t.compute() right after its call site's enter: the task's body is the invocation
                    // of its fork site, joined by its forker, so the empty call frame just entered
                    // must not stand between them; its exit then finds nothing to close
                    long now = clock.nanoTime();
                    boolean open = ts.strandOpen;
                    closeStrand(ts, now);
                    ts.sites.dropEnteredCall();
                    if (open) {
                        reopenInsideNode(ts, now);
                    }
                }
            }
        } finally {
            ts.leave();
        }
        if (!unforkedHere) {
            return false;
        }
        waitBegin();
        if (!execBegin(task)) {     // not expected (the task is CREATED): undo the wait
            leaveWaitWithoutEdge();
            return false;
        }
        return true;
    }

    /** The unforked task's direct {@code compute()} returned or threw: its end, then its join. */
    public void inlineEnd(TaskHandle task) {
        execEnd(task);
        ThreadState ts = leaveWait();
        if (ts == null) {
            return;
        }
        try {
            // The pool never marks a directly computed task done: the node's end is what counts.
            Frame f = ts.top();
            TaskNode n = task.getForkscopeNode();
            if (n != null && n.state == TaskNode.ENDED && n != f.node) {
                mergeNode(ts, f, n);
            }
            resumeAfterWait(ts);
        } finally {
            ts.leave();
        }
    }

    private void leaveWaitWithoutEdge() {
        ThreadState ts = leaveWait();
        if (ts != null) {
            resumeAfterWait(ts);
            ts.leave();
        }
    }

    /**
     * Ends a wait for quiescence (helpQuiesce, ForkJoinPool.awaitQuiescence, awaitTermination),
     * begun by {@link #waitBegin}: the frame joins every task it forked and nobody joined, and,
     * transitively, the tasks those left unjoined when they ended (fire-and-forget trees). Tasks
     * that are not ENDED are left out; when {@code quiescent} (the pool said so) a done task whose
     * exit hook is late is waited for briefly, as a join would.
     */
    public void quiescenceEnd(boolean quiescent) {
        ThreadState ts = leaveWait();
        if (ts == null) {
            return;
        }
        try {
            Frame f = ts.top();
            // Joining a task appends the forks it left unjoined to f.forked (mergeNode), so this
            // walks the whole unjoined closure; merged entries are compacted away afterwards.
            TaskNode[] roots = java.util.Arrays.copyOf(f.forked, f.forkedCount);
            java.util.ArrayDeque<TaskNode> todo = new java.util.ArrayDeque<>(java.util.Arrays.asList(roots));
            f.inheriting = false;     // collect the closure here rather than in f.forked
            try {
                for (TaskNode n; (n = todo.poll()) != null; ) {
                    if (n.additiveTaken != 0) {
                        continue;         // joined already: its values went to its joiner
                    }
                    if (quiescent && n.state == TaskNode.RUNNING) {
                        awaitEnd(ts, n);
                    }
                    if (n.state != TaskNode.ENDED) {
                        continue;
                    }
                    mergeNode(ts, f, n);
                    if (n.unjoinedAtEnd != null) {
                        for (TaskNode m : n.unjoinedAtEnd) {
                            todo.add(m);
                            if (m.state != TaskNode.ENDED) {
                                f.addForked(m);    // still outstanding: a later quiescence joins it
                            }
                        }
                    }
                }
            } finally {
                f.inheriting = true;
            }
            if (f.forkedOverflow) {
                quiescenceOverflows.incrementAndGet();
            }
            f.dropJoinedForks();
            resumeAfterWait(ts);
        } finally {
            ts.leave();
        }
    }

    public void completion(TaskHandle completer) {
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            long now = clock.nanoTime();
            Frame f = frame(ts, now);
            closeStrand(ts, now);
            if (f.node instanceof CompleterNode) {
                countFinished(ts, f.node);
            }
            long last = -1;
            if (dag != null) {
                last = dag.endNode(ts, f, now, NodeEnd.END, false);
                f.addIn(last, f.lastNodeEnd, EdgeKind.WAIT_CONT);
                dag.spoil(ts, f);
            }
            propagate(f, completer, last, f.lastNodeEnd);
            if (dag != null) {
                dag.completing(ts, completer, model);
            }
            if (f.waitDepth == 0) {
                openStrand(ts);
            }
        } finally {
            ts.leave();
        }
    }

    public void work(long units) {
        if (units <= 0 || unit != Unit.ABSTRACT) {
            return;          // no event in other units: not even the thread's state is looked up
        }
        ThreadState ts = enter();
        if (ts == null) {
            return;
        }
        try {
            frame(ts, clock.nanoTime());
            ts.pendingUnits += units;
        } finally {
            ts.leave();
        }
    }

    /**
     * Reads the JIT compilers' time from now on (at region starts and stops and at snapshots), so
     * that regions and the whole run carry their compilation time. Call before the program runs.
     */
    public void useCompilerClock(CompilerClock clock) {
        compilers = clock;
    }

    /** At the run's first event: where the whole run's compilation window starts. */
    private void readCompileAtFirstEvent() {
        synchronized (compileLock) {
            if (compileAtFirstEvent == UNREAD) {
                firstEventClock = clock.nanoTime();
                compileAtFirstEvent = compilers.compileNanos();
            }
        }
    }

    public Object regionStart(String label) {
        ThreadState ts = enter();
        if (ts == null) {
            return null;
        }
        try {
            long now = clock.nanoTime();
            Frame f = frame(ts, now);
            closeStrand(ts, now);
            RegionToken token = new RegionToken(label, ts, f, now, outstanding(), compilers.compileNanos());
            if (ts.sites != null) {
                token.siteRegion = ts.sites.regionStart(label);   // after the strand closed: in step with f
            }
            if (f.waitDepth == 0) {
                openStrand(ts);
            }
            return token;
        } finally {
            ts.leave();
        }
    }

    /**
     * Closes a region. @return what it measured, for {@code Forkscope.measure} (the sink gets the
     * region as well, through {@link #drainRegions}), or null when the token is not a region's or
     * the recorder did not take the event (stopped, or inside its own hook)
     */
    public StoppedRegion regionStop(Object token) {
        if (!(token instanceof RegionToken t)) {
            return null;
        }
        ThreadState ts = enter();
        if (ts == null) {
            return null;
        }
        try {
            long now = clock.nanoTime();
            Frame f = frame(ts, now);
            closeStrand(ts, now);
            boolean sameFrame = t.thread == ts && t.frame == f && t.node == f.node;
            if (t.siteRegion != null && t.thread == ts && ts.sites != null) {
                ts.sites.regionStop(t.siteRegion, sameFrame);
            }
            StoppedRegion stopped;
            if (!sameFrame) {
                warnings.add("region '" + t.label + "' was closed on another thread or in another task than it was opened in;"
                        + " it is left out");
                stopped = StoppedRegion.leftOut(t.label);
            } else {
                WorkSpan ws = new WorkSpan(f.work - t.work, f.span - t.span, f.bspan - t.bspan,
                        f.spawns - t.spawns, f.syncs - t.syncs, now - t.startNs);
                // no waiting here for late exit hooks: the count is settled when the sink drains it
                long[] counts = spawnsAndEnds();
                long compiled = CompilerClock.between(t.compileNs, compilers.compileNanos());
                long seen = Math.max(0, counts[0] - counts[1] - t.outstanding);
                closedRegions.add(new ClosedRegion(new RegionRecord(t.label, ts.threadName, t.startNs - startNs, ws, 0, compiled),
                        seen, counts[0], t.outstanding, now + SETTLE_NS));
                stopped = new StoppedRegion(t.label, ws, seen, t.siteRegion);
            }
            if (f.waitDepth == 0) {
                openStrand(ts);
            }
            return stopped;
        } finally {
            ts.leave();
        }
    }

    // ---------------------------------------------------------------- results

    /**
     * Totals over live and retired threads, from one roster (ThreadRegistry): a thread counts once.
     */
    private static final class Totals {
        long work;
        long spawns;
        long syncs;
        long execs;
        long span;
        long bspan;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        int threadsWithTasks;
        int maxPoolParallelism;
        int helpersOutsidePools;

        Totals(ThreadRegistry.Roster roster) {
            ThreadRegistry.Retired r = roster.retired();
            work = r.work();
            spawns = r.spawns();
            syncs = r.syncs();
            execs = r.execs();
            span = r.maxSpan();
            bspan = r.maxBspan();
            first = r.firstEventNs();
            last = r.lastEventNs();
            threadsWithTasks = r.threadsWithTasks();
            maxPoolParallelism = r.maxPoolParallelism();
            helpersOutsidePools = r.helpersOutsidePools();
            for (ThreadState ts : roster.live()) {
                work += ts.work;
                spawns += ts.spawns;
                syncs += ts.syncs;
                execs += ts.execs;
                span = Math.max(span, ts.maxSpan);
                bspan = Math.max(bspan, ts.maxBspan);
                if (ts.firstEventNs != Long.MAX_VALUE) {
                    first = Math.min(first, ts.firstEventNs);
                    last = Math.max(last, ts.lastEventNs);
                }
                if (ts.ranTasks) {
                    threadsWithTasks++;
                    if (ts.poolParallelism == 0) {
                        helpersOutsidePools++;
                    } else {
                        maxPoolParallelism = Math.max(maxPoolParallelism, ts.poolParallelism);
                    }
                }
            }
        }

        /**
         * P, the workers the run had (WholeRun.workers, the DAG's frame): the largest parallelism
         * among the pools whose workers ran tasks, plus every thread outside any pool that ran task
         * bodies (the caller of {@code commonPool().invoke}, a parallel stream's calling thread:
         * they help). A pool never runs more than its parallelism of workers at once, so counting
         * its distinct worker threads would overstate P (a common-pool worker that timed out and
         * was replaced, pools used one after another); a helper outside a pool runs alongside the
         * pool's workers, so leaving it out understated P: the delay analyses' work (capped at P
         * running nodes) fell short of T1 and speedups exceeded P. Not covered: pools running at
         * the same time (P is the largest one's, as before) and a pool's compensating spare
         * threads (managed blocking).
         */
        int workers() {
            return maxPoolParallelism + helpersOutsidePools;
        }
    }

    private Totals totals() {
        threads.retireDead(this::release);
        return new Totals(threads.roster());
    }

    /**
     * The run's worker slots so far (measures.md §2): pools alive at the same time add up, pools used
     * one after another do not, compensation and replacement threads add none, and outside threads
     * count while they run task bodies.
     */
    @Override
    public io.forkscope.model.slots.WorkerSlots slots() {
        Totals t = totals();
        return slots(t);
    }

    private io.forkscope.model.slots.WorkerSlots slots(Totals t) {
        return threads.slots(startNs, t.first, t.last, t.threadsWithTasks, Math.max(1, t.workers()));
    }

    /**
     * The whole run so far (measures.md §2: span is the longest path that ended anywhere). Its P is
     * the peak of the worker slots over the run.
     */
    @Override
    public WholeRun snapshot(boolean isFinal) {
        Totals t = totals();
        long elapsed = t.first == Long.MAX_VALUE ? 0 : t.last - t.first;
        long compiled = -1;
        long window = -1;
        synchronized (compileLock) {
            if (compileAtFirstEvent != UNREAD) {
                compiled = CompilerClock.between(compileAtFirstEvent, compilers.compileNanos());
                window = compiled < 0 ? -1 : clock.nanoTime() - firstEventClock;
            }
        }
        return new WholeRun(new WorkSpan(t.work, t.span, t.bspan, t.spawns, t.syncs, elapsed),
                t.threadsWithTasks == 0 ? t.workers() : slots(t).peak(), t.threadsWithTasks, t.execs, isFinal,
                compiled, window);
    }

    /** Settles every closed region now (see {@link #drainRegions(Consumer, boolean)}). */
    @Override
    public void drainRegions(Consumer<RegionRecord> sink) {
        drainRegions(sink, true);
    }

    /**
     * Hands closed regions over in the order they closed, settling each one's unjoined count. A
     * region that saw tasks outstanding when it closed (beyond those outstanding when it opened) is
     * settled {@link #SETTLE_NS} after it closed at the earliest, unless {@code isFinal}, so that
     * tasks whose completion the program observed have passed the recorder's exit hook; until
     * then it and the regions after it wait. Settled, unjoined = the tasks created up to its close
     * less every task ended since the run began and less those outstanding when it opened, capped
     * by what it saw: tasks created after it closed never count, and any end since counts as one
     * of its own, so (as the former wait of up to 20 ms on the program thread, which stopped at
     * the first zero) it errs towards too few, never towards a warning the region does not deserve
     * because of later tasks. Single consumer: the sink's threads, under the sink's lock.
     */
    @Override
    public void drainRegions(Consumer<RegionRecord> sink, boolean isFinal) {
        long now = clock.nanoTime();
        for (ClosedRegion c; (c = closedRegions.peek()) != null; ) {
            if (c.seen > 0 && !isFinal && now - c.settleAtNs < 0) {
                return;
            }
            closedRegions.poll();
            long unjoined = c.seen == 0 ? 0
                    : Math.min(c.seen, Math.max(0, c.spawnsAtStop - spawnsAndEnds()[1] - c.outstandingAtStart));
            RegionRecord r = c.record;
            if (unjoined > 0) {
                warnings.add("region '" + r.label() + "' ended while " + unjoined
                        + " task(s) forked inside it had not finished: their work is missing from the region");
                r = r.withUnjoined(unjoined);
            }
            sink.accept(r);
        }
    }

    /** A region closed but not yet handed over, with the outstanding-task count it saw when it closed. */
    private record ClosedRegion(RegionRecord record, long seen, long spawnsAtStop, long outstandingAtStart,
                                long settleAtNs) {}

    @Override
    public void drainWarnings(Consumer<String> sink) {
        for (String w; (w = warnings.poll()) != null; ) {
            sink.accept(w);
        }
    }

    @Override
    public void onDagBacklog(Runnable wake) {
        if (dag != null) {
            dag.onBacklog(wake);
        }
    }

    @Override
    public void drainDagNodes(Consumer<List<RecordedNode>> sink, boolean isFinal) {
        if (dag != null) {
            threads.retireDead(this::release);
            dag.drain(sink, isFinal ? settledThreads() : threads.live(), isFinal);
        }
    }

    @Override
    public void drainWorkerBusy(Consumer<io.forkscope.model.dag.WorkerBusy> sink, boolean isFinal) {
        if (dag != null) {
            threads.retireDead(this::release);
            dag.drainBusy(sink, isFinal ? settledThreads() : threads.live(), isFinal);
        }
    }

    @Override
    public long[] dagFrame() {
        if (dag == null) {
            return null;
        }
        Totals t = totals();
        int workers = Math.max(1, t.threadsWithTasks == 0 ? t.workers() : slots(t).peak());
        if (t.first == Long.MAX_VALUE) {
            return new long[] {workers, 0, 0};
        }
        return new long[] {workers, dag.toRecordingTime(t.first), dag.toRecordingTime(t.last)};
    }

    /**
     * The threads outside any event, waiting for each at most what is left of
     * {@link #SETTLE_LIMIT_NS} (wall time, not the engine's clock); chosen once, at the final drain.
     */
    private List<ThreadState> settledThreads() {
        if (settled == null) {
            long deadline = System.nanoTime() + SETTLE_LIMIT_NS;
            List<ThreadState> out = new java.util.ArrayList<>();
            for (ThreadState ts : threads.live()) {
                while (ts.inEvent() && System.nanoTime() - deadline < 0) {
                    Thread.onSpinWait();
                    Thread.yield();
                }
                if (ts.inEvent()) {
                    if (dag != null) {
                        dag.leftOut(ts);
                    }
                } else {
                    out.add(ts);
                }
            }
            settled = out;
        }
        return settled;
    }

    /** Adds a warning to the recording (written with the next flush). */
    public void warn(String text) {
        warnings.add(text);
    }

    @Override
    public List<String> closingWarnings() {
        List<String> out = new java.util.ArrayList<>();
        for (String gap : gaps().lines()) {       // the DAG is incomplete: say so, with the counts
            out.add("incomplete DAG: " + gap);
        }
        long late = lateEnds.sum();
        if (late != 0) {
            out.add(late + " join(s) found a finished task whose recorder exit"
                    + " hook was late; their spans may be short by the task's last strand");
        }
        if (dag != null && dag.threadsLeftOut() > 0) {
            out.add(dag.threadsLeftOut() + " thread(s) were still inside a recorder event at exit: the nodes and"
                    + " busy intervals they still held are left out of the DAG");
        }
        return out;
    }

    /** The signal that ended the run, or null (see {@link #runEndedBy}). */
    private volatile String endedBy;

    @Override
    public void runEndedBy(String signal) {
        endedBy = signal;
    }

    /**
     * @return what the DAG is known to miss so far (exact once the program's threads have stopped);
     *     after a signal ended the run, the tasks not yet joined count as cut off by it, not unjoined
     */
    public io.forkscope.model.RecordingGaps gaps() {
        long open = Math.max(0, threads.plainOpen() - takenBack.sum());
        String signal = endedBy;
        return new io.forkscope.model.RecordingGaps(signal == null ? open : 0, unmodeledCreates.sum(),
                unconnectedCompletions.sum(), quiescenceOverflows.get(), reforkedCompleters.sum(),
                signal == null ? 0 : open, signal);
    }

    @Override
    public java.util.Map<String, String> closingInfo() {
        java.util.Map<String, String> info = new java.util.LinkedHashMap<>(gaps().asInfo());
        info.put(TASKS_TAKEN_BACK, Long.toString(Math.max(0, takenBack.sum())));
        if (siteProfiler != null) {
            // what the call-site profiles leave out: classes run without their sites, throttled sites
            info.put("sites.classes.woven", Long.toString(io.forkscope.recorder.sites.SiteRegistry.wovenClasses()));
            info.put("sites.classes.unwoven",
                    Long.toString(io.forkscope.recorder.sites.SiteRegistry.unwovenClasses()));
            info.put("sites.weaving.ms",
                    Long.toString(io.forkscope.recorder.sites.SiteRegistry.weavingNanos() / 1_000_000));
            StringBuilder throttled = new StringBuilder();
            for (int site : io.forkscope.recorder.sites.SiteThrottle.throttled()) {
                throttled.append(throttled.length() == 0 ? "" : ",").append(site);
            }
            info.put(SITES_THROTTLED, throttled.toString());
        }
        return info;
    }

    /**
     * Information key: forked tasks a successful tryUnfork took back and that never ran (their fork
     * was undone; any work the program then did in their place is its caller's). Not a gap.
     */
    public static final String TASKS_TAKEN_BACK = "tasks.taken.back";

    /** Information key: the ids of the call sites throttled during the run, comma-separated. */
    public static final String SITES_THROTTLED = "sites.throttled";

    /** @return the live thread states (tests) */
    List<ThreadState> liveThreads() {
        return threads.live();
    }

    /** The registry (tests: simulate a pool erasing a thread's ThreadLocals). */
    ThreadRegistry threadRegistry() {
        return threads;
    }

    // ---------------------------------------------------------------- internals

    /** @return the thread's state marked busy, or null when this event is to be ignored */
    private ThreadState enter() {
        return enter(threads.current());
    }

    /**
     * {@link #enter()} with the state an earlier hook of the same method invocation returned on this
     * thread ({@link #execBegins}, {@link #waitBegins}): that is the thread's state, unless it is null
     * or another engine's (a test that enabled another engine meanwhile), when it is found again.
     */
    private ThreadState enter(Object state) {
        return enter(state instanceof ThreadState s && s.registry == threads ? s : threads.current());
    }

    private ThreadState enter(ThreadState ts) {
        if (ts.ignored || ts.busy) {
            return null;
        }
        ts.enterEvent();
        if (compileAtFirstEvent == UNREAD) {
            readCompileAtFirstEvent();
        }
        if (ts.sites == null && ts.depth == 0) {
            io.forkscope.recorder.sites.SiteProfiler p = siteProfiler;
            if (p != null) {
                ts.sites = p.newUnlistedThread();    // at the thread's first event (never mid-stack)
                siteStates.add(ts);
            }
        }
        return ts;
    }

    private ThreadState leaveWait() {
        return leaveWait(threads.current());
    }

    private ThreadState leaveWait(Object state) {
        return leaveWait(state instanceof ThreadState s && s.registry == threads ? s : threads.current());
    }

    private ThreadState leaveWait(ThreadState state) {
        ThreadState ts = enter(state);
        if (ts == null) {
            return null;
        }
        Frame f = ts.depth == 0 ? null : ts.top();
        if (f == null || f.waitDepth == 0 || --f.waitDepth > 0) {
            ts.leave();
            return null;
        }
        if (dag != null) {
            ts.lastEventNs = clock.nanoTime();    // the wait's end; resumeAfterWait reads again after the bookkeeping
        }
        return ts;
    }

    /**
     * Opens the strand after a wait that {@link #leaveWait} ended: in DAG mode at a read after the
     * hook's bookkeeping (the time since leaveWait's read is forkscope's, {@link #reopenStrand});
     * otherwise at this hook's only read, taken here, after the bookkeeping: the wait ends where the
     * strand starts, so the bookkeeping is the wait's, in no strand, at one clock read a wait.
     */
    private void resumeAfterWait(ThreadState ts) {
        if (dag != null) {
            reopenStrand(ts, ts.lastEventNs);
        } else {
            long now = clock.nanoTime();
            long cpu = notRunning.cpuBeforeOpening(ts, now);
            if (cpu != NotRunningTime.NO_READ) {
                now = clock.nanoTime();      // after a long wait: the CPU read falls before the strand, not in it
            }
            notRunning.strandOpened(ts, now, cpu);
            ts.lastEventNs = now;
            startStrand(ts, now);
        }
    }

    /** The top frame, opening the thread's root frame (with an open strand) if it has none. */
    private Frame frame(ThreadState ts, long now) {
        if (ts.depth == 0) {
            Frame root = ts.push();
            root.reset(TaskNode.of(TaskNode.ROOT, false, 0, 0, fullNodes()), 0, 0);
            if (ts.sites != null) {
                root.siteIndex = ts.sites.ensureRoot();
            }
            openStrand(ts, now);
        }
        return ts.top();
    }

    private void closeStrand(ThreadState ts, long now) {
        closeStrand(ts, now, now);
    }

    /**
     * Closes the open strand at {@code now}, by a hook that read the clock at {@code read} (later when
     * the strand ended before the hook: a task body that returned, then the runtime marked it done).
     */
    private void closeStrand(ThreadState ts, long now, long read) {
        long endCount = ts.strandEndCount;     // unit bytecodes: set for this close only
        ts.strandEndCount = Long.MIN_VALUE;
        if (ts.firstEventNs == Long.MAX_VALUE) {
            ts.firstEventNs = now;
        }
        ts.lastEventNs = now;
        if (!ts.strandOpen) {
            return;
        }
        ts.strandOpen = false;
        long d;
        if (unit == Unit.TIME) {
            d = notRunning.strandLength(ts, now, read);
            ts.nodeNotRunning += Math.max(0, now - ts.strandStart) - d;
        } else if (unit == Unit.BYTECODES) {
            d = Math.max(0, (endCount >= ts.strandStartCount ? endCount : countNow(ts)) - ts.strandStartCount);
        } else {
            d = ts.pendingUnits;
            ts.pendingUnits = 0;
        }
        Frame f = ts.top();
        f.span += d;
        f.bspan += d;
        f.work += d;
        if (ts.sites != null && d != 0) {
            ts.sites.work(d);         // the same d, to the innermost invocation of the top frame
        }
        ts.work += d;
        ts.nodeWork += d;
        if (f.span > ts.maxSpan) {
            ts.maxSpan = f.span;
        }
        if (f.bspan > ts.maxBspan) {
            ts.maxBspan = f.bspan;
        }
    }

    private void openStrand(ThreadState ts) {
        openStrand(ts, clock.nanoTime());
    }

    /**
     * Opens the strand that goes on after a hook that read the clock at {@code read} (execBegin, the
     * end of a wait): at a read of its own, at the hook's end, so that the hook's bookkeeping since
     * {@code read} is not strand time (a strand's time excludes the tool's bookkeeping, SPEC §1) and,
     * in DAG mode, not delay either: it is forkscope's time before the node that opens here
     * (RecordedNode.recorderBefore). One clock read more per such hook.
     */
    private void reopenStrand(ThreadState ts, long read) {
        slowUntil(read);
        long cpu = notRunning.cpuBeforeOpening(ts, read);    // its ~0.3 µs before the strand, not in it
        long now = clock.nanoTime();
        notRunning.strandOpened(ts, now, cpu);
        if (dag != null && !ts.nodeOpen) {
            ts.recorderGapNs += Math.max(0, now - read);
        }
        ts.lastEventNs = Math.max(ts.lastEventNs, now);    // a node may open here: the thread's last event
        startStrand(ts, now);
    }

    /**
     * The same for a hook that splits a strand but not its node (a call site's enter or exit): the
     * hook's bookkeeping is forkscope's time inside the node (RecordedNode.recorderInside).
     */
    private void reopenInsideNode(ThreadState ts, long read) {
        slowUntil(read);
        long now = clock.nanoTime();
        if (dag != null && ts.nodeOpen) {
            ts.nodeRecorderInside += Math.max(0, now - read);
        }
        ts.lastEventNs = Math.max(ts.lastEventNs, now);
        openStrand(ts, now);
    }

    /**
     * Where the body of {@code task}, ending on this thread with frame node {@code node}, ended: when
     * its {@code exec()} returned ({@link #execReturned}), before the runtime marked it done and woke
     * its joiners (a futex wake of some µs when one was parked: the runtime's, not the task's); or
     * NOT_RETURNED when exec() threw or the task ran outside doExec (the end hook's read is its end).
     */
    private static long bodyReturned(ThreadState ts, TaskNode node, TaskHandle task) {
        if (!(node instanceof FullNode full)) {
            return NOT_RETURNED;      // a plain node: execReturned is not woven in (needsBodyReturns)
        }
        long returned = full.bodyReturnedNs;
        full.bodyReturnedNs = NOT_RETURNED;
        if (returned == NOT_RETURNED || task.getForkscopeNode() != node
                || (ts.strandOpen && returned < ts.strandStart)) {
            return NOT_RETURNED;
        }
        return returned;
    }

    /**
     * {@code exec()} of {@code task} returned inside {@code doExec()}: its body ended here, whatever
     * the runtime does next (mark it done, wake its joiners) before {@link #execEnd}. One clock read
     * and a field write, no thread-local lookup: the task's node says whether this thread runs it.
     */
    public void execReturned(TaskHandle task) {
        if (!needsBodyReturns()) {
            return;
        }
        TaskNode node = task.getForkscopeNode();
        if (node instanceof FullNode full && node.state == TaskNode.RUNNING) {
            if (unit == Unit.BYTECODES) {
                full.bodyReturnedCount = BytecodeCounter.current();
            }
            full.bodyReturnedNs = clock.nanoTime();
        }
    }

    /**
     * @return whether {@link #execReturned} does anything. Not in bytecodes without a DAG and without
     *     {@code count.jdk}: nothing counts between the body's return and the end hook (the runtime's
     *     code is never woven, and without count.jdk nothing else of the JDK is), and without a DAG
     *     the end hook's coarse clock dates the end as well as a read there would. The agent then
     *     leaves the hook out of doExec: one hook call less a task.
     */
    public boolean needsBodyReturns() {
        return unit != Unit.BYTECODES || dag != null || BytecodeCounter.countsJdk();
    }

    /**
     * Whether new task nodes are {@link FullNode}s: where a DAG is recorded or body returns are
     * dated, the only modes that use its fields (a plain node's body return is never dated: its end
     * hook's own read or count is its end, as when exec() throws).
     */
    private boolean fullNodes() {
        return needsBodyReturns();
    }

    /**
     * DAG mode: a hook that leaves its thread between nodes (a strand closed and none open) read the
     * clock at {@code now}, ended a node there and went on with its bookkeeping (the node buffer,
     * edges, sites, counts); from {@code now} to here is forkscope's own time, not the runtime's, and
     * it is counted for the thread's next node (RecordedNode.recorderBefore), so that Delay Spotter
     * does not charge it to the scheduler (measures.md §6). One clock read more per such hook, in DAG
     * mode only. What a hook does before its clock read (its advice's entry, the thread's state) is
     * not measured: some tens of ns.
     */
    private void hookTail(ThreadState ts, long now) {
        if (dag == null || ts.strandOpen) {
            return;
        }
        slowUntil(now);
        long end = clock.nanoTime();
        ts.recorderGapNs += Math.max(0, end - now);
    }

    /** Forkscope's own tests only: a hook made slow ends at least slowHooksNs after its first read. */
    private void slowUntil(long read) {
        long slow = slowHooksNs;
        while (slow > 0 && clock.nanoTime() - read < slow) {
            Thread.onSpinWait();
        }
    }

    /**
     * For forkscope's own tests only (the agent's {@code -Dforkscope.test.slowHooksNs=N}): every hook
     * that leaves its thread between nodes or opens a strand after its bookkeeping takes at least
     * {@code ns} after its first clock read, as a slow recorder would; that time must be in no strand,
     * and Delay Spotter must show it as forkscope's time, not as delay.
     */
    public void slowHooksForTest(long ns) {
        this.slowHooksNs = Math.max(0, ns);
    }

    /**
     * The calling thread's instruction count, {@code ts} its state: {@link BytecodeCounter#current} from
     * the cell the state keeps ({@link ThreadState#counterCell}), the same number without the lookup.
     */
    private static long countNow(ThreadState ts) {
        long[] cell = ts.counterCell;
        if (cell == null && (cell = ts.counterCell = BytecodeCounter.directCell()) == null) {
            return BytecodeCounter.current();        // an id past the counter's table
        }
        return BytecodeCounter.count(cell);
    }

    /**
     * Opens a strand at a time already read for the event that ends here: one clock read per
     * event. The engine's own bookkeeping after that read counts as strand time, so only hooks that
     * read right before it call this (a fork's or submission's return, a region, a completion);
     * hooks with bookkeeping after their read call {@link #reopenStrand}.
     * After a long gap (a wait that may have parked) the thread's CPU clock is read too.
     */
    private void openStrand(ThreadState ts, long now) {
        notRunning.strandOpening(ts, now);
        startStrand(ts, now);
    }

    private void startStrand(ThreadState ts, long now) {
        ts.strandOpen = true;
        ts.strandStart = now;
        if (unit == Unit.BYTECODES) {
            ts.strandStartCount = countNow(ts);
        }
        if (!ts.nodeOpen) {       // a DAG node spans strands split only by regions, work units and sites
            ts.nodeOpen = true;
            ts.nodeStart = now;
            // The node's site is where its first strand runs: every event that opens a strand has
            // updated the thread's site stack before it opens the strand (taskBegin/inlineEnter
            // in execBegin, the task's frame closed in execEnd, joinAt in a wait's end), so the
            // top frame is the invocation the strand runs in. Call enters and exits do not split
            // nodes, so a node that goes on into or out of a call keeps its first strand's site.
            io.forkscope.recorder.sites.SiteThread st = ts.sites;
            ts.nodeSite = st == null ? -1 : st.innermostSite();
            ts.nodeSitePath = ts.pendingSitePath;
            ts.nodeRecorderBefore = ts.recorderGapNs;
            ts.recorderGapNs = 0;
        }
    }

    /** The wait that just ended joined {@code task}: the join edge into frame {@code f}. */
    private void merge(ThreadState ts, Frame f, TaskHandle task) {
        TaskNode n = task.getForkscopeNode();
        if (n == null || n == f.node || !model.isDone(task)) {
            return;
        }
        if (n.state == TaskNode.CREATED) {
            // done without running (cancel, complete, completeExceptionally before it ran): it
            // ends here, at its start values, so it is not left as an unjoined task
            countFinished(ts, n);
        }
        mergeNode(ts, f, n);
    }

    /** The join edge from a done task's node into frame {@code f}. */
    private void mergeNode(ThreadState ts, Frame f, TaskNode n) {
        long span;
        long bspan;
        long work = 0;
        long spawns = 0;
        long syncs = 0;
        if (n instanceof CompleterNode c) {
            // the task's node and those it had before it was forked again (reforkedFrom), latest first
            span = Long.MIN_VALUE;
            bspan = Long.MIN_VALUE;
            for (CompleterNode k = c; k != null; k = k.reforkedFrom) {
                TaskNode completing = k.completedInFrameOf;
                if (completing != null && completing.state == TaskNode.RUNNING && !onStack(ts, completing)) {
                    awaitEnd(ts, completing);     // its last strand joins a collapsed node whose values we take
                }
                if (k != c && k.state == TaskNode.RUNNING && !onStack(ts, k)) {
                    awaitEnd(ts, k);              // an earlier run still in its exit hook: its completion is late
                }
                // with a DAG, the span comes with the end edges, under one lock, so that the two agree
                span = Math.max(span, dag != null ? k.endEdgesInto(f) : k.accSpan);
                bspan = Math.max(bspan, k.accBspan);
            }
            work = c.accWork;
            spawns = c.accSpawns;
            syncs = c.accSyncs;
        } else {
            if (n.state == TaskNode.RUNNING) {
                awaitEnd(ts, n);
            }
            if (n.state == TaskNode.ENDED) {
                span = n.endSpan;
                bspan = n.endBspan;
                work = n.endWork;
                spawns = n.endSpawns;
                syncs = n.endSyncs;
            } else {
                span = n.startSpan;
                bspan = n.startBspan;
            }
        }
        if (span > f.span) {
            f.span = span;
        }
        if (bspan > f.bspan) {
            f.bspan = bspan;
        }
        if (dag != null) {
            FullNode d = (FullNode) n;       // with a DAG every node is one
            if (d.createdOn == ts.index && !d.ownJoinCounted) {
                d.ownJoinCounted = true;
                ts.ownJoins++;
            }
            if (!(n instanceof CompleterNode)) {       // a completer's end edges came with its span, above
                f.addIn(d.lastNode, d.lastNodeEnd, EdgeKind.END);
            }
            if (d.collapsedOn != ts.index || (n.kind == TaskNode.SPAWNED && d.creator != f.node)) {
                dag.spoil(ts, f);
            } else if (n.kind == TaskNode.SPAWNED && !d.joinCounted) {
                d.joinCounted = true;
                f.localJoins++;
            }
        }
        if (n.takeAdditive()) {
            if (n.kind == TaskNode.SPAWNED && !(n instanceof CompleterNode)) {
                ts.plainOpen--;
            }
            if (f.inheriting && n.unjoinedAtEnd != null) {
                for (TaskNode m : n.unjoinedAtEnd) {   // what it left running is now ours to wait for
                    f.addForked(m);
                }
            }
            if (n instanceof CompleterNode c) {
                // the subtree counts of the runs before a re-fork, each taken once, by the waiter
                // that took the task's own
                for (CompleterNode k = c.reforkedFrom; k != null; k = k.reforkedFrom) {
                    if (k.takeAdditive()) {
                        work += k.accWork;
                        spawns += k.accSpawns;
                        syncs += k.accSyncs;
                    }
                }
            }
            f.work += work;
            f.spawns += spawns;
            f.syncs += syncs;
        }
        if (n.kind == TaskNode.SPAWNED) {
            f.syncs++;
            ts.syncs++;
        }
        if (f.span > ts.maxSpan) {
            ts.maxSpan = f.span;
        }
        if (f.bspan > ts.maxBspan) {
            ts.maxBspan = f.bspan;
        }
        if (ts.sites != null) {
            siteJoin(ts, f, n);
        }
    }

    /**
     * The site profiler's side of a join into frame {@code f}: the forker's join of a task it
     * forked merges the task's path (SiteThread.join; any other join is counted as foreign); then
     * whatever span the engine found beyond what the profiler followed (CountedCompleter end edges,
     * joins by another frame, quiescence, a late exit hook) becomes local span of the innermost
     * invocation, and its inclusive work becomes the engine's, so that the profiler's values stay
     * the engine's.
     */
    private static void siteJoin(ThreadState ts, Frame f, TaskNode n) {
        io.forkscope.recorder.sites.SiteThread st = ts.sites;
        if (st.depth() <= f.siteIndex) {
            return;
        }
        io.forkscope.recorder.sites.SiteTask t = n.siteTask;
        if (t != null && n.state == TaskNode.ENDED && t.ended()) {     // state (volatile) first: publishes the results
            st.joinAt(t, f.siteIndex, f.span, f.work);
        }
        st.sync(f.span, f.work);
    }

    /** Whether the task's frame is on this thread's stack (so it cannot end while we wait). */
    private static boolean onStack(ThreadState ts, TaskNode node) {
        for (int i = 0; i < ts.depth; i++) {
            if (ts.frameAt(i).node == node) {
                return true;
            }
        }
        return false;
    }

    /**
     * The task is done but the thread that ran it is between the pool's completion and the
     * recorder's exit hook: a window of a few instructions, unless that thread lost its core.
     */
    private void awaitEnd(ThreadState ts, TaskNode n) {
        if (n.state != TaskNode.RUNNING) {
            return;
        }
        long deadline = 0;
        for (int spins = 0; n.state == TaskNode.RUNNING; spins++) {
            if (spins < 1_000) {
                Thread.onSpinWait();
                continue;
            }
            long now = System.nanoTime();
            if (deadline == 0) {
                deadline = now + LATE_END_LIMIT_NS;
            } else if (now - deadline > 0) {
                lateEnds.increment();
                break;
            }
            Thread.yield();
        }
        // This wait is the recorder's, not the program's: the strand that follows this event opens
        // after it (its caller opens it at lastEventNs). Otherwise the spinning, CPU time the CPU
        // clock cannot take out, lands in the joiner's next strand, on the critical path: 1.2 ms a
        // join on a loaded 2-vCPU machine, where the finishing worker loses its core to the waiter.
        ts.lastEventNs = clock.nanoTime();
    }

    /** End edges of a CountedCompleter path: the frame's values flow into every completer above. */
    private void propagate(Frame f, TaskHandle from, long lastNode, long lastNodeEnd) {
        long dWork = f.work - f.propagatedWork;
        long dSpawns = f.spawns - f.propagatedSpawns;
        long dSyncs = f.syncs - f.propagatedSyncs;
        f.propagatedWork = f.work;
        f.propagatedSpawns = f.spawns;
        f.propagatedSyncs = f.syncs;
        TaskHandle a = from;
        boolean connected = false;
        for (int i = 0; a != null && i < MAX_COMPLETER_CHAIN; i++) {
            TaskNode n = a.getForkscopeNode();
            if (n instanceof CompleterNode c) {
                connected = true;
                if (lastNode >= 0) {
                    c.completedBy(lastNode, lastNodeEnd, f.span, f.bspan);
                    c.accumulateCounts(dWork, dSpawns, dSyncs);
                } else {
                    c.accumulate(f.span, f.bspan, dWork, dSpawns, dSyncs);
                }
            }
            a = model.completerOf(a);
        }
        if (!connected) {
            unconnectedCompletions.increment();
        }
    }

    /**
     * DAG collapsing: the completer subtree a new task belongs to, its completer's for a
     * CountedCompleter, else its creator's (see DagRecorder).
     */
    private void setScopeParent(TaskHandle task, TaskNode node, TaskNode creator) {
        CompleterNode parent;
        if (node.completer) {
            TaskHandle c = model.completerOf(task);
            parent = c != null && c.getForkscopeNode() instanceof CompleterNode p ? p : null;
        } else {
            parent = creator instanceof CompleterNode p ? p : creator == null ? null : ((FullNode) creator).scopeParent;
        }
        ((FullNode) node).scopeParent = parent;
        if (node instanceof CompleterNode c) {
            c.ccDepth = parent == null ? 0 : parent.ccDepth + 1;
        }
    }

    /** Counts a spawned task as finished once, before anything can observe its completion. */
    private static void countFinished(ThreadState ts, TaskNode node) {
        if (node.kind == TaskNode.SPAWNED && !node.finishCounted) {
            node.finishCounted = true;
            ts.spawnedEnded++;
        }
    }

    /** Tasks created but not yet finished, over all threads (approximate while threads run). */
    private long outstanding() {
        long[] counts = spawnsAndEnds();
        return counts[0] - counts[1];
    }

    /** {tasks created, spawned tasks finished} over all threads, live and retired, from one roster. */
    private long[] spawnsAndEnds() {
        ThreadRegistry.Roster roster = threads.roster();
        long spawns = roster.retired().spawns();
        long ends = roster.retired().spawnedEnded() + Math.max(0, takenBack.sum());   // a fork taken back is over
        for (ThreadState ts : roster.live()) {
            spawns += ts.spawns;
            ends += ts.spawnedEnded;
        }
        return new long[] {spawns, ends};
    }
}
