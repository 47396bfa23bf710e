package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Task ends and each worker's busy, idle and running time, worked out by hand. */
class WorkerUtilisationTest {
    /**
     * Frame [0,100], P = 2. main (worker 0, busy all along): A [0,10) forks B, C [10,20) forks E,
     * F [20,30) waits, D [85,100) joins. Worker 1, busy [12,50) and [55,80): B, a collapsed
     * sub-DAG [12,50) of 9 strands with work 30 in which 5 tasks ended (2 creates, 2 waits), then
     * E [55,80). Worker 2 is busy [90,120), past the frame, and runs no node.
     */
    static Dag run() {
        List<DagNode> nodes = List.of(
                DagNode.strand(0, 0, 0, 10, NodeEnd.CREATE, List.of()),
                DagNode.strand(1, 0, 10, 20, NodeEnd.CREATE, List.of(new Edge(0, EdgeKind.CREATE_CONT))),
                DagNode.strand(2, 0, 20, 30, NodeEnd.WAIT, List.of(new Edge(1, EdgeKind.CREATE_CONT))),
                new DagNode(3, 1, 12, 50, 30, 20, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE)), 9, 2, 2, 5, 0),
                DagNode.strand(4, 1, 55, 80, NodeEnd.END, List.of(new Edge(1, EdgeKind.CREATE))),
                DagNode.strand(5, 0, 85, 100, NodeEnd.END,
                        List.of(new Edge(2, EdgeKind.WAIT_CONT), new Edge(3, EdgeKind.END), new Edge(4, EdgeKind.END))));
        List<WorkerBusy> busy = List.of(
                new WorkerBusy(2, "pool-1-worker-2", new long[] {90, 120}),
                new WorkerBusy(0, "main", new long[] {0, 100}),
                new WorkerBusy(1, "pool-1-worker-1", new long[] {12, 50, 55, 80}));
        return new Dag(nodes, 2, 0, 100, busy);
    }

    @Test
    void endTaskCountsEveryTaskThatEndedInsideACollapsedNode() {
        DagStats s = DelaySpotter.analyze(run()).stats();
        // D and E end one task each, B five: 7, where counting END nodes would give 3
        assertThat(s.endTask()).isEqualTo(7);
        assertThat(s.createTask()).isEqualTo(4);   // A, C, and B's 2
        assertThat(s.waitTasks()).isEqualTo(3);    // F, and B's 2
        // every strand ends in exactly one create, wait or task end
        assertThat(s.createTask() + s.waitTasks() + s.endTask()).isEqualTo(s.nodes()).isEqualTo(14);
    }

    @Test
    void busyIdleAndRunningPerWorker() {
        List<WorkerUtilisation> u = DelaySpotter.analyze(run()).stats().perWorker();
        assertThat(u).containsExactly(
                // busy 100 of which it ran A, C, F and D (10 + 10 + 10 + 15 = 45): 55 waiting in the join
                new WorkerUtilisation(0, "main", 100, 0, 1, 45),
                // busy 38 + 25 = 63, idle [0,12) [50,55) [80,100) = 37; ran B's 30 and E's 25
                new WorkerUtilisation(1, "pool-1-worker-1", 63, 37, 2, 55),
                // busy only [90,100) inside the frame
                new WorkerUtilisation(2, "pool-1-worker-2", 10, 90, 1, 0));
        assertThat(u).extracting(WorkerUtilisation::busyNotRunning).containsExactly(55L, 8L, 10L);
    }

    /** Frame [50,100]: a strand [40,60) runs 10 of it; a collapsed node [0,100) with work 60 runs its share, 30. */
    @Test
    void nodesPartlyOutsideTheFrameCountTheirShareInside() {
        Dag dag = new Dag(List.of(
                DagNode.strand(0, 0, 40, 60, NodeEnd.END, List.of()),
                new DagNode(1, 1, 0, 100, 60, 30, NodeEnd.END, List.of(), 5, 1, 1, 3, 0)), 2, 50, 100,
                List.of(new WorkerBusy(0, "a", new long[] {40, 60}), new WorkerBusy(1, "b", new long[] {0, 100})));
        assertThat(WorkerUtilisation.of(dag)).containsExactly(
                new WorkerUtilisation(0, "a", 10, 40, 1, 10),
                new WorkerUtilisation(1, "b", 50, 0, 1, 30));
    }

    /** A worker that ran nodes but has no busy intervals (a file cut short) shows them as running while never busy. */
    @Test
    void aWorkerWithoutBusyIntervalsStillShowsItsNodes() {
        Dag dag = new Dag(List.of(DagNode.strand(0, 3, 0, 10, NodeEnd.END, List.of())), 1, 0, 20,
                List.of(new WorkerBusy(0, "main", new long[] {0, 20})));
        assertThat(WorkerUtilisation.of(dag)).containsExactly(
                new WorkerUtilisation(0, "main", 20, 0, 1, 0),
                new WorkerUtilisation(3, "", 0, 20, 0, 10));
        assertThat(WorkerUtilisation.of(dag).get(1).busyNotRunning()).isEqualTo(-10);
    }

    @Test
    void withoutBusyIntervalsThereAreNoPerWorkerFigures() {
        Dag dag = new Dag(run().nodes(), 2, 0, 100);
        assertThat(DelaySpotter.analyze(dag).stats().perWorker()).isEmpty();
        assertThat(DelaySpotter.analyze(dag).stats().endTask()).isEqualTo(7);
    }
}
