package io.forkscope.analysis.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import org.junit.jupiter.api.Test;

/**
 * Schedules worked out by hand from the policy in {@link WorkStealingSimulator}'s comment: exact T_P,
 * work, delay, no-work, steals and who ran what, for P = 1, 2, 3 (and more), with and without steal
 * latency. Each comment gives the schedule and the intervals of the breakdown.
 */
class HandBuiltSimulationTest {
    /** A strand of this work (recorded at [0, work) on worker 0: only its work matters). */
    static DagNode strand(int id, long work, NodeEnd ends, Edge... in) {
        return HandBuiltDags.strand(id, work, ends, in);
    }

    static DagNode collapsed(int id, long work, long span, NodeEnd ends, Edge... in) {
        return HandBuiltDags.collapsed(id, work, span, ends, in);
    }

    static Dag dag(DagNode... nodes) {
        return HandBuiltDags.dag(nodes);
    }

    static Simulation run(Dag dag, int p, long latency) {
        return WorkStealingSimulator.simulate(dag, SimulationOptions.of(p, latency));
    }

    static Simulation run(Dag dag, int p, long latency, CollapsedReplay mode) {
        return WorkStealingSimulator.simulate(dag, SimulationOptions.of(p, latency).withCollapsed(mode));
    }

    static void assertRun(Simulation s, long makespan, long work, long delay, long noWork, long steals) {
        assertThat(s.makespan()).as("T_P").isEqualTo(makespan);
        assertThat(s.work()).as("work").isEqualTo(work);
        assertThat(s.delay()).as("delay").isEqualTo(delay);
        assertThat(s.noWork()).as("no-work").isEqualTo(noWork);
        assertThat(s.steals()).as("steals").isEqualTo(steals);
        assertThat(s.total()).isEqualTo(s.workers() * s.makespan());
    }

    /** A [10] → B [20] → C [5]: one worker runs it all on any P; the others have no work. */
    static Dag chain(EdgeKind kind) {
        return HandBuiltDags.chain(kind);
    }

    @Test
    void aChainRunsOnOneWorkerAtAnyP() {
        Dag chain = chain(EdgeKind.WAIT_CONT);
        assertRun(run(chain, 1, 0), 35, 35, 0, 0, 0);
        assertRun(run(chain, 2, 0), 35, 35, 0, 35, 0);
        assertRun(run(chain, 3, 7), 35, 35, 0, 70, 0);
        for (int v = 0; v < 3; v++) {
            assertThat(run(chain, 3, 7).schedule().worker(v)).isZero();
        }
    }

    /**
     * A chain of create edges: each child is pushed, its forker has nothing else and pops it back
     * at once (LIFO), before any thief looks: no migration, no latency.
     */
    @Test
    void aChainOfForkedChildrenIsPoppedBackNotStolen() {
        Dag chain = chain(EdgeKind.CREATE);
        assertRun(run(chain, 2, 5), 35, 35, 0, 35, 0);
        assertThat(run(chain, 2, 5).schedule().start(2)).isEqualTo(30);
    }

    /**
     * A [10] forks B [20]; its continuation C [10] waits; D [10] after the join (work 50, span 40).
     * P = 1: A [0,10), C [10,20) (kept: create-cont), B [20,40) (popped), D [40,50) (kept: end edge).
     */
    static Dag diamond() {
        return HandBuiltDags.diamond();
    }

    @Test
    void forkJoinDiamondOnOneWorker() {
        Simulation s = run(diamond(), 1, 100);
        assertRun(s, 50, 50, 0, 0, 0);
        assertThat(s.schedule().start(2)).isEqualTo(10);
        assertThat(s.schedule().start(1)).isEqualTo(20);
        assertThat(s.schedule().start(3)).isEqualTo(40);
    }

