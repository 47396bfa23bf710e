package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A DAG recorded with a budget that was reached: the reader analyses the window [begin, W), drops a
 * node that started at or after W even if the recorder wrote it (batches arrive late), keeps whole a
 * node that started before W and ended after, ends the frame at W, and says so in one warning that
 * names the file, the window and the budget.
 */
class DagWindowTest {
    static final long W1 = 1L << 40;

    @Test
    void theFrameEndsAtTheWindowAndNodesThatStartedAfterItAreDropped() throws Exception {
        RecordedNode a = new RecordedNode(0, 0, 100, 200, 100, NodeEnd.CREATE, new long[0], new EdgeKind[0]);
        RecordedNode b = new RecordedNode(W1, 1, 210, 400, 190, NodeEnd.END, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE});                                // straddles W = 300: kept whole
        RecordedNode c = new RecordedNode(1, 0, 250, 290, 40, NodeEnd.WAIT, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE_CONT});
        RecordedNode d = new RecordedNode(2, 0, 400, 450, 50, NodeEnd.END, new long[] {1, W1},
                new EdgeKind[] {EdgeKind.WAIT_CONT, EdgeKind.END});               // started after W: dropped
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.dagNodes(List.of(a, c, d, b));
        w.dagRun(2, 100, 1100);
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 2, 3, true));
        w.info(Map.of(RecordingInfo.DAG_MAX_NODES, "3", RecordingInfo.DAG_WINDOW_END_NS, "300",
                RecordingInfo.DAG_DROPPED_NODES, "7"));
        w.endOfRecording();
        Recording rec = DagFormat12Test.read(bytes.toByteArray());

        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::start).containsExactly(100L, 250L, 210L);   // in end order
        assertThat(dag.nodes()).extracting(DagNode::end).containsExactly(200L, 290L, 400L);
        assertThat(dag.begin()).isEqualTo(100);
        assertThat(dag.finish()).isEqualTo(300);
        assertThat(rec.warnings()).containsExactly("d.fsk: the DAG covers the run's first 200 ns of 1,000 ns (20%; the"
                + " recorder's budget of 3 nodes (or 12 busy intervals) was reached; 7 later nodes were left out; record with --dag-max-nodes 0"
                + " for the whole run): the commands that read the DAG (delays, profile, export, compare, predict) analyse"
                + " that window; summary's work, span"
                + " and parallelism cover the whole run");
    }

    @Test
    void aWindowThatEndsBeforeTheFrameBeginsLeavesAnEmptyFrameNotAnError() {
        Dag dag = new Dag(List.of(DagNode.strand(0, 0, 50, 60, NodeEnd.END, List.of())), 1, 50, 90);
        assertThat(DagWindow.cut(dag, 10).finish()).isEqualTo(50);
        assertThat(DagWindow.cut(dag, 70).finish()).isEqualTo(70);
        assertThat(DagWindow.cut(dag, 500).finish()).isEqualTo(90);
    }
}
