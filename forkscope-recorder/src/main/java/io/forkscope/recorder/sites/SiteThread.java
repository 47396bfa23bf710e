package io.forkscope.recorder.sites;

import java.util.Arrays;

/**
 * One thread's side of the site profiler: its physical stack of {@link SiteFrame}s (pooled), the
 * counts that decide top-call-site / top-caller, and its share of the on-work profile. Every
 * method is called on the owning thread only, in the order the events happen there; the
 * vocabulary is {@code SpanEngine}'s, at the level the engine resolves it to:
 *
 * <ul>
 *   <li>{@link #work}: the current strand ran for d units (hot path: four additions, no allocation);
 *   <li>{@link #callEnter}/{@link #callReturn}: an application method (or an unforked task's
 *       compute) is invoked from a site / returns;
 *   <li>{@link #create}: the current frame forks a task at a site; the returned {@link SiteTask}
 *       rides on the runtime's task (the engine keeps it in its TaskNode);
 *   <li>{@link #taskBegin}/{@link #taskEnd}: this thread runs a forked task's body; these nest
 *       (a joiner that helps runs other tasks inside its own frame);
 *   <li>{@link #join}: the current frame's wait on one task returned, the task being done
 *       ({@link #joinAt}: also when the wait was itself an empty call site, {@code t.join()}).
 * </ul>
 *
 * <p>Driven by the engine (SpanEngine), four more things happen, none of them in the profiler's
 * own contract, each handled so that the totals stay exact (Σ local work + outside = T1, and the
 * local span on the longest root path adds up to that path's span):
 * <ul>
 *   <li>tasks forked at no site ({@link #createTransparent}) and tasks run without a fork
 *       ({@link #inlineEnter}): transparent frames, whose strands are local work of the nearest
 *       enclosing invocation, whose paths flow into their joiner (caller) without an entry of
 *       their own;
 *   <li>exits that an exception skipped: {@link #closeCalls} and {@link #closeAbove} close what
 *       was left open, lazily, at the next exit below or the end of the enclosing task;
 *   <li>joins the profiler does not follow (CountedCompleter end edges, joins by a frame other
 *       than the forker, quiescence): {@link #sync} adds the span the engine found beyond
 *       the profiler's as local span of the current frame (the path is kept, so on-span
 *       attribution is approximate there; counted in {@link #opaqueSpan()}), and takes the
 *       engine's work of the frame as the frame's inclusive work;
 *   <li>a task begun after its creator's frame returned (a pop gives the frame a new epoch at
 *       once): its logical stack is empty (counted in {@link #detached()}).
 * </ul>
 *
 * <p>Recursion (Cilkprof §6) is decided when an invocation starts: it is top-call-site iff no
 * enclosing invocation has its site, top-caller iff no enclosing invocation was made from a site
 * in the method that contains its site. "Enclosing" is logical: a task's enclosing invocations are
 * its creator's. {@code siteCount}/{@code methodCount} always count the logical stack of the
 * thread's top frame, so the test is O(1); when a thread begins a task whose creator is not its
 * top frame (a steal, or helping another frame's task) it swaps the counts from one logical stack
 * to the other, O(depth), and undoes exactly those changes (logged) at the task's end. A task
 * joined and run by its creator, the help-first common case, costs O(1).
 *
 * <p>Per event cost (amortised): work O(1); callEnter O(1); callReturn O(1 + stores in the
 * callee's chain), create O(1), join O(1 + stores in the task's chain), taskBegin/taskEnd O(1) or
 * O(depth) after a steal; the chain lengths are bounded by the forks that froze them, so the whole
 * run is O(T1 + steals·D). Allocation: none per strand or per call (frames pooled); per fork one
 * {@link SiteTask} (its path's store at its end, only if an invocation lies on that path), plus
 * one store when the fork follows invocations in the frame;
 * one log entry per finished invocation until a store turns dense (then none).
 */
public final class SiteThread {
    /** Bound on logical-stack walks (recursion counts), so that a stale chain can never loop. */
    private static final int MAX_WALK = 1 << 20;

