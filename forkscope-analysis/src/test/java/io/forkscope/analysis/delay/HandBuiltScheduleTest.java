package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Schedules whose profile, delay, no-work and ready path are worked out by hand (P = 2). */
class HandBuiltScheduleTest {
    static DagNode strand(int id, int worker, long start, long end, NodeEnd ends, Edge... in) {
        return DagNode.strand(id, worker, start, end, ends, List.of(in));
    }

    /**
     * A [0,10) on worker 0 forks B; B runs at once on worker 1 [10,30); A's continuation C [10,20)
     * then waits; D [30,40) after the join. No delay; the serial tail D and the lone A are the
     * program's lack of parallelism (no-work-app).
     */
    @Test
    void forkJoinWithoutDelayHasOnlyApplicationNoWork() {
        Dag dag = new Dag(List.of(
                strand(0, 0, 0, 10, NodeEnd.CREATE),
                strand(1, 1, 10, 30, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 0, 10, 20, NodeEnd.WAIT, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 0, 30, 40, NodeEnd.END, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))), 2, 0, 40);
        DelayReport r = DelaySpotter.analyze(dag);
        assertThat(r.breakdown().work()).isEqualTo(50.0);
        assertThat(r.breakdown().delay()).isEqualTo(0.0);
        assertThat(r.breakdown().noWork()).isEqualTo(30.0);
        assertThat(r.breakdown().noWorkSched()).isEqualTo(0.0);
        assertThat(r.breakdown().noWorkApp()).isEqualTo(30.0);
        assertThat(r.readyPath().nodes()).containsExactly(0, 1, 3);
        assertThat(r.readyPath().work()).isEqualTo(40);
        assertThat(r.readyPath().length()).isEqualTo(40.0);
        assertThat(r.stats()).isEqualTo(new DagStats(1, 1, 2, 50, 0.0, 30.0, 40, 2, 40, 4, 4));
        assertThat(r.stats().greedySpeedup()).isEqualTo(50.0 / (25 + 40));
    }

    /**
     * As the first, but B's thread was not running for 8 of its 20 ns (preempted; the recorder took
     * that out of its work: 12). The profile runs B at 12/20 = 0.6 of its interval, so running
     * worker-time is T1 = 10 + 12 + 10 + 10 = 42, and "work" is one quantity in every report.
     * [0,10): A, no-work 10. [10,20): C + 0.6 B, no-work 0.4 × 10 = 4. [20,30): 0.6 B, no-work 14.
     * [30,40): D, no-work 10. No-work 38; 42 + 38 = 2 × 40. Ready path A, B, D: work 10 + 12 + 10,
     * B's other 8 ns waiting, length 40.
     */
    @Test
    void aStrandsNotRunningTimeIsNeitherWorkNorPathWork() {
        Dag dag = new Dag(List.of(
                strand(0, 0, 0, 10, NodeEnd.CREATE),
                new DagNode(1, 1, 10, 30, 12, 12, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE)), 1, 0, 0, 1, 0),
                strand(2, 0, 10, 20, NodeEnd.WAIT, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 0, 30, 40, NodeEnd.END, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))), 2, 0, 40);
        DelayReport r = DelaySpotter.analyze(dag);
        assertThat(r.breakdown().work()).isCloseTo(42.0, within(1e-9));
        assertThat(r.stats().work()).isEqualTo(42);
        assertThat(r.breakdown().delay()).isEqualTo(0.0);
        assertThat(r.breakdown().noWork()).isCloseTo(38.0, within(1e-9));
        assertThat(r.readyPath().nodes()).containsExactly(0, 1, 3);
        assertThat(r.readyPath().work()).isEqualTo(32);
        assertThat(r.readyPath().length()).isCloseTo(40.0, within(1e-9));
    }

    /**
     * As above, but B, ready at 10, starts only at 25 although worker 1 is idle all along: the
     * scheduler delayed it. [10,20): C runs, B ready: delay 10. [20,25): nothing runs, B ready:
     * delay 5 and no-work 5, which lies on the ready path during scheduler delay (no-work-sched).
     */
    @Test
    void aChildLeftReadyWhileAWorkerIdlesIsTheSchedulersFault() {
        Dag dag = new Dag(List.of(
                strand(0, 0, 0, 10, NodeEnd.CREATE),
                strand(1, 1, 25, 35, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 0, 10, 20, NodeEnd.WAIT, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 0, 35, 40, NodeEnd.END, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))), 2, 0, 40);
        DelayReport r = DelaySpotter.analyze(dag);
        LossBreakdown b = r.breakdown();
        assertThat(b.work()).isEqualTo(35.0);
        assertThat(b.delay()).isEqualTo(15.0);
        assertThat(b.noWork()).isEqualTo(30.0);
        assertThat(b.total()).isEqualTo(2 * 40.0);
        assertThat(b.delayByKind().get(EdgeKind.CREATE)).isEqualTo(15.0);
        assertThat(b.delayByKind().get(EdgeKind.END)).isEqualTo(0.0);
        assertThat(b.noWorkSched()).isEqualTo(5.0);
        assertThat(b.noWorkApp()).isEqualTo(25.0);
        ReadyPath path = r.readyPath();
        assertThat(path.nodes()).containsExactly(0, 1, 3);
        assertThat(path.work()).isEqualTo(25);
        assertThat(path.schedulerDelay()).isEqualTo(15.0);
        assertThat(path.busyDelay()).isEqualTo(0.0);

        ProfileSegment mid = r.profile().at(22);
        assertThat(mid.running()).isZero();
        assertThat(mid.ready(EdgeKind.CREATE)).isEqualTo(1.0);
        assertThat(r.profile().at(12).running()).isEqualTo(1.0);
    }

    /**
     * Both workers busy with other nodes while the path's next node waits: busy delay, no
     * no-work-sched. A [0,5) forks B, C and D; C [5,20) and D [5,20) occupy both workers; B, ready
     * at 5, starts at 20 on worker 0 and ends at 30, the last node.
     */
    @Test
    void waitingWhileEveryWorkerIsBusyIsBusyDelay() {
        Dag dag = new Dag(List.of(
                strand(0, 0, 0, 5, NodeEnd.CREATE),
                strand(1, 0, 5, 20, NodeEnd.END, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(2, 1, 5, 20, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(3, 0, 20, 30, NodeEnd.END, new Edge(0, EdgeKind.CREATE))), 2, 0, 30);
        DelayReport r = DelaySpotter.analyze(dag);
        assertThat(r.readyPath().nodes()).containsExactly(0, 3);
        assertThat(r.readyPath().busyDelay()).isEqualTo(15.0);
        assertThat(r.readyPath().schedulerDelay()).isEqualTo(0.0);
        assertThat(r.breakdown().delay()).isEqualTo(0.0);       // no worker was free to take B
        assertThat(r.breakdown().noWork()).isEqualTo(5.0 + 10.0);
        assertThat(r.breakdown().noWorkSched()).isEqualTo(0.0);
    }

    /**
     * A collapsed node [0,100) on one worker whose inner strands ran 60 (the rest its worker spent
     * in the runtime) with 10 of inner delay: it runs 0.6 of its interval, the ready 0.1 of inner
     * delay becomes delay, and the rest is no-work; as the same strands uncollapsed would give.
     */
    @Test
    void aCollapsedNodeRunsOnlyItsWorkOfItsInterval() {
        DagNode collapsed = new DagNode(0, 0, 0, 100, 60, 40, NodeEnd.END, List.of(), 12, 3, 3, 6, 10);
        Dag dag = new Dag(List.of(collapsed), 1, 0, 100);
        LossBreakdown b = DelaySpotter.analyze(dag).breakdown();
        assertThat(b.work()).isCloseTo(60.0, within(1e-9));
        assertThat(b.delay()).isCloseTo(10.0, within(1e-9));
        assertThat(b.noWork()).isCloseTo(30.0, within(1e-9));
        assertThat(b.total()).isCloseTo(100.0, within(1e-9));
        assertThat(DelaySpotter.analyze(dag).profile().at(50).running()).isCloseTo(0.6, within(1e-12));
    }

    /**
     * The ready path through that collapsed node: path work max(inner span 40, work 60 - inner
     * delay 10) = 50, the other 50 of its interval path waiting. Alone (P = 1) its worker is busy
     * with the node's other strands: busy delay. Beside an idle worker (P = 2) the wait is the
     * scheduler's, and the no-work during it (rate 2 - 0.6 running - 0.1 ready, for half of the
     * interval) is no-work-sched.
     */
    @Test
    void theReadyPathThroughACollapsedNodeWorksItsInnerSpan() {
        DagNode collapsed = new DagNode(0, 0, 0, 100, 60, 40, NodeEnd.END, List.of(), 12, 3, 3, 6, 10);
        ReadyPath alone = DelaySpotter.analyze(new Dag(List.of(collapsed), 1, 0, 100)).readyPath();
        assertThat(alone.work()).isEqualTo(50);
        assertThat(alone.busyDelay()).isCloseTo(50.0, within(1e-9));
        assertThat(alone.schedulerDelay()).isCloseTo(0.0, within(1e-9));
        assertThat(alone.length()).isCloseTo(100.0, within(1e-9));

        ReadyPath beside = DelaySpotter.analyze(new Dag(List.of(collapsed), 2, 0, 100)).readyPath();
        assertThat(beside.work()).isEqualTo(50);
        assertThat(beside.busyDelay()).isCloseTo(0.0, within(1e-9));
        assertThat(beside.schedulerDelay()).isCloseTo(50.0, within(1e-9));
        assertThat(beside.noWorkSched()).isCloseTo((2 - 0.6 - 0.1) * 100 * 0.5, within(1e-9));

        // beside a worker inside another collapsed node (it runs 0.6 of it and is in the runtime for
        // the rest: free for no other node), the same wait is busy delay, not the scheduler's
        DagNode other = new DagNode(1, 1, 0, 100, 60, 40, NodeEnd.END, List.of(), 12, 3, 3, 6, 10);
        ReadyPath besideBusy = DelaySpotter.analyze(new Dag(List.of(collapsed, other), 2, 0, 100)).readyPath();
        assertThat(besideBusy.work()).isEqualTo(50);
        assertThat(besideBusy.busyDelay()).isCloseTo(50.0, within(1e-9));
        assertThat(besideBusy.schedulerDelay()).isCloseTo(0.0, within(1e-9));

        // no inner delay: every inner strand is on the path; only the runtime gaps (40) wait
        DagNode chain = new DagNode(0, 0, 0, 100, 60, 40, NodeEnd.END, List.of(), 12, 3, 3, 6, 0);
        assertThat(DelaySpotter.analyze(new Dag(List.of(chain), 1, 0, 100)).readyPath().work()).isEqualTo(60);
    }

    @Test
    void workStretchAndLossAgainstASerialRun() {
        Dag dag = new Dag(List.of(
                strand(0, 0, 0, 10, NodeEnd.CREATE),
                strand(1, 1, 25, 35, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 0, 10, 20, NodeEnd.WAIT, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 0, 35, 40, NodeEnd.END, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))), 2, 0, 40);
        DelayReport r = DelaySpotter.analyze(dag, java.util.OptionalDouble.of(30));
        assertThat(r.workStretch().getAsDouble()).isEqualTo(5.0);
        assertThat(r.performanceLoss().getAsDouble()).isEqualTo(50.0);
        // loss = stretch + delay + no-work
        assertThat(r.performanceLoss().getAsDouble())
                .isCloseTo(r.workStretch().getAsDouble() + r.breakdown().delay() + r.breakdown().noWork(), within(1e-9));
    }
}