    /**
     * P = 2, L = 0: A [0,10) on w0; at 10 w0 keeps C [10,20), w1 steals B [10,30); w0 idles from 20;
     * B's end makes D ready on w1, which keeps it: D [30,40). No-work: [0,10) 10, [20,30) 10,
     * [30,40) 10 = 30; 50 + 0 + 30 = 2 × 40.
     */
    @Test
    void forkJoinDiamondOnTwoWorkers() {
        Simulation s = run(diamond(), 2, 0);
        assertRun(s, 40, 50, 0, 30, 1);
        assertThat(s.schedule().worker(1)).isEqualTo(1);
        assertThat(s.schedule().stolen(1)).isTrue();
        assertThat(s.schedule().worker(3)).isEqualTo(1);
        assertThat(s.schedule().stolen(3)).isFalse();
    }

    /**
     * P = 2, L = 3: w1 claims B at 10 and runs it [13,33); D [33,43) on w1. [10,13): C runs, B
     * waits for its thief: delay 3. No-work: [0,10) 10, [20,33) 13, [33,43) 10 = 33; 50 + 3 + 33 = 86
     * = 2 × 43.
     */
    @Test
    void forkJoinDiamondWithStealLatency() {
        Simulation s = run(diamond(), 2, 3);
        assertRun(s, 43, 50, 3, 33, 1);
        assertThat(s.schedule().ready(1)).isEqualTo(10);
        assertThat(s.schedule().start(1)).isEqualTo(13);
    }

    /**
     * P = 3: as P = 2 with w2 idle throughout. L = 0: no-work 30 + 40 = 70. L = 3: [0,10) 20,
     * [10,13) q = 2, r = 1: delay 3, no-work 3; [13,20) 7, [20,33) 26, [33,43) 20: no-work 76;
     * 50 + 3 + 76 = 129 = 3 × 43.
     */
    @Test
    void forkJoinDiamondOnThreeWorkers() {
        assertRun(run(diamond(), 3, 0), 40, 50, 0, 70, 1);
        assertRun(run(diamond(), 3, 3), 43, 50, 3, 76, 1);
        assertRun(run(diamond(), 64, 0), 40, 50, 0, 64 * 40 - 50, 1);
    }

    /**
     * R [2] makes X1..X4 [6 each] ready by create edges; J [1] joins them all (work 27, span 9). At
     * 2 nothing is kept: X1..X4 are pushed (X1 oldest).
     */
    static Dag fanOut() {
        return HandBuiltDags.fanOut();
    }

    @Test
    void fanOutOnOneWorkerRunsTheNewestChildFirst() {
        Simulation s = run(fanOut(), 1, 5);
        assertRun(s, 27, 27, 0, 0, 0);
        assertThat(s.schedule().start(4)).isEqualTo(2);    // LIFO: X4, X3, X2, X1
        assertThat(s.schedule().start(1)).isEqualTo(20);
    }

    /**
     * P = 2, L = 0: w0 pops X4 [2,8), w1 steals X1 [2,8); at 8 w0 pops X3 [8,14), w1 steals X2
     * [8,14); X2's end (w1, after w0's X3 at the same instant) makes J ready: J [14,15) on w1.
     * No-work [0,2) 2 + [14,15) 1.
     */
    @Test
    void fanOutOnTwoWorkers() {
        Simulation s = run(fanOut(), 2, 0);
        assertRun(s, 15, 27, 0, 3, 2);
        assertThat(s.schedule().worker(1)).isEqualTo(1);
        assertThat(s.schedule().worker(2)).isEqualTo(1);
        assertThat(s.schedule().worker(3)).isZero();
        assertThat(s.schedule().worker(5)).isEqualTo(1);
    }

    /**
     * P = 2, L = 1: X4 [2,8) on w0; w1 claims X1 at 2, runs [3,9); w0 pops X3 [8,14); w1 claims X2
     * at 9, runs [10,16); J [16,17). Delay [2,3) 1 + [9,10) 1 = 2 = L × steals; no-work [0,2) 2,
     * [14,16) 2, [16,17) 1 = 5; 27 + 2 + 5 = 34 = 2 × 17.
     */
    @Test
    void fanOutOnTwoWorkersWithStealLatency() {
        assertRun(run(fanOut(), 2, 1), 17, 27, 2, 5, 2);
    }

