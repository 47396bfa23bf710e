package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Format 1.7: the first node of a task carries its site path (block 14,
 * {@link RecordingFormat#BLOCK_DAG_NODES_V4}): the call sites open in its creator's task down to the
 * create; older node blocks read with empty paths ({@link DagFormat16Test}).
 */
class DagFormat17Test {
    static final long W1 = DagFormat12Test.W1;

    /** A (w0) forks C (w1, created under the calls at sites 3 then 5, forked at site 7); D (w0) joins. */
    static List<RecordedNode> nodes() {
        RecordedNode a = new RecordedNode(0, 0, 0, 10, 10, NodeEnd.CREATE, new long[0], new EdgeKind[0], 10, 1, 0, 0,
                0, 0, 0, -1);
        RecordedNode c = new RecordedNode(W1, 1, 12, 40, 28, NodeEnd.END, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE}, 28, 1, 0, 0, 0, 1, W1, 7, List.of(3, 5));
        RecordedNode d = new RecordedNode(1, 0, 40, 45, 5, NodeEnd.END, new long[] {W1},
                new EdgeKind[] {EdgeKind.END}, 5, 1, 0, 0, 0, 1, 1, 3);
        return List.of(d, c, a);
    }

    static byte[] written(List<RecordedNode> nodes) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.dagNodes(nodes);
        w.dagRun(2, 0, 45);
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 2, 3, true));
        w.endOfRecording();
        return bytes.toByteArray();
    }

    @Test
    void aTasksSitePathComesBackThroughTheFileAndTheAssembledDag() throws Exception {
        byte[] file = written(nodes());
        assertThat(new int[] {file[8] << 8 | file[9], file[10] << 8 | file[11]}).containsExactly(1, RecordingFormat.MINOR);
        assertThat(DagFormat12Test.blockTypes(file)).contains(RecordingFormat.BLOCK_DAG_NODES_V7)
                .doesNotContain(RecordingFormat.BLOCK_DAG_NODES_V3);
        Dag dag = DagFormat12Test.read(file).recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::site).containsExactly(-1, 7, 3);
        assertThat(dag.nodes()).extracting(DagNode::sitePath)
                .containsExactly(List.of(), List.of(3, 5), List.of());
    }

    @Test
    void aNegativeSiteOnAPathIsRefused() {
        assertThatThrownBy(() -> new RecordedNode(W1, 1, 12, 40, 28, NodeEnd.END, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE}, 28, 1, 0, 0, 0, 1, W1, 7, List.of(3, -1)))
                .hasMessageContaining("site -1 on its site path");
    }
}
