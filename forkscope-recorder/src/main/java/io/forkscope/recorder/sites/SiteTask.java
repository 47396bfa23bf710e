package io.forkscope.recorder.sites;

/**
 * A forked task as the site profiler sees it, from its fork to its (first) join by the frame that
 * forked it: the fork-point snapshot of the creator's path (span, local span, frozen profile
 * chain) and, once the task has ended, its results (work, span, local work/span and the on-span
 * profile of its own path, moved into {@link #path}).
 *
 * <p>A task forked at no site (library code: a parallel stream's subtasks, {@code invokeAll}'s
 * forks, {@code Arrays.parallelSort}) has site -1 and is <em>transparent</em>: not an invocation;
 * its strands are local work of the nearest enclosing invocation on its logical stack, and its
 * path flows into its joiner like any task's.
 *
 * <p>Threading: the fork-time fields are written by the forking thread before the runtime
 * publishes the task; the results are written by the thread that ends the task and read by the
 * joiner after the runtime's join returned (a happens-before edge the runtime provides).
 */
public final class SiteTask {
    final int site;
    final int method;
    final boolean topCallSite;
    final boolean topCaller;
    final SiteFrame creator;
    final long creatorEpoch;
    final long forkSpan;
    final long forkLocalSpan;
    final SiteProf forkPath;
    /** The site whose local work a transparent task's strands are (its creator's), -1 for none. */
    final int invSite;

    /** The region the forking frame was in at the fork (see {@link SiteFrame#region}); the task's frame inherits it. */
    int region = -1;
    /** For a transparent task: its creator's {@link SiteFrame#invBorn}. */
    int invBorn = -1;
    /** The on-span profile of the task's own path, or null when no invocation lies on it (no allocation then). */
    SiteProf path;
    long work;
    long span;
    long localWork;
    long localSpan;
    boolean ended;
    boolean merged;

    SiteTask(int site, int method, boolean topCallSite, boolean topCaller, SiteFrame creator, long forkSpan,
             long forkLocalSpan, SiteProf forkPath, int invSite) {
        this.invSite = invSite;
        this.site = site;
        this.method = method;
        this.topCallSite = topCallSite;
        this.topCaller = topCaller;
        this.creator = creator;
        this.creatorEpoch = creator.epoch;
        this.forkSpan = forkSpan;
        this.forkLocalSpan = forkLocalSpan;
        this.forkPath = forkPath;
    }

    /** Whether the task was forked at no site (not an invocation of its own). */
    boolean transparent() {
        return site < 0;
    }

    /** Whether the task's body has ended (its results are final). */
    public boolean ended() {
        return ended;
    }
}
