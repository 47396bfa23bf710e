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
    /** The computation's root on a thread (site -1, outside any invocation). */
    static final byte ROOT = 0;
    /** A method invoked from a call site. */
    static final byte CALL = 1;
    /** A forked task's body: an invocation of its fork site, or transparent when it was forked at no site. */
    static final byte TASK = 2;
    /** A task run without a fork (invoke of an unforked task, invokeAll's first task): transparent, joined on return. */
    static final byte INLINE = 3;

    byte kind;
    int site;
    int method;
    /** The enclosing invocation (logical, not the thread's physical stack); null for the root. */
    SiteFrame parent;
    long epoch;
    /**
     * The engine's absolute span at the frame's start (0 when the profiler runs alone): the
     * engine's span of the frame it belongs to is {@code base + span} while both follow the same
     * joins, so a join the profiler does not follow shows as the engine being ahead (see
     * {@link SiteThread#sync}).
     */
    long base;
    /** The engine's work of the frame this one belongs to at this frame's start (0 for a task or root). */
    long workBase;
    /**
     * The site of the innermost invocation this frame's strands are local work of: its own for a
     * call or a sited task, the creator's (caller's) for a transparent frame, -1 outside any site.
     */
    int invSite;

    /** Work of everything the frame did so far, its own strands and every merged invocation. */
    long work;
    /**
     * Work of the frame's own strands (Cilkprof's local work), with the local work of the
     * transparent frames it joined or returned from.
     */
    long ownWork;
    /**
     * The part of {@link #ownWork} already added to the on-work table (by the transparent tasks it
     * came from, at their end), so that the frame's own end adds only the rest.
     */
    long credited;
    long span;
    long localSpan;
    final SiteProf head = new SiteProf();

    /** Tasks this frame forked (an empty call frame has none; see SiteThread.dropEnteredCall). */
    int forks;
    boolean topCallSite;
    boolean topCaller;
    /** The task this frame runs (kind TASK; null for a task begun without one), or null. */
    SiteTask task;
    /**
     * Whether beginning this task frame switched the thread's site counts to another logical stack,
     * and where the changes it made start in the thread's swap log (undone exactly at its end).
     */
    boolean switched;
    int swapMark;
    /**
     * The innermost region this frame is logically inside ({@link SiteRegion#id}), -1 for none:
     * inherited from the caller (a call, an inline task) or the forker (a task, through its
     * {@link SiteTask}); a region's start sets it on the frame it starts in, its stop restores it.
     */
    int region;
    /** The region this frame was started in (its {@link #region} then; unchanged by regions it starts). */
    int born;
    /**
     * The region the invocation whose local work this frame's strands are ({@link #invSite}) was
     * started in: its own {@link #born} for an invocation, its creator's (caller's) for a
     * transparent frame; -1 outside any.
     */
    int invBorn;
    /**
     * The sites of the call frames from the frame of the task this frame runs in up to this one,
     * outermost first ({@link SiteThread#sitePathAbove}); null until a create or inline run inside it
     * asks. Cached: a frame's path does not change while it lives (the frames below it do not).
     */
    SitePath sitePath;
    /** Whether {@link #sitePath} has been computed (null is the empty path). */
    boolean sitePathKnown;

    void reset(byte kind, int site, int method, SiteFrame parent, long epoch) {
        this.kind = kind;
        this.site = site;
        this.method = method;
        this.parent = parent;
        this.epoch = epoch;
        work = ownWork = credited = span = localSpan = base = workBase = 0;
        invSite = site;
        head.clear();
        topCallSite = topCaller = false;
        forks = 0;
        task = null;
        switched = false;
        swapMark = 0;
        region = born = invBorn = -1;
        sitePath = null;
        sitePathKnown = false;
    }
}
