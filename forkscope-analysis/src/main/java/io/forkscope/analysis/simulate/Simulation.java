package io.forkscope.analysis.simulate;

/**
 * The outcome of one simulated run (see {@link WorkStealingSimulator}). Times are ns from the
 * replay's start; worker-times are ns × workers.
 *
 * @param workers  P
 * @param makespan T_P: when the last node finished (0 for an empty DAG)
 * @param work     Σ p·dt over the run (p workers running nodes): always the total work of the costs
 * @param delay    Σ min(q, r)·dt (q = P − p workers not running a node, r ready pieces not started):
 *                 in this scheduler exactly the thieves' latency, L × (steals + splits)
 * @param noWork   Σ max(0, q − r)·dt: workers idle because nothing was ready
 * @param steals   nodes that ran on another worker than the one that made them ready (migrations)
 * @param splits   parts split off running collapsed nodes ({@link CollapsedReplay#MALLEABLE}; else 0)
 * @param schedule where and when each node ran
 */
public record Simulation(int workers, long makespan, long work, long delay, long noWork, long steals, long splits,
                         SimulatedSchedule schedule) {

    /** @return work + delay + no-work, which is always P × T_P */
    public long total() {
        return work + delay + noWork;
    }

    /** @return T1/T_P for the given T1 (the same DAG's work or a serial run's); 0 when T_P is 0 */
    public double speedup(long t1) {
        return makespan == 0 ? 0 : (double) t1 / makespan;
    }
}
