package io.forkscope.recorder.sites;

/**
 * One active invocation on the logical (cactus) stack: a method called from a site, a forked
 * task's {@code compute()} (its site is the fork's), or the computation's root (site -1).
 *
 * <p>Cilkprof's Fig. 3 keeps its span variables relative to the frame's start; so does this
 * frame, generalised to per-task joins. {@link #span} is the longest path from the frame's first
 * strand to its current point, inside the frame's sub-DAG; {@link #head} and its
 * {@link SiteProf#parent} chain are the on-span profile of that path (every invocation whose end
 * lies on it, with its own measures); {@link #localSpan} is the part of {@link #span} made of this
 * frame's own strands. The engine's absolute span (measures.md §2) is this span plus the span at the
 * frame's start, so "keep the longer path at a join" compares the same way in both.
 *
 * <p>The chain below {@code head} holds stores frozen at forks: a fork needs the profile of the
 * path up to the fork point until its join, and freezing the current store (and starting an empty
 * one above it) keeps that snapshot in O(1). All stores in a frame's chain belong to that frame:
 * the frame consumes them on return (its forks are all joined by then, so no snapshot still reads
 * them).
 *
 * <p>Frames are pooled per thread; {@link #epoch} tells a reused frame from the invocation a stale
 * {@link SiteTask#creator} pointer meant. The fields {@link #site}, {@link #method},
 * {@link #parent} are written before the frame forks anything and stay unchanged while it lives,
 * so a thread running one of its tasks may read them (published by the runtime's fork→run
 * hand-over); every other field is confined to the thread the frame runs on.
 */
final class SiteFrame {
    int site;
    int method;
    /** The enclosing invocation (logical, not the thread's physical stack); null for the root. */
    SiteFrame parent;
    long epoch;

    /** Work of everything the frame did so far, its own strands and every merged invocation. */
    long work;
    /** Work of the frame's own strands (Cilkprof's local work). */
    long ownWork;
    long span;
    long localSpan;
    final SiteProf head = new SiteProf();

    boolean topCallSite;
    boolean topCaller;
    /** The task this frame runs, or null for a call / the root. */
    SiteTask task;
    /** Whether beginning this task frame switched the thread's site counts to another logical stack. */
    SiteFrame switchedFrom;
    boolean switched;

    void reset(int site, int method, SiteFrame parent, long epoch) {
        this.site = site;
        this.method = method;
        this.parent = parent;
        this.epoch = epoch;
        work = ownWork = span = localSpan = 0;
        head.clear();
        topCallSite = topCaller = false;
        task = null;
        switchedFrom = null;
        switched = false;
    }
}
