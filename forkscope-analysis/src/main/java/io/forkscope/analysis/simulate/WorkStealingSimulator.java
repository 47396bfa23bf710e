package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;

/**
 * Replays a recorded DAG (measures.md §1, §6) on P simulated workers under a work-stealing scheduler
 * in the manner of ForkJoinPool, giving T_P, the simulated work / delay / no-work (measures.md §6)
 * and the steals: `forkscope predict` (issue 23, item 5). A pure function of the DAG, the {@link
 * Costs} and the {@link SimulationOptions}: the same inputs and seed give the same schedule.
 *
 * <p><b>Durations.</b> A node runs for its cost's work (recorded CPU time, {@link Costs#recorded}),
 * not its recorded end − start: the recorded interval holds that run's own delays. The replay starts
 * at 0 with every node without predecessors ready.
 *
 * <p><b>Policy.</b> Java's ForkJoinPool is help-first (measures.md §1): {@code fork()} pushes the
 * child on the forker's deque and the forker goes on with its continuation; a worker out of work
 * pops its own deque's newest entry (LIFO); a thief takes the oldest entry of a victim's deque. So:
 * <ol>
 * <li>When a worker finishes a node u, the successors whose last predecessor was u become ready
 *     (those made ready at the same instant by several workers are made ready by the lowest-indexed
 *     of them: completions at one instant are handled in worker order). The worker keeps the first
 *     of them (by id) reached by an edge that is not CREATE: its own continuation (create-cont,
 *     wait-cont) or, at an end edge, the joiner's continuation, as the last child to finish resumes
 *     its joiner in Cilk and as a helping joiner does in ForkJoinPool. All others (forked children)
 *     are pushed on its deque in id order.</li>
 * <li>A worker without a kept node, at that instant: first pops its own deque (newest); else takes
 *     the oldest not yet taken node without predecessors (the pool's submission queue, no latency:
 *     no predecessor made it ready); else steals the oldest entry of a victim's deque; else, in
 *     {@link CollapsedReplay#MALLEABLE} mode, splits a running collapsed node; else idles. Workers
 *     popping their own deques go first, then the rest in index order.</li>
 * <li>Victim: a uniformly random start index from a {@link java.util.SplittableRandom} seeded with
 *     the options' seed, then the first worker at or after it (cyclically) with a non-empty deque
 *     (or running a splittable part). Random numbers are drawn only for steals and splits, in the
 *     order above, so the schedule is a function of the seed.</li>
 * <li>A steal costs the thief L = {@link SimulationOptions#stealLatencyNs()}: the node, claimed at
 *     t, starts at t + L (a migrated edge). Nothing else costs anything: a node run by the worker
 *     that made it ready, or taken from the submission queue, starts at once.</li>
 * </ol>
 * Idealisation: any worker may run any ready node. In ForkJoinPool a continuation after a join is
 * tied to the joining thread's stack (a joiner helps, or blocks while a compensation thread takes
 * its slot); the DAG, like Cilkview's and Brent's model, does not bind nodes to threads.
 *
 * <p><b>Greedy, and the bounds.</b> No worker idles while a ready node is unclaimed. Charge each
 * stolen node its latency as part of its running time: then the schedule is a greedy list schedule
 * of the DAG with costs w(v) + L·[v stolen] (parts split off a malleable node included, each never
 * making its node end later), and Graham's argument gives, with T1 the work, T∞' the span with each
 * node at its whole work ({@link DagShape#replaySpan}), S steals, X splits and D the most nodes on a
 * path ({@link DagShape#depth}):
 * <pre>
 *   T_P ≤ (T1 + L·(S + X)) / P  +  (1 − 1/P)·(T∞' + L·min(S, D))
 * </pre>
 * (let C be the time all workers are running or stealing and I the rest: P·C + I ≤ T1 + L·(S + X),
 * as at least one worker is busy at every instant before the end; during I every ready node is
 * claimed, so the longest remaining path shrinks at rate 1, and each node on it is stolen at most
 * once and never made later by a split: I ≤ T∞' + L·min(S, D)). With L = 0 this is Graham's
 * T1/P + (1 − 1/P)·T∞', within Brent's T1/P + T∞'. Lower bounds:
 * T1/P and T∞' ({@link CollapsedReplay#SEQUENTIAL}) or T∞ ({@link CollapsedReplay#MALLEABLE}).
 *
 * <p><b>Breakdown.</b> Over each interval where they are constant, with p workers running a node,
 * q = P − p, and r ready pieces not yet running (nodes ready and not started, and parts being
 * stolen): work p·dt, delay min(q, r)·dt, no-work max(0, q − r)·dt (measures.md §6); they add up to
 * P × T_P. In this scheduler a worker not running is stealing exactly while a piece it claimed waits
 * for it, and idle only when nothing is ready, so work = T1, delay = L·(S + X) and no-work is the
 * rest; the tests check the sweep against these identities.
 */
public final class WorkStealingSimulator {
    private WorkStealingSimulator() {}

    /** @return the replay of {@code dag} with its recorded costs */
    public static Simulation simulate(Dag dag, SimulationOptions options) {
        return simulate(dag, Costs.recorded(dag), options);
    }

    /** @return the replay of {@code dag} with these costs (e.g. a {@link WhatIf}'s) */
    public static Simulation simulate(Dag dag, Costs costs, SimulationOptions options) {
        costs.checkFits(dag);
        return new Replay(dag, costs, options).run();
    }
}