    private final SiteProfiler profiler;
    private SiteFrame[] stack = new SiteFrame[16];
    private int depth;
    private long epochs;
    private int[] siteCount = new int[16];
    private int[] methodCount = new int[16];
    /** Count changes made by swaps of the task frames on this thread's stack: (±(site + 1), method) pairs. */
    private int[] swapLog = new int[64];
    private int swapTop;
    /** The number S of sites this thread has seen (ids are dense): the log length that triggers a fold. */
    private int sites = 1;
    long[] onWork = new long[0];     // grown on the first invocation that ends here
    /**
     * Per region id: the on-work table of the invocations that ended here while logically inside
     * that region, innermost only (the end of run folds each region into the one enclosing it);
     * null rows until the first. Grown by doubling on a new id: nothing allocated per invocation.
     */
    long[][] regionWork = new long[0][];
    /** Per region id: local work of transparent frames outside any invocation, inside that region. */
    long[] regionOutside = new long[0];
    /** Local work of transparent frames and popped roots that lay outside any invocation. */
    long outsideCredited;
    long foreignJoins;
    /** Tasks begun on a logical stack other than this thread's top frame's (steals, foreign helping). */
    long swaps;
    private long detached;
    private long opaqueSpan;
    private long unwound;

    SiteThread(SiteProfiler profiler) {
        this.profiler = profiler;
    }

    /** The computation starts on this thread: its root frame (no site). */
    public void rootBegin() {
        if (depth != 0) {
            throw new IllegalStateException("root begins on a thread that has frames");
        }
        push(SiteFrame.ROOT, -1, -1, null);
    }

    /**
     * A root frame at the bottom of the stack, pushed if there is none; whatever lies above the
     * bottom root (or, without one, the whole stack) is closed first. @return the root's index (0)
     */
    public int ensureRoot() {
        if (depth > 0 && stack[0].kind == SiteFrame.ROOT) {
            closeAbove(0);
            return 0;
        }
        closeAbove(-1);
        push(SiteFrame.ROOT, -1, -1, null);
        return 0;
    }

    /**
     * The site of the innermost invocation the thread's current strand is local work of: the top
     * frame's own site for a call or a task forked at a site, its creator's (caller's) for a task
     * forked or run at no site, -1 for a root or an empty stack. O(1), allocates nothing (the DAG
     * recorder asks at every node it opens).
     */
    public int innermostSite() {
        return depth == 0 ? -1 : stack[depth - 1].invSite;
    }

    /** Longest site path kept (the format stores its length in 16 bits); deeper calls add nothing. */
    static final int MAX_PATH = 0xFFFF;

    /**
     * The sites of the call frames above index {@code floor} (the frame of the task running on top,
     * or -1), outermost first: the calls open in that task from its entry down to now, i.e. the
     * frames between the task's entry and a fork or inline run made now (issue 20: the first part of
     * the new task's logical context). Frames other than calls (none is expected above a task's
     * own frame) add nothing. Each frame's path is computed once and cached in it, one link on the
     * one below ({@link SitePath}), so a fork costs O(1) once its frame has been asked (O(calls
     * entered since) otherwise) and allocates one small link per call frame asked. A throttled site
     * is not entered, so its method is missing from the path.
     *
     * @return the path, null when it is empty
     */
    public SitePath sitePathAbove(int floor) {
        int top = depth - 1;
        if (top <= floor) {
            return null;
        }
        int k = top;
        while (k > floor && !stack[k].sitePathKnown) {
            k--;
        }
        SitePath path = k > floor ? stack[k].sitePath : null;
        for (int m = Math.max(k + 1, floor + 1); m <= top; m++) {
            SiteFrame g = stack[m];
            if (g.kind == SiteFrame.CALL && g.site >= 0 && (path == null || path.length < MAX_PATH)) {
                path = new SitePath(g.site, path);
            }
            g.sitePath = path;
            g.sitePathKnown = true;
        }
        return path;
    }

    /** The number of frames on this thread's stack (a call's exit token is the depth before it). */
    public int depth() {
        return depth;
    }

    /** The current strand ran for {@code d} units. */
    public void work(long d) {
        SiteFrame f = stack[depth - 1];
        f.work += d;
        f.ownWork += d;
        f.span += d;
        f.localSpan += d;
    }

    /** The current frame invokes a method from {@code site}, which lies in method {@code callerMethod}. */
    public void callEnter(int site, int callerMethod) {
        callEnter(site, callerMethod, 0, 0);
    }