    /**
     * P = 3, L = 0: at 2 w0 pops X4, w1 steals X1, w2 steals X2 (all [2,8)); at 8 only w0 has work:
     * X3 [8,14), J [14,15). No-work [0,2) 4, [8,14) 12, [14,15) 2 = 18. P = 4: everyone gets a child
     * at 2 and T_P is the span, 9.
     */
    @Test
    void fanOutOnThreeAndFourWorkers() {
        assertRun(run(fanOut(), 3, 0), 15, 27, 0, 18, 2);
        assertRun(run(fanOut(), 4, 0), 9, 27, 0, 36 - 27, 3);
    }

    /** A collapsed node W = 100, S = 50 followed by E [10]. */
    static Dag collapsedThenStrand() {
        return HandBuiltDags.collapsedThenStrand();
    }

    /** Sequential: the collapsed node is one piece of 100 on any P; T_P = 110. */
    @Test
    void aSequentialCollapsedNodeNeverSpeedsUp() {
        assertRun(run(collapsedThenStrand(), 1, 0, CollapsedReplay.SEQUENTIAL), 110, 110, 0, 0, 0);
        assertRun(run(collapsedThenStrand(), 2, 0, CollapsedReplay.SEQUENTIAL), 110, 110, 0, 110, 0);
    }

    /**
     * Malleable, P = 2, L = 0 (at most W/S = 2 parts): at 0 w1 splits w0's part: w0 [0,50), w1
     * [0,50). Both end at 50; w1's is the last, so w1 keeps E [50,60). No-work [50,60) 10. P = 3:
     * the third worker finds no room (2 parts already) and idles: no-work + 60.
     */
    @Test
    void aMalleableCollapsedNodeTakesUpToWOverSWorkers() {
        Simulation s = run(collapsedThenStrand(), 2, 0, CollapsedReplay.MALLEABLE);
        assertRun(s, 60, 110, 0, 10, 0);
        assertThat(s.splits()).isEqualTo(1);
        assertThat(s.schedule().end(0)).isEqualTo(50);
        assertThat(s.schedule().worker(1)).isEqualTo(1);
        Simulation three = run(collapsedThenStrand(), 3, 0, CollapsedReplay.MALLEABLE);
        assertRun(three, 60, 110, 0, 70, 0);
        assertThat(run(collapsedThenStrand(), 1, 0, CollapsedReplay.MALLEABLE).makespan()).isEqualTo(110);
    }

    /**
     * Malleable, P = 2, L = 10: w1 claims half at 0 and runs it [10,60); w0 ends its half at 50.
     * E [60,70) on w1. Delay [0,10) 10 (the split-off half waits for its thief); no-work [50,60) 10,
     * [60,70) 10; 110 + 10 + 20 = 140 = 2 × 70. With L = 50 a split would end the piece no sooner:
     * no split, T_P = 110.
     */
    @Test
    void aSplitPaysTheStealLatencyAndHappensOnlyIfItHelps() {
        Simulation s = run(collapsedThenStrand(), 2, 10, CollapsedReplay.MALLEABLE);
        assertRun(s, 70, 110, 10, 20, 0);
        assertThat(s.splits()).isEqualTo(1);
        Simulation late = run(collapsedThenStrand(), 2, 50, CollapsedReplay.MALLEABLE);
        assertRun(late, 110, 110, 0, 110, 0);
        assertThat(late.splits()).isZero();
    }

    /** An odd remainder: W = 101, S = 50: the victim keeps ⌈101/2⌉ = 51, the thief 50; T_P = 51. */
    @Test
    void anOddPieceSplitsWithTheLargerHalfKept() {
        Simulation s = run(dag(collapsed(0, 101, 50, NodeEnd.END)), 2, 0, CollapsedReplay.MALLEABLE);
        assertRun(s, 51, 101, 0, 1, 0);
    }

    /** Zero-cost nodes chain within one instant; an empty DAG takes no time. */
    @Test
    void zeroCostNodesAndTheEmptyDag() {
        Dag zeros = dag(strand(0, 0, NodeEnd.CREATE), strand(1, 0, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 4, NodeEnd.WAIT, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 0, NodeEnd.END, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END)));
        assertRun(run(zeros, 2, 0), 4, 4, 0, 4, 1);
        assertRun(run(dag(), 4, 10), 0, 0, 0, 0, 0);
    }
}
