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

/**
 * Not-running time (issue 20 item 4), worked out by hand (P = 2): a strand whose thread another
 * process preempted holds its slot; that time is the machine's, neither work nor the runtime's delay,
 * and a node that waits beside it waits for a busy slot, not for the scheduler.
 */
class HandBuiltNotRunningTest {
    static DagNode strand(int id, int worker, long start, long end, long work, long notRunning, NodeEnd ends,
                          Edge... in) {
        return new DagNode(id, worker, start, end, work, work, ends, List.of(in), 1, 0, 0,
                ends == NodeEnd.END ? 1 : 0, 0, -1, List.of(), notRunning);
    }

    /**
     * X [0,10) w0 forks Y; X2 [10,20) w0 forks R; X3 [20,110) w0. Y runs on w1 [10,110) but its
     * thread ran only 40 of those 100 ns (60 preempted). R, ready at 20, waits for w1 until 110 and
     * runs [110,130); J [130,140) w0 joins all. Profile: [0,10) 1 runs; [10,110) 1.4 run and 0.6 is
     * not running (both slots held); [110,130) 1 runs; [130,140) 1 runs. So work 10 + 14 + 126 + 20
     * + 10 = 180 = T1, not running 60, delay 0 (R waited, but no slot was free), no-work 10 + 20 + 10
     * = 40; 280 = 2 × 140. The ready path X, X2, R, J: work 50 and R's wait of 90 busy delay.
     */
    static Dag preemptedBesideAReadyNode(long yNotRunning) {
        return new Dag(List.of(
                strand(0, 0, 0, 10, 10, 0, NodeEnd.CREATE),
                strand(1, 1, 10, 110, 40, yNotRunning, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 0, 10, 20, 10, 0, NodeEnd.CREATE, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 0, 20, 110, 90, 0, NodeEnd.WAIT, new Edge(2, EdgeKind.CREATE_CONT)),
                strand(4, 1, 110, 130, 20, 0, NodeEnd.END, new Edge(2, EdgeKind.CREATE)),
                strand(5, 0, 130, 140, 10, 0, NodeEnd.END, new Edge(3, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END),
                        new Edge(4, EdgeKind.END))), 2, 0, 140);
    }

    @Test
    void aPreemptedStrandsSlotIsNotRunningTimeAndTheNodeBesideItWaitsForABusySlot() {
        DelayReport r = DelaySpotter.analyze(preemptedBesideAReadyNode(60));
        LossBreakdown b = r.breakdown();
        assertThat(b.work()).isCloseTo(180.0, within(1e-9));
        assertThat(b.notRunning()).isCloseTo(60.0, within(1e-9));
        assertThat(b.delay()).isCloseTo(0.0, within(1e-9));
        assertThat(b.noWork()).isCloseTo(40.0, within(1e-9));
        assertThat(b.total()).isCloseTo(280.0, within(1e-9));
        assertThat(r.readyPath().nodes()).containsExactly(0, 2, 4, 5);
        assertThat(r.readyPath().work()).isEqualTo(50);
        assertThat(r.readyPath().busyDelay()).isCloseTo(90.0, within(1e-9));
        assertThat(r.readyPath().schedulerDelay()).isCloseTo(0.0, within(1e-9));
        assertThat(r.readyPath().notRunning()).isZero();
    }

    /**
     * The same run recorded without not-running times (a file before format 1.9): the 60 ns are
     * delay where R was ready (a slot ran nothing beside it) and no-work before; R's wait on the
     * ready path is still busy delay: Y's worker was inside Y, free for nothing else.
     */
    @Test
    void withoutTheRecordTheSameTimeIsDelayAndTheSchedulersFault() {
        DelayReport r = DelaySpotter.analyze(preemptedBesideAReadyNode(0));
        LossBreakdown b = r.breakdown();
        assertThat(b.work()).isCloseTo(180.0, within(1e-9));
        assertThat(b.notRunning()).isZero();
        assertThat(b.delay()).isCloseTo(54.0, within(1e-9));   // [20,110) × 0.6: R was ready then
        assertThat(b.noWork()).isCloseTo(46.0, within(1e-9));   // and [10,20) × 0.6 nothing was
        assertThat(r.readyPath().busyDelay()).isCloseTo(90.0, within(1e-9));
        assertThat(r.readyPath().schedulerDelay()).isCloseTo(0.0, within(1e-9));
    }

    /** On the ready path: a path node's not-running time is the path's, not a wait. */
    @Test
    void aPathNodesNotRunningTimeIsThePaths() {
        // J joins only Y: the path is X, Y, J; Y ran 40 of its 100 ns
        Dag dag = new Dag(List.of(
                strand(0, 0, 0, 10, 10, 0, NodeEnd.CREATE),
                strand(1, 1, 10, 110, 40, 60, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 0, 10, 20, 10, 0, NodeEnd.WAIT, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 0, 110, 120, 10, 0, NodeEnd.END, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))),
                2, 0, 120);
        ReadyPath path = DelaySpotter.analyze(dag).readyPath();
        assertThat(path.nodes()).containsExactly(0, 1, 3);
        assertThat(path.work()).isEqualTo(60);
        assertThat(path.notRunning()).isCloseTo(60.0, within(1e-9));
        assertThat(path.busyDelay() + path.schedulerDelay()).isCloseTo(0.0, within(1e-9));
        assertThat(path.length()).isCloseTo(120.0, within(1e-9));
    }
}
