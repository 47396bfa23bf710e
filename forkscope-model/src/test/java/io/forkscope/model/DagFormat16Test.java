package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Format 1.6: each DAG node carries its call site (block 13, {@link RecordingFormat#BLOCK_DAG_NODES_V3});
 * the node blocks of older files (6 and 8) still read, their nodes in no site (-1).
 */
class DagFormat16Test {
    static final long W1 = DagFormat12Test.W1;

    /** A (w0, site -1) forks; C (w1) a collapsed node in site 7; D (w0, site 0) joins. */
    static List<RecordedNode> nodes() {
        RecordedNode a = new RecordedNode(0, 0, 0, 10, 10, NodeEnd.CREATE, new long[0], new EdgeKind[0], 10, 1, 0, 0,
                0, 0, 0, -1);
        RecordedNode c = new RecordedNode(W1 + 4, 1, 12, 40, 25, NodeEnd.END, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE}, 20, 9, 4, 0, 3, 5, W1, 7);
        RecordedNode d = new RecordedNode(1, 0, 40, 45, 5, NodeEnd.END, new long[] {W1 + 2},
                new EdgeKind[] {EdgeKind.END}, 5, 1, 0, 0, 0, 1, 1, 0);
        return List.of(d, c, a);
    }

    @Test
    void everyNodesSiteComesBackThroughTheFileAndTheAssembledDag() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.dagNodes(nodes());
        w.dagRun(2, 0, 45);
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 2, 3, true));
        w.endOfRecording();
        byte[] file = bytes.toByteArray();
        assertThat(new int[] {file[8] << 8 | file[9], file[10] << 8 | file[11]}).containsExactly(1, RecordingFormat.MINOR);
        assertThat(DagFormat12Test.blockTypes(file)).contains(RecordingFormat.BLOCK_DAG_NODES_V7)
                .doesNotContain(RecordingFormat.BLOCK_DAG_NODES, RecordingFormat.BLOCK_DAG_NODES_V2);

        Recording rec = DagFormat12Test.read(file);
        assertThat(rec.warnings()).isEmpty();
        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::start).containsExactly(0L, 12L, 40L);
        assertThat(dag.nodes()).extracting(DagNode::site).containsExactly(-1, 7, 0);
        DagNode c = dag.nodes().get(1);
        assertThat(List.of(c.span(), c.strands(), c.creates(), c.taskEnds(), c.innerDelay()))
                .containsExactly(20L, 9L, 4L, 5L, 3L);
        assertThat(dag.nodes().get(2).in()).hasSize(1);   // D's edge names an id inside C: C
    }

    /** A node block as forkscope 1.2 to 1.5 wrote it (block 8, no site): its nodes are in no site. */
    @Test
    void aV2NodeBlockReadsWithNoSites() throws Exception {
        ByteArrayOutputStream bytes = DagFormat12Test.start();
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        DataOutputStream p = new DataOutputStream(payload);
        p.writeInt(2);
        // a strand that forks: id 0, worker 0, [0,10), work 10, CREATE, no edges
        p.writeLong(0);
        p.writeInt(0);
        p.writeLong(0);
        p.writeLong(10);
        p.writeLong(10);
        p.writeByte(NodeEnd.CREATE.ordinal());
        p.writeShort(0);
        for (long v : new long[] {10, 1, 0, 0, 0, 0, 0}) {     // span strands creates waits delay taskEnds firstId
            p.writeLong(v);
        }
        // a collapsed node of 6 strands on worker 1, [10,30), work 18, created by node 0
        p.writeLong(W1 + 5);
        p.writeInt(1);
        p.writeLong(10);
        p.writeLong(30);
        p.writeLong(18);
        p.writeByte(NodeEnd.END.ordinal());
        p.writeShort(1);
        p.writeLong(0);
        p.writeByte(EdgeKind.CREATE.ordinal());
        for (long v : new long[] {12, 6, 2, 2, 1, 3, W1}) {
            p.writeLong(v);
        }
        bytes.write(DagFormat12Test.frame(RecordingFormat.BLOCK_DAG_NODES_V2, payload.toByteArray()));
        bytes.write(DagFormat12Test.tail());
        byte[] file = bytes.toByteArray();
        file[11] = 5;   // minor version 5

        Recording rec = DagFormat12Test.read(file);
        assertThat(rec.warnings()).isEmpty();
        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::site).containsExactly(-1, -1);
        assertThat(dag.nodes()).extracting(DagNode::taskEnds).containsExactly(0L, 3L);
        assertThat(dag.nodes().get(1).strands()).isEqualTo(6);
    }

    /** A V3 node with a site below -1 is damaged: the reader refuses the file, as for any impossible node. */
    @Test
    void aSiteBelowMinusOneIsDamage() throws Exception {
        ByteArrayOutputStream bytes = DagFormat12Test.start();
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        DataOutputStream p = new DataOutputStream(payload);
        p.writeInt(1);
        p.writeLong(0);
        p.writeInt(0);
        p.writeLong(0);
        p.writeLong(10);
        p.writeLong(10);
        p.writeByte(NodeEnd.END.ordinal());
        p.writeShort(0);
        for (long v : new long[] {10, 1, 0, 0, 0, 1, 0}) {
            p.writeLong(v);
        }
        p.writeInt(-2);
        bytes.write(DagFormat12Test.frame(RecordingFormat.BLOCK_DAG_NODES_V3, payload.toByteArray()));
        bytes.write(DagFormat12Test.tail());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DagFormat12Test.read(bytes.toByteArray()))
                .hasMessageContaining("site -2");
    }
}