    /**
     * As {@link #callEnter(int, int)}, where the engine's frame had absolute span {@code base} and
     * work {@code workBase} (see {@link #sync}).
     */
    public void callEnter(int site, int callerMethod, long base, long workBase) {
        SiteFrame top = stack[depth - 1];
        learn(site, callerMethod);
        SiteFrame g = push(SiteFrame.CALL, site, callerMethod, top);
        g.region = g.born = g.invBorn = top.region;
        g.base = base;
        g.workBase = workBase;
        g.topCallSite = siteCount[site] == 0;
        g.topCaller = methodCount[callerMethod] == 0;
        count(g, 1);
    }

    /** The invocation on top returns to its caller. */
    public void callReturn() {
        SiteFrame g = stack[depth - 1];
        if (g.kind != SiteFrame.CALL || depth < 2) {
            throw new IllegalStateException("callReturn does not match a callEnter");
        }
        pop();
        count(g, -1);
        SiteFrame f = stack[depth - 1];
        f.work += g.work;
        f.span += g.span;
        finished(g);
        absorb(f.head, g.head);
        f.head.update(g.site, g.topCallSite, g.topCaller, g.work, g.span, g.ownWork, g.localSpan, sites);
    }

    /**
     * The call frame on top, entered by the last event and still empty (nothing finished or forked
     * in it; its own strands, if any, move to its caller), is dropped as if it had never been
     * entered. @return whether it was
     */
    public boolean dropEnteredCall() {
        SiteFrame g = stack[depth - 1];
        if (!emptyCall(g)) {
            return false;
        }
        pop();
        count(g, -1);
        SiteFrame f = stack[depth - 1];
        f.work += g.work;
        f.ownWork += g.ownWork;
        f.span += g.span;
        f.localSpan += g.localSpan;
        return true;
    }

    /** Whether {@code g} is a call frame in which nothing but its own strands happened (a join's call, say). */
    private boolean emptyCall(SiteFrame g) {
        return g.kind == SiteFrame.CALL && depth >= 2 && g.head.isEmpty() && g.head.parent == null
                && g.work == g.ownWork && g.credited == 0 && g.forks == 0;
    }

    /**
     * A join whose wait was itself a call site ({@code t.join()}, {@code future.get()},
     * {@code helpQuiesce()} woven as calls): when the top frame is an empty call made by the task's
     * creator (above index {@code floor}, the engine frame's own), the join is the creator's; the
     * call frame is dropped, the creator joins, and the call is entered again, empty, at the
     * engine's span and work after the join ({@code span}, {@code work}), so that its exit closes
     * it as usual (an invocation with no work of its own). Any other join is {@link #join}.
     */
    public void joinAt(SiteTask task, int floor, long span, long work) {
        SiteFrame c = stack[depth - 1];
        SiteFrame creator = task.creator;
        if (depth - 1 > floor && c.parent == creator && creator == stack[depth - 2]
                && creator.epoch == task.creatorEpoch && emptyCall(c)) {
            int site = c.site;
            int method = c.method;
            dropEnteredCall();
            join(task);
            callEnter(site, method, span, work);
            return;
        }
        join(task);
    }

    /** The current frame forks a task from {@code site} (in method {@code callerMethod}). */
    public SiteTask create(int site, int callerMethod) {
        learn(site, callerMethod);
        return fork(site, callerMethod, siteCount[site] == 0, methodCount[callerMethod] == 0);
    }

    /** The current frame forks a task at no site (library code): a transparent task. */
    public SiteTask createTransparent() {
        return fork(-1, -1, false, false);
    }

    private SiteTask fork(int site, int method, boolean topCallSite, boolean topCaller) {
        SiteFrame f = stack[depth - 1];
        f.forks++;
        SiteProf snapshot;
        if (f.head.isEmpty()) {
            snapshot = f.head.parent;
        } else {
            // Freeze the current store: it is now shared with the task's snapshot; the frame goes on in a new one.
            snapshot = profiler.freeze(f);
        }
        SiteTask t = new SiteTask(site, method, topCallSite, topCaller, f, f.span, f.localSpan, snapshot, f.invSite);
        t.region = f.region;
        t.invBorn = f.invBorn;
        return t;
    }

    /** This thread starts running {@code task}'s body. */
    public void taskBegin(SiteTask task) {
        taskBegin(task, 0);
    }

