package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two schedules (P = 2) with readiness ties and nodes of several kinds ready at once, their delay
 * split, readiness and ready path worked out by hand tick by tick; the analysis and the brute-force
 * {@link TickByTickDelayOracle} must both give the hand values.
 */
class DelaySplitTieExamplesTest {
    private static DagNode strand(int id, int worker, long start, long end, NodeEnd ends, Edge... in) {
        return DagNode.strand(id, worker, start, end, ends, List.of(in));
    }

    /**
     * n0 [0,2) w0 forks child A = n1 [2,6) w1; its continuation n2 [2,4) w0 forks child B = n3,
     * ready at 4, run [7,8) on w1; n2's continuation n4, ready at 4, runs [6,8) on w0 and waits for
     * B; n5, after that wait, has in-edges (wait-cont from n4, end from n3), both ending at 8: a
     * tie, so the first edge, wait-cont from n4, made it ready. It runs [9,10).
     * <pre>
     * ticks   running   ready (kind)            p q r  work delay          no-work
     * [0,2)   n0        -                       1 1 0   2    0              2
     * [2,4)   n1 n2     -                       2 0 0   4    0              0
     * [4,6)   n1        n3 (create) n4 (cc)     1 1 2   2    2: create 1, create-cont 1
     * [6,7)   n4        n3 (create)             1 1 1   1    1: create 1    0
     * [7,8)   n3 n4     -                       2 0 0   2    0              0
     * [8,9)   -         n5 (wait-cont)          0 2 1   0    1: wait-cont 1 1
     * [9,10)  n5        -                       1 1 0   1    0              1
     * total                                            12    4              4
     * </pre>
     * Charging [4,6) to its first ready kind alone would give create 3, create-cont 0; taking the
     * last edge of n5's tie would give its delay to end. Ready path: n5 ← n4 ← n2 ← n0; path work
     * [0,4) + [6,8) + [9,10) = 7; waiting [4,6) (p = 1, a worker free: scheduler delay, no-work
     * max(0, 1 − 2) = 0) and [8,9) (p = 0: scheduler delay, no-work max(0, 2 − 1) = 1): scheduler
     * delay 3, no-work-sched 1, no-work-app 4 − 1 = 3.
     */
    static Dag childrenOfTwoKindsWaitTogether() {
        return new Dag(List.of(
                strand(0, 0, 0, 2, NodeEnd.CREATE),
                strand(1, 1, 2, 6, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 0, 2, 4, NodeEnd.CREATE, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 1, 7, 8, NodeEnd.END, new Edge(2, EdgeKind.CREATE)),
                strand(4, 0, 6, 8, NodeEnd.WAIT, new Edge(2, EdgeKind.CREATE_CONT)),
                strand(5, 0, 9, 10, NodeEnd.END, new Edge(4, EdgeKind.WAIT_CONT), new Edge(3, EdgeKind.END))),
                2, 0, 10);
    }

    @Test
    void aSegmentsDelayIsSharedByTheKindsOfTheNodesReadyInIt() {
        Dag dag = childrenOfTwoKindsWaitTogether();
        Map<EdgeKind, Double> byKind = Map.of(EdgeKind.CREATE, 2.0, EdgeKind.CREATE_CONT, 1.0,
                EdgeKind.WAIT_CONT, 1.0, EdgeKind.END, 0.0);
        DelayReport r = DelaySpotter.analyze(dag);
        LossBreakdown b = r.breakdown();
        TickByTickDelayOracle oracle = new TickByTickDelayOracle(dag);
        assertThat(List.of(b.work(), b.delay(), b.noWork())).containsExactly(12.0, 4.0, 4.0);
        assertThat(List.of(oracle.work, oracle.delay, oracle.noWork)).containsExactly(12L, 4L, 4L);
        for (EdgeKind k : EdgeKind.values()) {
            assertThat(b.delayByKind().get(k)).as("delay by %s", k).isEqualTo(byKind.get(k));
            assertThat(oracle.delayOf(k)).as("oracle's delay by %s", k).isEqualTo(byKind.get(k));
        }
        ReadyTimes times = ReadyTimes.of(dag);
        assertThat(times.ready(5)).isEqualTo(8);
        assertThat(times.readyBy(5)).isEqualTo(EdgeKind.WAIT_CONT);
        assertThat(times.lastPredecessor(5)).isEqualTo(4);
        assertThat(oracle.readyBy[5]).isEqualTo(EdgeKind.WAIT_CONT);
        assertThat(oracle.readyFrom[5]).isEqualTo(4);
        assertThat(new long[] {times.delay(1), times.delay(2), times.delay(3), times.delay(4), times.delay(5)})
                .containsExactly(0, 0, 3, 2, 1);

        ReadyPath path = r.readyPath();
        assertThat(path.nodes()).containsExactly(0, 2, 4, 5);
        assertThat(oracle.path).containsExactly(0, 2, 4, 5);
        assertThat(path.work()).isEqualTo(7);
        assertThat(path.busyDelay()).isEqualTo(0.0);
        assertThat(path.schedulerDelay()).isEqualTo(3.0);
        assertThat(b.noWorkSched()).isEqualTo(1.0);
        assertThat(b.noWorkApp()).isEqualTo(3.0);
        assertThat(List.of((double) oracle.pathWork, (double) oracle.busyDelay, oracle.schedulerDelay, oracle.noWorkSched))
                .containsExactly(7.0, 0.0, 3.0, 1.0);
    }

