package io.forkscope.recorder.sites;

/**
 * One occurrence of a labelled region (Forkscope.region) as the site profiler sees it: the frame
 * it started in, that frame's path profile and span counters at the start, and, once it stopped
 * in the same frame, the differences (its on-span profile and span) that make its own profiles.
 *
 * <p>Why the difference is the region's on-span profile: under the region contract (the region
 * joins every task it forks before it stops, and joins nothing forked before it started) every
 * path from the region's start to its stop runs inside the region, and the frame's path at the
 * stop is the frame's path at the start followed by the region's longest path (a join inside the
 * region takes a task's path only if it is longer, and that task's fork-point path contains the
 * path at the start). A path profile is a sum of per-site fields, so the region's on-span profile
 * is the profile at the stop minus the one at the start, elementwise, exactly; the frame's own
 * local span on the path, likewise, is what lies outside any invocation that finished inside it.
 *
 * <p>Threading: created and stopped on the thread whose frame it started in; its results are read
 * by the profiler's end of run, after that thread's last event (published like the thread's own
 * tables, see SiteProfiler). The id is dense over the run; a nested region has a larger id than
 * the region it lies in ({@link #parent}), which the end of run relies on to fold it into it.
 */
public final class SiteRegion {
    final int id;
    /** The region the start frame was in when this one started (-1: none): the enclosing one. */
    final int parent;
    final String label;

    // at the start (the start frame may be reused after it returns: epoch tells)
    SiteFrame frame;
    long epoch;
    long[] startPath;
    long startSpan;
    long startLocalSpan;
    long startOwn;
    /** The start frame's region tag before this region (restored at the stop). */
    int saved;

    // at the stop
    /**
     * The order it closed in among all regions (-1: not closed in its frame: no profiles). Written
     * last at the stop (volatile): the end of run reads it first, and then sees the fields above.
     */
    volatile long closeSeq = -1;
    /** Its on-span sites (only those with an invocation: compact, kept until the end of the run). */
    java.util.List<io.forkscope.model.sites.SiteMeasures> onSpan;
    long span;
    long outsideSpan;
    /** The start frame's own strands during the region, not credited elsewhere: outside any invocation of the region. */
    long frameOutside;
    /** Whether the path at the stop did not contain the path at the start (outside the contract). */
    boolean approximate;

    SiteRegion(int id, int parent, String label) {
        this.id = id;
        this.parent = parent;
        this.label = label;
    }

    /**
     * @return its on-span sites once it stopped in its start frame (read on the thread that stopped
     *     it, or after the end of run), or null when it has no profiles
     */
    public java.util.List<io.forkscope.model.sites.SiteMeasures> onSpanSites() {
        return closeSeq >= 0 ? onSpan : null;
    }

    /** @return its span as the site profiler measured it (valid with {@link #onSpanSites()}) */
    public long span() {
        return span;
    }

    /** The region's label. */
    public String label() {
        return label;
    }
}
