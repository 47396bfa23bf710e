package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Format 1.10: a node carries forkscope's own time on its worker before it (since the worker's
 * previous node ended) and, collapsed, between its inner strands (block 17,
 * {@link RecordingFormat.BLOCK_DAG_NODES_V7}); the assembled DAG never lets the inside time exceed
 * what its interval leaves after work and not-running time.
 */
class DagFormat110Test {
    static final long W1 = DagFormat12Test.W1;

    /**
     * A (w0, 10 ns, 3 of forkscope's before it) forks C (w1, collapsed, 28 of 40 ns run, 5 not running,
     * 9 of forkscope's before, 20 inside: capped at 40 − 28 − 5 = 7); D (w0) joins, 2 before it.
     */
    static List<RecordedNode> nodes() {
        RecordedNode a = new RecordedNode(0, 0, 0, 10, 10, NodeEnd.CREATE, new long[0], new EdgeKind[0], 10, 1, 0, 0,
                0, 0, 0, -1, List.of(), 0, 3, 0);
        RecordedNode c = new RecordedNode(W1 + 4, 1, 12, 52, 28, NodeEnd.END, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE}, 20, 5, 0, 0, 0, 1, W1, -1, List.of(), 5, 9, 20);
        RecordedNode d = new RecordedNode(1, 0, 52, 57, 5, NodeEnd.END, new long[] {W1 + 4},
                new EdgeKind[] {EdgeKind.END}, 5, 1, 0, 0, 0, 1, 1, -1, List.of(), 0, 2, 0);
        return List.of(d, c, a);
    }

    @Test
    void forkscopesOwnTimeComesBackThroughTheFileTheInsideCappedByWhatTheIntervalLeaves() throws Exception {
        byte[] file = DagFormat17Test.written(nodes());
        assertThat(DagFormat12Test.blockTypes(file)).contains(RecordingFormat.BLOCK_DAG_NODES_V7)
                .doesNotContain(RecordingFormat.BLOCK_DAG_NODES_V5);
        Dag dag = DagFormat12Test.read(file).recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::recorderBefore).containsExactly(3L, 9L, 2L);
        assertThat(dag.nodes()).extracting(DagNode::recorderInside).containsExactly(0L, 7L, 0L);
        assertThat(dag.nodes()).extracting(DagNode::notRunning).containsExactly(0L, 5L, 0L);
    }

    @Test
    void aNodeOfAnOlderBlockReadsAsZero() throws Exception {
        Dag dag = DagFormat12Test.read(DagFormat17Test.written(DagFormat19Test.nodes())).recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::recorderBefore).containsOnly(0L);
        assertThat(dag.nodes()).extracting(DagNode::recorderInside).containsOnly(0L);
    }

    @Test
    void aNegativeTimeIsRefused() {
        assertThatThrownBy(() -> new RecordedNode(0, 0, 0, 10, 6, NodeEnd.CREATE, new long[0], new EdgeKind[0], 6, 1,
                0, 0, 0, 0, 0, -1, List.of(), 0, -1, 0)).hasMessageContaining("forkscope's own");
        assertThatThrownBy(() -> new RecordedNode(0, 0, 0, 10, 6, NodeEnd.CREATE, new long[0], new EdgeKind[0], 6, 1,
                0, 0, 0, 0, 0, -1, List.of(), 0, 0, -1)).hasMessageContaining("forkscope's own");
    }
}
