package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.analysis.contexts.IdlenessSweepAccess;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.slots.PoolLife;
import io.forkscope.model.slots.WorkerSlots;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Schedules against worker slots (measures.md §2) whose work, delay, no-work, slot fit and
 * idleness are worked out by hand: a compensation thread, two pools alive at once, two pools one
 * after another.
 */
class HandBuiltSlotsTest {

    /**
     * A pool of 2 that adds a compensation thread, frame [0, 100). w1 runs A1 [0, 10) forking B, A2
     * [10, 20) forking C, then joins B, blocked in [20, 80), and runs D [80, 100). w2 runs B [10, 80);
     * the compensation thread w3 runs C [20, 60). Work 10 + 10 + 70 + 40 + 20 = 150; every node starts
     * when ready, so delay 0; slots 2 throughout, so no-work = 200 − 150 = 50: one slot free in [0, 10),
     * [60, 80) and [80, 100) (10 + 20 + 20). w1 blocked while w3 runs is no extra idle slot: counted
     * with 3 threads, no-work would be 150. Busy: w1 [0, 100), w2 [10, 80), w3 [20, 60): 210, of which
     * 40 beyond the slots (3 busy in [20, 60)), 170 within; the slots' 200 = 170 + 30 free.
     */
    static Dag compensation() {
        List<DagNode> nodes = List.of(
                DagNode.strand(0, 1, 0, 10, NodeEnd.CREATE, List.of()),
                DagNode.strand(1, 1, 10, 20, NodeEnd.CREATE, List.of(new Edge(0, EdgeKind.CREATE_CONT))),
                DagNode.strand(2, 2, 10, 80, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE))),
                DagNode.strand(3, 3, 20, 60, NodeEnd.END, List.of(new Edge(1, EdgeKind.CREATE))),
                DagNode.strand(4, 1, 20, 20, NodeEnd.WAIT, List.of(new Edge(1, EdgeKind.CREATE_CONT))),
                DagNode.strand(5, 1, 80, 100, NodeEnd.END, List.of(new Edge(4, EdgeKind.WAIT_CONT),
                        new Edge(2, EdgeKind.END), new Edge(3, EdgeKind.END))));
        List<WorkerBusy> busy = List.of(new WorkerBusy(1, "w1", new long[] {0, 100}),
                new WorkerBusy(2, "w2", new long[] {10, 80}), new WorkerBusy(3, "w3", new long[] {20, 60}));
        WorkerSlots slots = WorkerSlots.of(0, 100, 3, List.of(new PoolLife(2, false, 0, 100, 3)), List.of(), 1);
        return new Dag(nodes, 3, 0, 100, busy).withSlots(slots);
    }

    @Test
    void aCompensationThreadAddsNoSlotAndNoNoWork() {
        Dag dag = compensation();
        assertThat(dag.workers()).as("P").isEqualTo(2);
        DelayReport r = DelaySpotter.analyze(dag);
        assertThat(r.stats().workers()).isEqualTo(2);
        assertThat(r.stats().slotTime()).isEqualTo(200);
        assertThat(r.breakdown().work()).isEqualTo(150.0);
        assertThat(r.breakdown().delay()).isZero();
        assertThat(r.breakdown().noWork()).isEqualTo(50.0);
        assertThat(r.breakdown().total()).isEqualTo(200.0);
        assertThat(r.fit()).isEqualTo(new SlotFit(210, 200, 170, 40, 30));
        assertThat(r.slotsText()).isEqualTo("2 slots; 3 threads ran tasks (1 compensation or replacement thread)");
        // counted by threads, as before: 3 × 100 − 150
        Dag byThreads = new Dag(dag.nodes(), 3, 0, 100, dag.busy());
        assertThat(DelaySpotter.analyze(byThreads).breakdown().noWork()).isEqualTo(150.0);
    }

    /**
     * The same run's idleness by context (exact sweep): one slot idle in [0, 10) and [80, 100) while
     * only w1 works (its context 0: 10 + 20), and in [60, 80) while only w2 works (context 1: 20);
     * none while B and C run, w1 blocked. 50 in all, the no-work above; by idle threads it was 150.
     */
    @Test
    void aThreadBlockedInAJoinBesideItsCompensationThreadIsNoIdleSlot() {
        WorkerSlots slots = compensation().slots();
        double[] bySlots = IdlenessSweepAccess.idleness(List.of(
                new long[] {1, 0, 0, 20, -1, 20, 80, 0, 80, 100},     // thread, then (context or -1 idle, from, to)*
                new long[] {2, -1, 0, 10, 1, 10, 80, -1, 80, 100},
                new long[] {3, -1, 0, 20, 2, 20, 60, -1, 60, 100}), 3, slots);
        assertThat(bySlots).containsExactly(30.0, 20.0, 0.0);
        double[] byThreads = IdlenessSweepAccess.idleness(List.of(
                new long[] {1, 0, 0, 20, -1, 20, 80, 0, 80, 100},
                new long[] {2, -1, 0, 10, 1, 10, 80, -1, 80, 100},
                new long[] {3, -1, 0, 20, 2, 20, 60, -1, 60, 100}), 3, null);
        assertThat(byThreads[0] + byThreads[1] + byThreads[2]).isCloseTo(150.0, within(1e-9));
    }

    /**
     * Pool A (2) alive [0, 60), pool B (1) alive [30, 100): slots 2, 3, 1. A's workers run [0, 60)
     * and [0, 30), B's worker [30, 100), no edges (all ready at 0). Work 60 + 30 + 70 = 160; slot time
     * 60 + 90 + 40 = 190; no-work 30 (one of 3 slots free in [30, 60)); no delay (B's node waits in
     * [0, 30) while both slots run). Against P = 3 throughout it would be 140 of no-work and 0 delay.
     */
    @Test
    void twoPoolsAliveAtOnceAddUp() {
        List<DagNode> nodes = List.of(DagNode.strand(0, 0, 0, 60, NodeEnd.END, List.of()),
                DagNode.strand(1, 1, 0, 30, NodeEnd.END, List.of()),
                DagNode.strand(2, 2, 30, 100, NodeEnd.END, List.of()));
        WorkerSlots slots = WorkerSlots.of(0, 100, 3, List.of(new PoolLife(2, false, 0, 60, 2),
                new PoolLife(1, false, 30, 100, 1)), List.of(), 1);
        DelayReport r = DelaySpotter.analyze(new Dag(nodes, 3, 0, 100).withSlots(slots));
        assertThat(r.stats().workers()).isEqualTo(3);
        assertThat(r.stats().slotTime()).isEqualTo(190);
        assertThat(r.breakdown().work()).isEqualTo(160.0);
        assertThat(r.breakdown().delay()).isZero();
        assertThat(r.breakdown().noWork()).isEqualTo(30.0);
        assertThat(r.stats().utilisation()).isEqualTo(160.0 / 190);
    }

    /**
     * Pools of 2 on [0, 40) and [50, 100), one after another, main's serial code between them: 2
     * slots throughout (not 4), slot time 200. Nodes [0, 40) and [0, 20) in the first, [50, 100) and
     * [50, 70) in the second, both ready at 40: work 130, delay 20 (both slots in the gap), no-work
     * 50 = 20 in [20, 40) + 30 in [70, 100).
     */
    @Test
    void twoPoolsOneAfterAnotherDoNotAddUp() {
        List<DagNode> nodes = List.of(DagNode.strand(0, 0, 0, 40, NodeEnd.END, List.of()),
                DagNode.strand(1, 1, 0, 20, NodeEnd.END, List.of()),
                DagNode.strand(2, 2, 50, 100, NodeEnd.END, List.of(new Edge(0, EdgeKind.END))),
                DagNode.strand(3, 3, 50, 70, NodeEnd.END, List.of(new Edge(0, EdgeKind.END))));
        WorkerSlots slots = WorkerSlots.of(0, 100, 4, List.of(new PoolLife(2, false, 0, 40, 2),
                new PoolLife(2, false, 50, 100, 2)), List.of(), 1);
        DelayReport r = DelaySpotter.analyze(new Dag(nodes, 4, 0, 100).withSlots(slots));
        assertThat(r.stats().workers()).isEqualTo(2);
        assertThat(r.stats().slotTime()).isEqualTo(200);
        assertThat(r.breakdown().work()).isEqualTo(130.0);
        assertThat(r.breakdown().delay()).as("2 nodes ready at 40, none starts before 50: both slots").isEqualTo(20.0);
        assertThat(r.breakdown().noWork()).isEqualTo(50.0);
        assertThat(r.slotsText()).isEqualTo("2 slots (2 pools one after another); 4 threads ran tasks");
    }
}
