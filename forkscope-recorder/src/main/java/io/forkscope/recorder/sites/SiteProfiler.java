package io.forkscope.recorder.sites;

import io.forkscope.model.sites.SitesResult;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Cilkprof's work-span profiler (§3–§6, Figs. 3 and 4) generalised to Java's per-task joins the
 * way measures.md §2 generalises the span: every frame's span is the longest path to its current point,
 * a fork hands the child the parent's path, a join keeps whichever path is longer, and the
 * on-span profile rides on each span value (see {@link SiteFrame}). The on-work profile needs no
 * path: every finished invocation is added to its thread's dense table, summed at the end.
 *
 * <p>Contract (what the engine must guarantee, and what the oracle assumes): every fork is
 * joined by the frame that forked it before that frame returns (Cilk's implicit sync). Then a
 * frame's sub-DAG has one entry and one exit, its span relative to its start is well defined, and
 * it can consume its path's stores on return. Joins by another frame are counted
 * ({@link SitesResult#foreignJoins()}) and do not change the profiles.
 *
 * <p>One {@link SiteThread} per thread ({@link #newThread}); the computation starts with
 * {@link SiteThread#rootBegin} and ends with {@link #finish} on the same thread, after every
 * other thread's last event (the engine's end of run gives that ordering). The engine instead
 * keeps its threads itself ({@link #newUnlistedThread}), folds each thread that died into the
 * profiler ({@link #retire}, so that a program with many short-lived threads keeps one table and
 * one root, not one per thread) and ends with {@link #finishAll} over the threads still alive.
 */
public final class SiteProfiler {
    private final Queue<SiteThread> threads = new ConcurrentLinkedQueue<>();

    // What retired threads left behind (retire and finishAll are serialised by the caller).
    private long[] retiredOnWork = new long[0];
    private long retiredOutside;
    private SiteFrame retiredRoot;
    private long retiredForeign;
    private long retiredDetached;
    private long retiredOpaque;
    private long retiredUnwound;

    /** A new per-thread state (call once per thread, keep it thread-confined), ended by {@link #finish}. */
    public SiteThread newThread() {
        SiteThread t = new SiteThread(this);
        threads.add(t);
        return t;
    }

    /** A new per-thread state that the caller keeps and hands to {@link #retire} or {@link #finishAll}. */
    public SiteThread newUnlistedThread() {
        return new SiteThread(this);
    }

    /**
     * Folds a thread that will have no more events (it died) into the profiler: its frames are
     * closed, its table added, its root kept if it is the longest so far. Not thread-safe: the
     * caller serialises this with the other retires and with {@link #finishAll}.
     */
    public void retire(SiteThread t) {
        SiteFrame r = t.closeToRoot();
        if (r != null) {
            retiredOutside += r.ownWork - r.credited;
            if (retiredRoot == null || r.span > retiredRoot.span) {
                retiredRoot = r;
            }
        }
        retiredOutside += t.outsideCredited;
        retiredOnWork = add(retiredOnWork, t.onWork);
        retiredForeign += t.foreignJoins;
        retiredDetached += t.detached();
        retiredOpaque += t.opaqueSpan();
        retiredUnwound += t.unwound();
    }

    /** {detached tasks, opaque span, unwound frames} of the retired threads (see SiteThread). */
    public long[] retiredCounts() {
        return new long[] {retiredDetached, retiredOpaque, retiredUnwound};
    }

    /** Freezes {@code f}'s current store into its chain and gives the frame a fresh one above it. */
    SiteProf freeze(SiteFrame f) {
        SiteProf frozen = new SiteProf();
        // The frame's head object stays the frame's (pooled); its contents move into the frozen store.
        frozen.parent = f.head.parent;
        frozen.union(f.head, Integer.MAX_VALUE);
        f.head.parent = frozen;
        return frozen;
    }

    /** Ends the computation on {@code root}'s thread (only its root may be left) and returns both profiles. */
    public SitesResult finish(SiteThread root) {
        root.checkOnlyRoot();
        return finish(List.copyOf(threads), root);
    }

    /**
     * Ends the computation on every thread of {@code included} (those whose state the caller may
     * read now: they will have no more events) and returns both profiles. Each thread's stack is
     * closed down to its root (everything, without one), as if the frames left open had returned
     * (a run that ends inside invocations: their work counts, locally); the on-span profile is the
     * one of the root whose path is the longest (the first of equals), which is the computation's
     * critical path when every task is joined by its forker: every root's span then is the longest
     * path of its own computation, and the engine's T∞ is the longest of those. Threads folded
     * by {@link #retire} count too.
     */
    public SitesResult finishAll(List<SiteThread> included) {
        return finish(included, null);
    }

    private SitesResult finish(List<SiteThread> included, SiteThread forced) {
        SiteFrame best = forced == null ? retiredRoot : null;
        long outsideWork = retiredOutside;
        long[] onWork = retiredOnWork.clone();
        long foreign = retiredForeign;
        for (SiteThread t : included) {
            SiteFrame r = t.closeToRoot();
            if (r != null) {
                outsideWork += r.ownWork - r.credited;
                if (forced == null ? best == null || r.span > best.span : t == forced) {
                    best = r;
                }
            }
            outsideWork += t.outsideCredited;
            onWork = add(onWork, t.onWork);
            foreign += t.foreignJoins;
        }
        long[] onSpan = new long[0];
        long outsideSpan = 0;
        long span = 0;
        if (best != null) {
            for (SiteProf p = best.head; p != null; p = p.parent) {
                onSpan = p.addTo(onSpan);
            }
            outsideSpan = best.localSpan;
            span = best.span;
        }
        long work = outsideWork;
        for (int b = 0; b < onWork.length; b += SiteProf.FIELDS) {
            work += onWork[b + 7];
        }
        return new SitesResult(work, span, SiteTable.profile(onWork, outsideWork, outsideSpan),
                SiteTable.profile(onSpan, outsideWork, outsideSpan), foreign);
    }

    /** {@code into} grown as needed, plus {@code w} (both dense per-site tables). */
    private static long[] add(long[] into, long[] w) {
        into = SiteTable.ensure(into, Math.max(0, w.length / SiteProf.FIELDS - 1));
        for (int i = 0; i < w.length; i++) {
            into[i] += w[i];
        }
        return into;
    }
}
