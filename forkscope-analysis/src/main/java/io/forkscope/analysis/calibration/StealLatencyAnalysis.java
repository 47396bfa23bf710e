package io.forkscope.analysis.calibration;

import io.forkscope.analysis.scaling.Stats;

/**
 * Derives the burden from the work-stealing microbenchmark (measures.md §6, Delay Spotter Fig. 4): a
 * parent forks one child, which the other worker steals; for each stolen child, the latencies from
 * the fork to the child's start (create→child-start) and to the parent's return from fork()
 * (create→parent-resume).
 *
 * <p>The burden is what a steal adds to the path through the stolen task (Cilkview §3: "the
 * migration cost"). ForkJoinPool's thieves take the forked child, and the recorder puts the burden
 * on create edges (measures.md §3), so the burden is the create→child-start latency of a stolen child: the
 * time from the push to the thief running it (signalling an idle worker, waking it, its scan, the
 * steal), none of which is in any strand. Its median is used; the 90th percentile shows how wide
 * it spreads. The create→parent-resume latency is the cost of fork() itself, paid by every fork,
 * stolen or not, on the parent's own path; it is reported but is not part of the burden. What the
 * benchmark cannot see is the implicit part of a migration, the cache misses of moving a real
 * task's working set (an empty child has none), so the calibrated burden is a floor for tasks with
 * large working sets.
 */
public final class StealLatencyAnalysis {
    private StealLatencyAnalysis() {}

    /**
     * @param forks        how many forks were measured
     * @param childStart   create→child-start latency of each stolen child, ns
     * @param parentResume create→parent-resume latency of the same forks, ns
     * @throws IllegalArgumentException when nothing was stolen or the arrays differ in length
     */
    public static StealLatency analyze(int forks, long[] childStart, long[] parentResume) {
        if (childStart.length != parentResume.length) {
            throw new IllegalArgumentException("latency samples differ in length: " + childStart.length + " and "
                    + parentResume.length);
        }
        if (childStart.length == 0) {
            throw new IllegalArgumentException("no fork was stolen (does the pool have two workers on two cores?)");
        }
        long childMedian = Math.round(Stats.median(childStart));
        return new StealLatency(forks, childStart.length, childMedian, Stats.quantile(childStart, 0.9),
                Math.round(Stats.median(parentResume)), Stats.quantile(parentResume, 0.9), childMedian);
    }
}
