package io.forkscope.analysis.sites;

/**
 * One of the two sums a site profile must satisfy (measures.md §4, Cilkprof's local values):
 * local work on work over all sites + work outside any site = T1, and local span on span over all
 * sites + the root's own strands on the critical path = T∞. Both sides are shown; a mismatch is a
 * recorder bug, never a property of the program.
 *
 * @param local    Σ over all sites of the local value (work on work, or span on span)
 * @param outside  what no site accounts for (the root's own strands)
 * @param expected T1, or T∞
 */
public record TotalCheck(long local, long outside, long expected) {
    /** @return local + outside, or {@link Long#MAX_VALUE} when that overflows (then it never matches) */
    public long sum() {
        long s = local + outside;
        return ((local ^ s) & (outside ^ s)) < 0 ? Long.MAX_VALUE : s;
    }

    /** @return whether the two sides are equal */
    public boolean ok() {
        return sum() == expected && sum() != Long.MAX_VALUE;
    }
}
