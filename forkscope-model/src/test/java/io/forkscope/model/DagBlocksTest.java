package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DAG blocks (format 1.1): written in any batch order, read back as a numbered, ordered DAG. */
class DagBlocksTest {
    static RecordedNode node(long id, int worker, long start, long end, NodeEnd ends, long[] from, EdgeKind... kinds) {
        return new RecordedNode(id, worker, start, end, end - start, ends, from, kinds);
    }

    @Test
    void nodesComeBackInDependencyOrderWithDenseIds() throws Exception {
        long w0 = 0;
        long w1 = 1L << 40;
        // A (w0) forks B (w1); C continues on w0 and waits; D joins B — written in a scrambled order
        RecordedNode a = node(w0, 0, 0, 10, NodeEnd.CREATE, new long[0]);
        RecordedNode b = node(w1, 1, 25, 35, NodeEnd.END, new long[] {w0}, EdgeKind.CREATE);
        RecordedNode c = node(w0 + 1, 0, 10, 20, NodeEnd.WAIT, new long[] {w0}, EdgeKind.CREATE_CONT);
        RecordedNode d = node(w0 + 2, 0, 35, 40, NodeEnd.END, new long[] {w0 + 1, w1, 999}, EdgeKind.WAIT_CONT,
                EdgeKind.END, EdgeKind.END);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.dagNodes(List.of(d, b));
        w.dagNodes(List.of(c, a));
        w.dagRun(2, 0, 40);
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 2, 2, true));
        w.endOfRecording();
        Recording rec = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "d.fsk");

        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.workers()).isEqualTo(2);
        assertThat(dag.begin()).isZero();
        assertThat(dag.finish()).isEqualTo(40);
        assertThat(dag.nodes()).extracting(DagNode::start).containsExactly(0L, 10L, 25L, 35L);
        assertThat(dag.nodes().get(3).in()).containsExactly(new Edge(1, EdgeKind.WAIT_CONT), new Edge(2, EdgeKind.END));
        assertThat(dag.nodes().get(2).in()).containsExactly(new Edge(0, EdgeKind.CREATE));
        assertThat(rec.warnings()).singleElement().asString().contains("1 DAG edge(s) name nodes the file does not hold");
    }

    @Test
    void aRecordingWithoutDagBlocksHasNoDag() throws Exception {
        Recording rec = RecordingReader.read(new ByteArrayInputStream(RecordingFileTest.sample(true)), "x.fsk");
        assertThat(rec.recordedDag()).isEmpty();
    }
}
