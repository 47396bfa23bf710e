package io.forkscope.recorder.sites;

import io.forkscope.model.sites.RegionSites;
import io.forkscope.model.sites.SitesResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
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
    private long[][] retiredRegionWork = new long[0][];
    private long[] retiredRegionOutside = new long[0];

    /**
     * How many region occurrences get call-site profiles: each costs a row table per thread that
     * ran inside it and its on-span sites until the end of the run, so a region in a hot loop
     * must not grow memory without bound. Later occurrences have none (their invocations still
     * count in the regions enclosing them), and a note says how many.
     */
    public static final int MAX_REGIONS = 1024;

    /** Every region started, by id (guarded by itself: regions start on any thread, rarely). */
    private final List<SiteRegion> regions = new ArrayList<>();
    private final AtomicLong closes = new AtomicLong();
    /** The regions' results, computed by the end of run (in the order the regions closed). */
    private List<RegionSites> regionResults = List.of();
    private int approximateRegions;
    private long regionsWithout;

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
        foldRegions(t);
    }

    /** Adds a thread's region tables into the retired ones. */
    private void foldRegions(SiteThread t) {
        int n = t.regionWork.length;
        if (n > retiredRegionWork.length) {
            retiredRegionWork = java.util.Arrays.copyOf(retiredRegionWork, n);
            retiredRegionOutside = java.util.Arrays.copyOf(retiredRegionOutside, n);
        }
        for (int r = 0; r < n; r++) {
            if (t.regionWork[r] != null) {
                retiredRegionWork[r] = add(retiredRegionWork[r] == null ? new long[0] : retiredRegionWork[r],
                        t.regionWork[r]);
            }
            retiredRegionOutside[r] += t.regionOutside[r];
        }
    }

    /** A new region, enclosed by region {@code parent} (-1: none); its id is the next one. */
    SiteRegion newRegion(String label, int parent) {
        synchronized (regions) {
            if (regions.size() >= MAX_REGIONS) {
                regionsWithout++;
                return null;
            }
            SiteRegion r = new SiteRegion(regions.size(), parent, label);
            regions.add(r);
            return r;
        }
    }

    /** Region {@code r} stopped in its start frame: it has profiles, in this place of the closing order. */
    void closed(SiteRegion r) {
        r.closeSeq = closes.getAndIncrement();
    }

    /**
     * The profiles of every region that stopped in the frame it started in, in the order they
     * closed (a label may occur several times); valid after {@link #finishAll} / {@link #finish}.
     */
    public List<RegionSites> regionResults() {
        return regionResults;
    }

    /** Region occurrences that started after the first {@link #MAX_REGIONS} and have no profiles. */
    public long regionsWithoutProfiles() {
        synchronized (regions) {
            return regionsWithout;
        }
    }

    /** Regions whose path at the stop did not contain the one at the start (outside the region contract). */
    public int approximateRegions() {
        return approximateRegions;
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
        long work = outsideWork + localWork(onWork);
        regionResults = regionResults(included);
        return new SitesResult(work, span, SiteTable.profile(onWork, outsideWork, outsideSpan),
                SiteTable.profile(onSpan, outsideWork, outsideSpan), foreign);
    }

    /**
     * Moves the local work of rows with no invocation out of a region's table and returns it:
     * transparent tasks' strands credited to an invocation that did not end inside the region (the
     * one the region started in, or one enclosing it) lie outside any invocation of the region.
     */
    private static long uncounted(long[] table) {
        long w = 0;
        for (int b = 0; b < table.length; b += SiteProf.FIELDS) {
            if (table[b + 6] == 0) {
                w += table[b + 7];
                table[b + 7] = 0;
            }
        }
        return w;
    }

    private static long localWork(long[] table) {
        long w = 0;
        for (int b = 0; b < table.length; b += SiteProf.FIELDS) {
            w += table[b + 7];
        }
        return w;
    }

    /**
     * Every region's on-work table is the sum of the threads' tables of its id and of every region
     * nested in it: an invocation counts in its innermost region while it runs (O(1)), and here in
     * every region that encloses it (a nested region's id is larger than its parent's, so one pass
     * from the last id down folds each region into its parent after its own children). Its outside
     * work: its start frame's own strands during it, plus transparent local work outside any
     * invocation inside it. Work and span then add up to the region's own T1 and T∞ under the
     * contract (every site's local work + outside = T1; local span on span + outside span = T∞).
     */
    private List<RegionSites> regionResults(List<SiteThread> included) {
        List<SiteRegion> all;
        synchronized (regions) {
            all = List.copyOf(regions);
        }
        int n = all.size();
        if (n == 0) {
            return List.of();
        }
        long[][] tables = new long[n][];
        long[] outside = new long[n];
        for (int r = 0; r < n; r++) {
            tables[r] = r < retiredRegionWork.length && retiredRegionWork[r] != null ? retiredRegionWork[r].clone()
                    : new long[0];
            outside[r] = r < retiredRegionOutside.length ? retiredRegionOutside[r] : 0;
        }
        for (SiteThread t : included) {
            for (int r = 0; r < Math.min(n, t.regionWork.length); r++) {
                if (t.regionWork[r] != null) {
                    tables[r] = add(tables[r], t.regionWork[r]);
                }
                outside[r] += t.regionOutside[r];
            }
        }
        for (int r = n - 1; r >= 0; r--) {
            int p = all.get(r).parent;
            if (p >= 0 && p < r) {
                tables[p] = add(tables[p], tables[r]);
                outside[p] += outside[r];
            }
        }
        List<SiteRegion> closed = new ArrayList<>();
        for (SiteRegion r : all) {
            if (r.closeSeq >= 0) {
                closed.add(r);
            }
        }
        closed.sort(Comparator.comparingLong(r -> r.closeSeq));
        List<RegionSites> out = new ArrayList<>(closed.size());
        int approximate = 0;
        for (SiteRegion r : closed) {
            long outsideWork = outside[r.id] + r.frameOutside + uncounted(tables[r.id]);
            long work = outsideWork + localWork(tables[r.id]);
            if (r.approximate) {
                approximate++;
            }
            out.add(new RegionSites(r.label, new SitesResult(work, r.span,
                    SiteTable.profile(tables[r.id], outsideWork, r.outsideSpan),
                    new io.forkscope.model.sites.SiteProfile(r.onSpan, outsideWork, r.outsideSpan), 0)));
        }
        approximateRegions = approximate;
        return List.copyOf(out);
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