    /**
     * As {@link #taskBegin(SiteTask)}, at the engine's absolute span {@code base}. A null task (one
     * the profiler never saw forked) or one whose creator's frame has returned (pooled, now another
     * invocation's) begins detached: transparent to nothing, on an empty logical stack.
     */
    public void taskBegin(SiteTask task, long base) {
        if (task != null && task.ended) {
            throw new IllegalStateException("task begun twice");
        }
        SiteFrame below = depth == 0 ? null : stack[depth - 1];
        SiteFrame creator = task == null ? null : task.creator;
        if (creator != null && creator.epoch != task.creatorEpoch) {
            creator = null;
        }
        if (creator == null) {
            detached++;
        }
        boolean swap = below != creator;
        int mark = swapTop;
        if (swap) {
            swaps++;
            recount(below, -1);
            recount(creator, 1);
        }
        int site = task == null ? -1 : task.site;
        if (site >= 0) {
            learn(site, task.method);     // forked on another thread, perhaps never seen on this one
        }
        SiteFrame g = push(SiteFrame.TASK, site, task == null ? -1 : task.method, creator);
        g.base = base;
        g.task = task;
        g.region = g.born = task == null ? -1 : task.region;
        g.invBorn = site >= 0 ? g.born : task == null ? -1 : task.invBorn;
        g.switched = swap;
        g.swapMark = mark;
        if (site >= 0) {
            g.topCallSite = task.topCallSite;
            g.topCaller = task.topCaller;
        } else {
            g.invSite = task == null ? -1 : task.invSite;
        }
        count(g, 1);
    }

    /** The task on top of this thread ends; its results wait in its {@link SiteTask} for the join. */
    public void taskEnd() {
        SiteFrame g = stack[depth - 1];
        if (g.kind != SiteFrame.TASK) {
            throw new IllegalStateException("taskEnd does not match a taskBegin");
        }
        pop();
        count(g, -1);
        if (g.switched) {
            undoSwap(g.swapMark);
        }
        if (g.site >= 0) {
            finished(g);
        } else {
            credit(g.invSite, g.ownWork - g.credited, g.region, g.invBorn);
        }
        SiteTask t = g.task;
        if (t != null) {
            t.work = g.work;
            t.span = g.span;
            t.localWork = g.ownWork;
            t.localSpan = g.localSpan;
            if (!g.head.isEmpty() || g.head.parent != null) {
                t.path = new SiteProf();
                absorb(t.path, g.head);
            }
            t.ended = true;
        } else {
            g.head.clear();
        }
        g.task = null;
    }

    /**
     * This thread runs a task without a fork (invoke of an unforked task, invokeAll's first task):
     * a transparent frame called from the current one (on a root pushed first if the stack is
     * empty), at the engine's absolute span {@code base}.
     */
    public void inlineEnter(long base) {
        if (depth == 0) {
            push(SiteFrame.ROOT, -1, -1, null);
        }
        SiteFrame top = stack[depth - 1];
        SiteFrame g = push(SiteFrame.INLINE, -1, -1, top);
        g.region = g.born = top.region;
        g.invBorn = top.invBorn;
        g.base = base;
        g.invSite = top.invSite;
    }

    /** The frame of {@link #inlineEnter} returns: everything it did is its caller's, as local. */
    public void inlineReturn() {
        SiteFrame g = stack[depth - 1];
        if (g.kind != SiteFrame.INLINE) {
            throw new IllegalStateException("inlineReturn does not match an inlineEnter");
        }
        pop();
        SiteFrame f = stack[depth - 1];
        f.work += g.work;
        f.span += g.span;
        f.ownWork += g.ownWork;
        f.credited += g.credited;
        f.localSpan += g.localSpan;
        absorb(f.head, g.head);
    }

