package io.forkscope.analysis.simulate;

/**
 * The simulated machine and scheduler.
 *
 * @param workers        P ≥ 1, the workers (measures.md §2's worker slots: one P everywhere)
 * @param stealLatencyNs what one steal costs the thief before it runs what it took (ns, ≥ 0): the
 *                       create→child-start latency {@code calibrate} measures (measures.md §3's burden)
 * @param seed           seeds the victim choice; the same seed gives the same schedule
 * @param collapsed      how collapsed nodes replay
 */
public record SimulationOptions(int workers, long stealLatencyNs, long seed, CollapsedReplay collapsed) {
    public SimulationOptions {
        if (workers < 1) {
            throw new IllegalArgumentException("the simulation needs at least one worker, not " + workers);
        }
        if (stealLatencyNs < 0) {
            throw new IllegalArgumentException("a negative steal latency: " + stealLatencyNs);
        }
        if (collapsed == null) {
            throw new IllegalArgumentException("say how collapsed nodes replay");
        }
    }

    /** P workers, this latency, seed 0, collapsed nodes sequential. */
    public static SimulationOptions of(int workers, long stealLatencyNs) {
        return new SimulationOptions(workers, stealLatencyNs, 0, CollapsedReplay.SEQUENTIAL);
    }

    public SimulationOptions withSeed(long s) {
        return new SimulationOptions(workers, stealLatencyNs, s, collapsed);
    }

    public SimulationOptions withCollapsed(CollapsedReplay c) {
        return new SimulationOptions(workers, stealLatencyNs, seed, c);
    }
}