    /**
     * c0 [0,1) w0 forks A = c1, ready at 1, run [4,6) on w1; the continuation c2 [1,3) w0 forks
     * B = c3, ready at 3, run [6,8) on w1; c2's continuation c4, ready at 3, runs [4,8) on w0 and
     * waits for B. c5's in-edges are listed end (from c3) first, then wait-cont (from c4): both end
     * at 8, so end, the first listed, made it ready (list order, not the enum's). It runs [8,9).
     * <pre>
     * ticks   running   ready (kind)                 p q r  work delay                    no-work
     * [0,1)   c0        -                            1 1 0   1    0                        1
     * [1,3)   c2        c1 (create)                  1 1 1   2    2: create 2              0
     * [3,4)   -         c1, c3 (create), c4 (cc)     0 2 3   0    2: create 4/3, cc 2/3    0
     * [4,6)   c1 c4     c3 (create)                  2 0 1   4    0                        0
     * [6,8)   c3 c4     -                            2 0 0   4    0                        0
     * [8,9)   c5        -                            1 1 0   1    0                        1
     * total                                                 12    4: create 10/3, cc 2/3   2
     * </pre>
     * At [3,4) three nodes share two free workers' delay: 2/3 each, create 2 · 2/3, create-cont
     * 2/3; the whole tick to the first kind would give create 4, create-cont 0. Ready path:
     * c5 ← c3 ← c2 ← c0; path work [0,3) + [6,9) = 6; c3 waits [3,6): [3,4) with both workers free
     * is scheduler delay (no-work max(0, 2 − 3) = 0), [4,6) with both busy is busy delay 2.
     * Taking c5's last tied edge would route the path through c4 instead, which has no busy delay.
     */
    static Dag threeNodesShareTwoFreeWorkers() {
        return new Dag(List.of(
                strand(0, 0, 0, 1, NodeEnd.CREATE),
                strand(1, 1, 4, 6, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(2, 0, 1, 3, NodeEnd.CREATE, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 1, 6, 8, NodeEnd.END, new Edge(2, EdgeKind.CREATE)),
                strand(4, 0, 4, 8, NodeEnd.WAIT, new Edge(2, EdgeKind.CREATE_CONT)),
                strand(5, 0, 8, 9, NodeEnd.END, new Edge(3, EdgeKind.END), new Edge(4, EdgeKind.WAIT_CONT))),
                2, 0, 9);
    }

    @Test
    void threeReadyNodesShareTheDelayOfTwoFreeWorkersEqually() {
        Dag dag = threeNodesShareTwoFreeWorkers();
        Map<EdgeKind, Double> byKind = Map.of(EdgeKind.CREATE, 10.0 / 3, EdgeKind.CREATE_CONT, 2.0 / 3,
                EdgeKind.WAIT_CONT, 0.0, EdgeKind.END, 0.0);
        DelayReport r = DelaySpotter.analyze(dag);
        LossBreakdown b = r.breakdown();
        TickByTickDelayOracle oracle = new TickByTickDelayOracle(dag);
        assertThat(List.of(b.work(), b.delay(), b.noWork())).containsExactly(12.0, 4.0, 2.0);
        assertThat(List.of(oracle.work, oracle.delay, oracle.noWork)).containsExactly(12L, 4L, 2L);
        for (EdgeKind k : EdgeKind.values()) {
            assertThat(b.delayByKind().get(k)).as("delay by %s", k).isCloseTo(byKind.get(k), within(1e-12));
            assertThat(oracle.delayOf(k)).as("oracle's delay by %s", k).isCloseTo(byKind.get(k), within(1e-12));
        }
        ReadyTimes times = ReadyTimes.of(dag);
        assertThat(times.ready(5)).isEqualTo(8);
        assertThat(times.readyBy(5)).isEqualTo(EdgeKind.END);
        assertThat(times.lastPredecessor(5)).isEqualTo(3);
        assertThat(oracle.readyBy[5]).isEqualTo(EdgeKind.END);
        assertThat(oracle.readyFrom[5]).isEqualTo(3);
        assertThat(new long[] {times.delay(1), times.delay(2), times.delay(3), times.delay(4), times.delay(5)})
                .containsExactly(3, 0, 3, 1, 0);

        ReadyPath path = r.readyPath();
        assertThat(path.nodes()).containsExactly(0, 2, 3, 5);
        assertThat(oracle.path).containsExactly(0, 2, 3, 5);
        assertThat(path.work()).isEqualTo(6);
        assertThat(path.busyDelay()).isEqualTo(2.0);
        assertThat(path.schedulerDelay()).isEqualTo(1.0);
        assertThat(b.noWorkSched()).isEqualTo(0.0);
        assertThat(b.noWorkApp()).isEqualTo(2.0);
        assertThat(List.of((double) oracle.pathWork, (double) oracle.busyDelay, oracle.schedulerDelay, oracle.noWorkSched))
                .containsExactly(6.0, 2.0, 1.0, 0.0);
    }
}