    /**
     * The current frame's wait on {@code task} returned and the task is done: the frame's path
     * becomes the task's if that one is longer (strictly: on a tie the waiter keeps its own, as the
     * DAG oracle's tie rule says). Only the first join by the creator counts: a second one cannot
     * lengthen the path, and a join by another frame is counted in {@code foreignJoins} and ignored.
     * A transparent task's local work and local span become the frame's own.
     */
    public void join(SiteTask task) {
        SiteFrame f = stack[depth - 1];
        if (!task.ended) {
            throw new IllegalStateException("join of a task that has not ended");
        }
        if (task.creator != f || task.creatorEpoch != f.epoch) {
            foreignJoins++;
            return;
        }
        if (task.merged) {
            return;
        }
        task.merged = true;
        f.work += task.work;
        boolean transparent = task.transparent();
        if (transparent) {
            f.ownWork += task.localWork;
            f.credited += task.localWork;   // the task added it to the on-work table at its end
        }
        long candidate = task.forkSpan + task.span;
        if (candidate > f.span) {
            f.span = candidate;
            f.localSpan = task.forkLocalSpan + (transparent ? task.localSpan : 0);
            SiteProf h = f.head;
            h.clear();
            h.parent = task.forkPath;
            if (task.path != null) {
                h.union(task.path, sites);
            }
            if (!transparent) {
                h.update(task.site, task.topCallSite, task.topCaller, task.work, task.span, task.localWork,
                        task.localSpan, sites);
            }
        }
    }

    /**
     * After a join, the engine's frame that the top frame belongs to has absolute span
     * {@code span} and work {@code work}. If the engine's span is longer than the profiler's (a
     * join the profiler does not follow: a CountedCompleter's end edges, a join by another frame,
     * quiescence), the difference becomes local span of the top frame, its path kept. The top
     * frame's (inclusive) work becomes the engine's, whatever the join was: a completer's subtree
     * counts in the work of the invocation that waited for it, and a task joined by another frame
     * in that frame's, as in the engine; local work is untouched (each strand is counted once, by
     * the frame it ran in).
     */
    public void sync(long span, long work) {
        SiteFrame f = stack[depth - 1];
        long rel = span - f.base;
        if (rel > f.span) {
            long d = rel - f.span;
            f.span = rel;
            f.localSpan += d;
            opaqueSpan += d;
        }
        f.work = work - f.workBase;
    }

    /**
     * A call site's exit with {@code token} (the depth before its enter): closes the call frames
     * from index {@code token} up, but none at or below index {@code floor} (the frame of the
     * engine's current task or root) and no frame that is not a call. Frames above the exiting
     * one were left open by an exception. @return how many frames were closed
     */
    public int closeCalls(int token, int floor) {
        int n = 0;
        while (depth > token && depth - 1 > floor && stack[depth - 1].kind == SiteFrame.CALL) {
            callReturn();
            n++;
        }
        if (n > 1) {
            unwound += n - 1;
        }
        return n;
    }

    /** Closes every frame above index {@code index} (-1: all), each as its kind ends; counted as unwound. */
    public void closeAbove(int index) {
        while (depth - 1 > index) {
            unwound++;
            endTop();
        }
    }

    /** Ends the top frame as its kind ends (a root is popped, its local work counted outside any site). */
    public void endTop() {
        switch (stack[depth - 1].kind) {
            case SiteFrame.CALL -> callReturn();
            case SiteFrame.TASK -> taskEnd();
            case SiteFrame.INLINE -> inlineReturn();
            default -> {
                SiteFrame r = pop();
                outsideCredited += r.ownWork - r.credited;
                r.head.clear();
            }
        }
    }

    /**
     * A region starts in the top frame (labelled {@code label}): the frame's path profile and
     * counters are remembered (O(stores in its chain × S), once per region), and invocations that
     * start from here on inside the frame count in the region (the frame's region tag).
     * @return the region, or null when it gets no profiles (beyond {@link SiteProfiler#MAX_REGIONS})
     */
    public SiteRegion regionStart(String label) {
        SiteFrame g = stack[depth - 1];
        SiteRegion r = profiler.newRegion(label, g.region);
        if (r == null) {
            return null;      // beyond SiteProfiler.MAX_REGIONS: no profiles, no tag
        }
        r.frame = g;
        r.epoch = g.epoch;
        r.startPath = pathSum(g);
        r.startSpan = g.span;
        r.startLocalSpan = g.localSpan;
        r.startOwn = g.ownWork - g.credited;
        r.saved = g.region;
        g.region = r.id;
        return r;
    }

    /**
     * The region {@code r} (started on this thread) stops. If its start frame is still the top
     * frame, the region gets its profiles (the differences of the frame's path profile and
     * counters, see {@link SiteRegion}); otherwise (stopped in another invocation) it gets none.
     * The start frame's region tag is restored either way while the frame lives.
     */
    public void regionStop(SiteRegion r) {
        regionStop(r, true);
    }

