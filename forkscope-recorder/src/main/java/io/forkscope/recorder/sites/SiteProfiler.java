package io.forkscope.recorder.sites;

import io.forkscope.model.sites.SitesResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

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
 * other thread's last event (the engine's end of run gives that ordering).
 */
public final class SiteProfiler {
    private final List<SiteThread> threads = new CopyOnWriteArrayList<>();

    /** A new per-thread state (call once per thread, keep it thread-confined). */
    public SiteThread newThread() {
        SiteThread t = new SiteThread(this);
        threads.add(t);
        return t;
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
        return finish(threads, root);
    }

    /**
     * Ends the computation on every thread of {@code included} (those whose state the caller may
     * read now: they will have no more events) and returns both profiles. Each thread's stack is
     * closed down to its root (everything, without one), as if the frames left open had returned
     * (a run that ends inside invocations: their work counts, locally); the on-span profile is the
     * one of the root whose path is the longest (the first of equals), which is the computation's
     * critical path when every task is joined by its forker: every root's span then is the longest
     * path of its own computation, and the engine's T∞ is the longest of those.
     */
    public SitesResult finishAll(List<SiteThread> included) {
        return finish(included, null);
    }

    private static SitesResult finish(List<SiteThread> included, SiteThread forced) {
        SiteFrame best = null;
        long outsideWork = 0;
        long[] onWork = new long[0];
        long foreign = 0;
        for (SiteThread t : included) {
            SiteFrame r = t.closeToRoot();
            if (r != null) {
                outsideWork += r.ownWork - r.credited;
                if (forced == null ? best == null || r.span > best.span : t == forced) {
                    best = r;
                }
            }
            outsideWork += t.outsideCredited;
            onWork = SiteTable.ensure(onWork, Math.max(0, t.onWork.length / SiteProf.FIELDS - 1));
            long[] w = t.onWork;
            for (int i = 0; i < w.length; i++) {
                onWork[i] += w[i];
            }
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
}
