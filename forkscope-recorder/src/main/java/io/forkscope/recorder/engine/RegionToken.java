package io.forkscope.recorder.engine;

/** What a region remembers from its start: the frame it opened in and that frame's values then. */
final class RegionToken {
    final String label;
    final ThreadState thread;
    final Frame frame;
    final TaskNode node;
    final long span;
    final long bspan;
    final long work;
    final long spawns;
    final long syncs;
    final long startNs;
    final long outstanding;
    /** The compilers' accumulated time at the start ({@link CompilerClock}), -1 unknown. */
    final long compileNs;
    /** The site profiler's side of the region (record --sites), or null. */
    io.forkscope.recorder.sites.SiteRegion siteRegion;

    RegionToken(String label, ThreadState thread, Frame frame, long startNs, long outstanding, long compileNs) {
        this.label = label;
        this.thread = thread;
        this.frame = frame;
        this.node = frame.node;
        this.span = frame.span;
        this.bspan = frame.bspan;
        this.work = frame.work;
        this.spawns = frame.spawns;
        this.syncs = frame.syncs;
        this.startNs = startNs;
        this.outstanding = outstanding;
        this.compileNs = compileNs;
    }
}
