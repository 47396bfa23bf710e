package io.forkscope.model.sites;

/**
 * What a run with call sites yields (measures.md §4): the computation's work T1 and span T∞ and
 * Cilkprof's two profiles, {@code onWork} over all invocations and {@code onSpan} over the
 * invocations on the critical path. {@code foreignJoins} counts waits on a task by a frame other
 * than the one that forked it; the profiles ignore those edges (see docs/cilkprof-design.md), so a
 * non-zero count marks the on-span profile as approximate.
 */
public record SitesResult(long work, long span, SiteProfile onWork, SiteProfile onSpan, long foreignJoins) {
}
