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
 * Format 1.9: a node carries the time its thread was not running inside its strands (block 16,
 * {@link RecordingFormat#BLOCK_DAG_NODES_V5}); older node blocks read as 0 ({@link DagFormat17Test}'s
 * file is read by the same reader), and the assembled DAG never lets it exceed end − start − work.
 */
class DagFormat19Test {
    static final long W1 = DagFormat12Test.W1;

    /** A (w0, 10 ns of which 4 not running) forks C (w1, 28 of 40 ns run, 12 not running, capped at 12); D joins. */
    static List<RecordedNode> nodes() {
        RecordedNode a = new RecordedNode(0, 0, 0, 10, 6, NodeEnd.CREATE, new long[0], new EdgeKind[0], 6, 1, 0, 0,
                0, 0, 0, -1, List.of(), 4);
        RecordedNode c = new RecordedNode(W1, 1, 12, 52, 28, NodeEnd.END, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE}, 28, 1, 0, 0, 0, 1, W1, 7, List.of(3), 15);
        RecordedNode d = new RecordedNode(1, 0, 52, 57, 5, NodeEnd.END, new long[] {W1},
                new EdgeKind[] {EdgeKind.END}, 5, 1, 0, 0, 0, 1, 1, 3, List.of(), 0);
        return List.of(d, c, a);
    }

    @Test
    void eachNodesNotRunningTimeComesBackThroughTheFileCappedByItsIdleLength() throws Exception {
        byte[] file = DagFormat17Test.written(nodes());
        assertThat(DagFormat12Test.blockTypes(file)).contains(RecordingFormat.BLOCK_DAG_NODES_V7)
                .doesNotContain(RecordingFormat.BLOCK_DAG_NODES_V4);
        Dag dag = DagFormat12Test.read(file).recordedDag().orElseThrow();
        // C ran 28 of its 40 ns: at most 12 of them can be not running, whatever the recorder said
        assertThat(dag.nodes()).extracting(DagNode::notRunning).containsExactly(4L, 12L, 0L);
        assertThat(dag.nodes()).extracting(DagNode::sitePath).containsExactly(List.of(), List.of(3), List.of());
    }

    @Test
    void aNodeWithoutItReadsAsZero() throws Exception {
        Dag dag = DagFormat12Test.read(DagFormat17Test.written(DagFormat17Test.nodes())).recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::notRunning).containsOnly(0L);
    }

    @Test
    void aNegativeNotRunningTimeIsRefused() {
        assertThatThrownBy(() -> new RecordedNode(0, 0, 0, 10, 6, NodeEnd.CREATE, new long[0], new EdgeKind[0], 6, 1,
                0, 0, 0, 0, 0, -1, List.of(), -1)).hasMessageContaining("negative not-running time");
    }
}
