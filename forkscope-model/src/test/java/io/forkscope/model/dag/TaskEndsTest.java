package io.forkscope.model.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A strand ends one task when it ends with END; a collapsed node carries its count through assembly. */
class TaskEndsTest {
    @Test
    void aStrandEndsATaskOnlyWhenItEndsWithEnd() {
        assertThat(DagNode.strand(0, 0, 0, 1, NodeEnd.END, List.of()).taskEnds()).isEqualTo(1);
        assertThat(DagNode.strand(0, 0, 0, 1, NodeEnd.CREATE, List.of()).taskEnds()).isZero();
        assertThat(DagNode.strand(0, 0, 0, 1, NodeEnd.WAIT, List.of()).taskEnds()).isZero();
        assertThat(new RecordedNode(0, 0, 0, 1, 1, NodeEnd.END, new long[0], new EdgeKind[0]).taskEnds()).isEqualTo(1);
        assertThat(new RecordedNode(0, 0, 0, 1, 1, NodeEnd.WAIT, new long[0], new EdgeKind[0]).taskEnds()).isZero();
        // without a count (the 13-argument form), a collapsed node is taken for one task end
        assertThat(new RecordedNode(0, 0, 0, 9, 8, NodeEnd.END, new long[0], new EdgeKind[0], 5, 6, 2, 1, 0).taskEnds())
                .isEqualTo(1);
        assertThatThrownBy(() -> new DagNode(0, 0, 0, 1, 1, 1, NodeEnd.END, List.of(), 1, 0, 0, -1, 0))
                .hasMessageContaining("negative");
    }

    @Test
    void theAssemblerKeepsEachNodesCount() {
        RecordedNode collapsed = new RecordedNode(5, 0, 0, 30, 25, NodeEnd.END, new long[0], new EdgeKind[0], 20, 9, 4,
                0, 3, 5);
        RecordedNode after = new RecordedNode(6, 0, 30, 40, 10, NodeEnd.WAIT, new long[] {5},
                new EdgeKind[] {EdgeKind.WAIT_CONT});
        WorkerBusy busy = new WorkerBusy(0, "main", new long[] {0, 40});
        Dag dag = DagAssembler.assemble(List.of(after, collapsed), List.of(busy), 1, 0, 40).dag();
        assertThat(dag.nodes()).extracting(DagNode::taskEnds).containsExactly(5L, 0L);
        assertThat(dag.busy()).containsExactly(busy);
    }

    @Test
    void aDagHoldsOneBusyListPerWorkerOrderedByWorker() {
        WorkerBusy w0 = new WorkerBusy(0, "main", new long[] {0, 4});
        WorkerBusy w3 = new WorkerBusy(3, "pool-3", new long[] {1, 2});
        assertThat(new Dag(List.of(), 1, 0, 4, List.of(w3, w0)).busy()).containsExactly(w0, w3);
        assertThat(new Dag(List.of(), 1, 0, 4).busy()).isEmpty();
        assertThatThrownBy(() -> new Dag(List.of(), 1, 0, 4, List.of(w0, new WorkerBusy(0, "main", new long[0]))))
                .hasMessageContaining("worker 0 has two");
    }
}