    /** As {@link #regionStop(SiteRegion)}; with {@code profile} false the region gets no profiles (the engine left it out). */
    public void regionStop(SiteRegion r, boolean profile) {
        SiteFrame g = r.frame;
        if (g == null) {
            return;
        }
        r.frame = null;
        boolean live = g.epoch == r.epoch;
        if (live) {
            g.region = r.saved;
        }
        if (profile && live && depth > 0 && stack[depth - 1] == g) {
            long[] now = pathSum(g);
            long[] start = r.startPath;
            boolean negative = false;
            for (int i = 0; i < now.length; i++) {
                now[i] -= i < start.length ? start[i] : 0;
                negative |= now[i] < 0;
            }
            for (int i = now.length; i < start.length; i++) {
                negative |= start[i] != 0;
            }
            r.onSpan = SiteTable.profile(now, 0, 0).sites();
            r.approximate = negative;
            r.span = g.span - r.startSpan;
            r.outsideSpan = g.localSpan - r.startLocalSpan;
            r.frameOutside = g.ownWork - g.credited - r.startOwn;
            profiler.closed(r);
        }
        r.startPath = null;
    }

    /** The on-span profile of {@code g}'s path so far, as a dense table (its chain is not consumed). */
    private static long[] pathSum(SiteFrame g) {
        long[] a = new long[0];
        for (SiteProf p = g.head; p != null; p = p.parent) {
            a = p.addTo(a);
        }
        return a;
    }

    /** Checks that only the root frame is left (the computation ended on this thread). */
    void checkOnlyRoot() {
        if (depth != 1 || stack[0].kind != SiteFrame.ROOT) {
            throw new IllegalStateException("the computation ends with " + depth + " frames open");
        }
    }

    /** Closes everything above the bottom root (all frames if there is none); @return the root or null */
    SiteFrame closeToRoot() {
        if (depth > 0 && stack[0].kind == SiteFrame.ROOT) {
            closeAbove(0);
            return stack[0];
        }
        closeAbove(-1);
        return null;
    }

    /** The number of sites this thread knows of. */
    int sites() {
        return sites;
    }

    /** Joins of a task by a frame other than its creator's (ignored by the profiles). */
    public long foreignJoins() {
        return foreignJoins;
    }

    /** Tasks begun with no creator frame to hang on (see {@link #taskBegin(SiteTask, long)}). */
    public long detached() {
        return detached;
    }

    /** Span added by {@link #sync} (joins the profiler did not follow). */
    public long opaqueSpan() {
        return opaqueSpan;
    }

    /** Frames closed by a lazy unwind (a skipped exit, a task or run ending inside them). */
    public long unwound() {
        return unwound;
    }

    // ---------------------------------------------------------------- internals

    private SiteFrame push(byte kind, int site, int method, SiteFrame parent) {
        if (depth == stack.length) {
            stack = Arrays.copyOf(stack, depth * 2);
        }
        SiteFrame g = stack[depth];
        if (g == null) {
            g = stack[depth] = new SiteFrame();
        }
        g.reset(kind, site, method, parent, ++epochs);
        depth++;
        return g;
    }

    /**
     * Pops the top frame and gives it a new epoch at once: a task it forked that begins from now
     * on (a CountedCompleter's subtasks, a fork its method did not join) finds its creator gone,
     * even when the new frame that reuses the slot is the task's own.
     */
    private SiteFrame pop() {
        SiteFrame g = stack[--depth];
        g.epoch = ++epochs;
        return g;
    }

    /** Adds the whole chain of stores from {@code from} up into {@code into}, consuming them. */
    private void absorb(SiteProf into, SiteProf from) {
        SiteProf p = from;
        while (p != null) {
            SiteProf next = p.parent;
            into.union(p, sites);
            p = next;
        }
        from.parent = null;
    }

    /**
     * An invocation ended: into the on-work table, with the local work not yet credited there; and
     * into its region's table when it ended inside one (O(1): one more row update).
     */
    private void finished(SiteFrame g) {
        onWork = SiteTable.ensure(onWork, g.site);
        SiteProf.add(onWork, g.site, g.topCallSite, g.topCaller, g.work, g.span, g.ownWork - g.credited,
                g.localSpan);
        if (g.kind == SiteFrame.CALL) {
            SiteThrottle.check(onWork, g.site);
        }
        int r = g.born;
        if (r >= 0) {
            long[] t = SiteTable.ensure(regionTable(r), g.site);
            regionWork[r] = t;
            SiteProf.add(t, g.site, g.topCallSite, g.topCaller, g.work, g.span, g.ownWork - g.credited,
                    g.localSpan);
        }
    }

