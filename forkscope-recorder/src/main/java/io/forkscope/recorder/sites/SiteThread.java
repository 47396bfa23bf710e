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
 *       rides on the runtime's task (the engine would keep it in its TaskNode);
 *   <li>{@link #taskBegin}/{@link #taskEnd}: this thread runs a forked task's body; these nest
 *       (a joiner that helps runs other tasks inside its own frame);
 *   <li>{@link #join}: the current frame's wait on one task returned, the task being done.
 * </ul>
 *
 * <p>Recursion (Cilkprof §6) is decided when an invocation starts: it is top-call-site iff no
 * enclosing invocation has its site, top-caller iff no enclosing invocation was made from a site
 * in the method that contains its site. "Enclosing" is logical: a task's enclosing invocations are
 * its creator's. {@code siteCount}/{@code methodCount} always count the logical stack of the
 * thread's top frame, so the test is O(1); when a thread begins a task whose creator is not its
 * top frame (a steal, or helping another frame's task) it swaps the counts from one logical stack
 * to the other, O(depth), and back at the task's end. A task joined and run by its creator, the
 * help-first common case, costs O(1).
 *
 * <p>Per event cost (amortised): work O(1); callEnter O(1); callReturn O(1 + stores in the
 * callee's chain), create O(1), join O(1 + stores in the task's chain), taskBegin/taskEnd O(1) or
 * O(depth) after a steal; the chain lengths are bounded by the forks that froze them, so the whole
 * run is O(T1 + steals·D). Allocation: none per strand or per call (frames pooled); per fork one
 * {@link SiteTask} with its store, plus one store when the fork follows invocations in the frame;
 * one log entry per finished invocation until a store turns dense (then none).
 */
public final class SiteThread {
    private final SiteProfiler profiler;
    private SiteFrame[] stack = new SiteFrame[16];
    private int depth;
    private long epochs;
    private int[] siteCount = new int[16];
    private int[] methodCount = new int[16];
    /** The number S of sites this thread has seen (ids are dense): the log length that triggers a fold. */
    private int sites = 1;
    long[] onWork = new long[16 * SiteProf.FIELDS];
    long foreignJoins;
    /** Tasks begun on a logical stack other than this thread's top frame's (steals, foreign helping). */
    long swaps;

    SiteThread(SiteProfiler profiler) {
        this.profiler = profiler;
    }

    /** The computation starts on this thread: its root frame (no site). */
    public void rootBegin() {
        if (depth != 0) {
            throw new IllegalStateException("root begins on a thread that has frames");
        }
        push(-1, -1, null);
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
        SiteFrame top = stack[depth - 1];
        learn(site, callerMethod);
        SiteFrame g = push(site, callerMethod, top);
        g.topCallSite = siteCount[site] == 0;
        g.topCaller = methodCount[callerMethod] == 0;
        count(g, 1);
    }

    /** The invocation on top returns to its caller. */
    public void callReturn() {
        SiteFrame g = stack[--depth];
        if (g.task != null || g.site < 0) {
            throw new IllegalStateException("callReturn does not match a callEnter");
        }
        count(g, -1);
        SiteFrame f = stack[depth - 1];
        f.work += g.work;
        f.span += g.span;
        finished(g.site, g.topCallSite, g.topCaller, g.work, g.span, g.ownWork, g.localSpan);
        absorb(f.head, g.head);
        f.head.update(g.site, g.topCallSite, g.topCaller, g.work, g.span, g.ownWork, g.localSpan, sites);
    }

    /** The current frame forks a task from {@code site} (in method {@code callerMethod}). */
    public SiteTask create(int site, int callerMethod) {
        SiteFrame f = stack[depth - 1];
        learn(site, callerMethod);
        SiteProf snapshot;
        if (f.head.isEmpty()) {
            snapshot = f.head.parent;
        } else {
            // Freeze the current store: it is now shared with the task's snapshot; the frame goes on in a new one.
            snapshot = profiler.freeze(f);
        }
        return new SiteTask(site, callerMethod, siteCount[site] == 0, methodCount[callerMethod] == 0, f,
                f.span, f.localSpan, snapshot);
    }

    /** This thread starts running {@code task}'s body. */
    public void taskBegin(SiteTask task) {
        SiteFrame below = depth == 0 ? null : stack[depth - 1];
        SiteFrame creator = task.creator;
        if (task.ended || creator.epoch != task.creatorEpoch) {
            throw new IllegalStateException("task begun twice or after its creator returned: ended=" + task.ended + " epochs " + creator.epoch + "/" + task.creatorEpoch);
        }
        boolean swap = below != creator;
        if (swap) {
            swaps++;
            recount(below, -1);
            recount(creator, 1);
        }
        SiteFrame g = push(task.site, task.method, creator);
        g.task = task;
        g.switched = swap;
        g.switchedFrom = below;
        g.topCallSite = task.topCallSite;
        g.topCaller = task.topCaller;
        count(g, 1);
    }

    /** The task on top of this thread ends; its results wait in its {@link SiteTask} for the join. */
    public void taskEnd() {
        SiteFrame g = stack[--depth];
        SiteTask t = g.task;
        if (t == null) {
            throw new IllegalStateException("taskEnd does not match a taskBegin");
        }
        count(g, -1);
        if (g.switched) {
            recount(g.parent, -1);
            recount(g.switchedFrom, 1);
        }
        finished(g.site, g.topCallSite, g.topCaller, g.work, g.span, g.ownWork, g.localSpan);
        t.work = g.work;
        t.span = g.span;
        t.localWork = g.ownWork;
        t.localSpan = g.localSpan;
        absorb(t.path, g.head);
        t.ended = true;
        g.task = null;
        g.switchedFrom = null;
    }

    /**
     * The current frame's wait on {@code task} returned and the task is done: the frame's path
     * becomes the task's if that one is longer (strictly: on a tie the waiter keeps its own, as the
     * DAG oracle's tie rule says). Only the first join by the creator counts: a second one cannot
     * lengthen the path, and a join by another frame is counted in {@code foreignJoins} and ignored.
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
        long candidate = task.forkSpan + task.span;
        if (candidate > f.span) {
            f.span = candidate;
            f.localSpan = task.forkLocalSpan;
            SiteProf h = f.head;
            h.clear();
            h.parent = task.forkPath;
            h.union(task.path, sites);
            h.update(task.site, task.topCallSite, task.topCaller, task.work, task.span, task.localWork,
                    task.localSpan, sites);
        }
    }

    /** Ends the computation on this thread (only its root frame may be left). */
    SiteFrame rootEnd() {
        if (depth != 1 || stack[0].site >= 0) {
            throw new IllegalStateException("the computation ends with " + depth + " frames open");
        }
        return stack[--depth];
    }

    /** The number of sites this thread knows of. */
    int sites() {
        return sites;
    }

    // ---------------------------------------------------------------- internals

    private SiteFrame push(int site, int method, SiteFrame parent) {
        if (depth == stack.length) {
            stack = Arrays.copyOf(stack, depth * 2);
        }
        SiteFrame g = stack[depth];
        if (g == null) {
            g = stack[depth] = new SiteFrame();
        }
        g.reset(site, method, parent, ++epochs);
        depth++;
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

    private void finished(int site, boolean topCallSite, boolean topCaller, long work, long span, long localWork,
                          long localSpan) {
        onWork = SiteTable.ensure(onWork, site);
        SiteProf.add(onWork, site, topCallSite, topCaller, work, span, localWork, localSpan);
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

    /** Adds {@code delta} to the counts of every invocation on the logical stack ending at {@code f}. */
    private void recount(SiteFrame f, int delta) {
        for (SiteFrame p = f; p != null; p = p.parent) {
            if (p.site >= 0) {
                learn(p.site, p.method);
                siteCount[p.site] += delta;
                methodCount[p.method] += delta;
            }
        }
    }
}