    /**
     * Local work {@code w} of a transparent frame (in region {@code region}, -1 for none), to the
     * on-work row of {@code site} (no count), or outside. In the regions: local work of that
     * invocation in every region the invocation was started in ({@code invBorn} and those
     * enclosing it), outside any invocation in the regions between ({@code region} up to, not
     * including, {@code invBorn}). With the end of run's fold of each region into its parent
     * (tables and outside alike), adding {@code w} as outside to {@code region} and taking it back
     * from {@code invBorn}'s outside, to put it in {@code invBorn}'s row, does exactly that in O(1).
     */
    private void credit(int site, long w, int region, int invBorn) {
        if (site < 0) {
            outsideCredited += w;
        } else {
            onWork = SiteTable.ensure(onWork, site);
            onWork[site * SiteProf.FIELDS + 7] += w;
        }
        if (region >= 0) {
            long[] own = regionTable(region);     // grows the arrays first: assign after
            regionWork[region] = own;
            regionOutside[region] += w;
            if (site >= 0 && invBorn >= 0) {
                long[] t = SiteTable.ensure(regionTable(invBorn), site);
                regionWork[invBorn] = t;
                regionOutside[invBorn] -= w;
                t[site * SiteProf.FIELDS + 7] += w;
            }
        }
    }

    /** The table of region {@code r} on this thread (an empty one at first), the arrays grown to hold {@code r}. */
    private long[] regionTable(int r) {
        if (r >= regionWork.length) {
            int n = Math.max(r + 1, regionWork.length * 2);
            regionWork = Arrays.copyOf(regionWork, n);
            regionOutside = Arrays.copyOf(regionOutside, n);
        }
        long[] t = regionWork[r];
        return t == null ? new long[0] : t;
    }

    private void learn(int site, int method) {
        if (site < 0 || method < 0) {
            throw new IllegalArgumentException("site and method ids are non-negative");
        }
        if (site >= sites) {
            sites = site + 1;
        }
        if (site >= siteCount.length) {
            siteCount = Arrays.copyOf(siteCount, Math.max(site + 1, siteCount.length * 2));
        }
        if (method >= methodCount.length) {
            methodCount = Arrays.copyOf(methodCount, Math.max(method + 1, methodCount.length * 2));
        }
    }

    private void count(SiteFrame g, int delta) {
        if (g.site >= 0) {
            siteCount[g.site] += delta;
            methodCount[g.method] += delta;
        }
    }

    /**
     * Adds {@code delta} to the counts of every invocation on the logical stack ending at {@code f},
     * logging each change so that the task's end undoes exactly what its begin did. The chain may
     * run through frames of other threads (the creator's); outside the contract (a creator that
     * returns while its task is stolen) another thread may be reusing them as this walks, so the
     * walk is bounded and the log, not a second walk, undoes it: counts never drift.
     */
    private void recount(SiteFrame f, int delta) {
        int steps = 0;
        for (SiteFrame p = f; p != null && steps < MAX_WALK; p = p.parent, steps++) {
            int site = p.site;
            int method = p.method;
            if (site >= 0 && method >= 0) {
                learn(site, method);
                siteCount[site] += delta;
                methodCount[method] += delta;
                if (swapTop + 2 > swapLog.length) {
                    swapLog = Arrays.copyOf(swapLog, swapLog.length * 2);
                }
                swapLog[swapTop++] = delta > 0 ? site + 1 : -(site + 1);
                swapLog[swapTop++] = method;
            }
        }
    }

    /** Undoes the count changes logged since {@code mark} (a task's begin), newest first. */
    private void undoSwap(int mark) {
        while (swapTop > mark) {
            int method = swapLog[--swapTop];
            int signed = swapLog[--swapTop];
            int delta = signed > 0 ? -1 : 1;
            int site = Math.abs(signed) - 1;
            siteCount[site] += delta;
            methodCount[method] += delta;
        }
    }
}
