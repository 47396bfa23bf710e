package io.forkscope.recorder.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The sink writes the DAG's nodes and each worker's busy intervals as the measurements hand them over. */
class RecordingSinkTest {
    /** Hands over one batch of nodes and busy intervals per flush, and what threads hold at the end. */
    static final class FakeDag implements Measurements {
        final List<Boolean> busyDrains = new ArrayList<>();
        int flushes;

        @Override
        public WholeRun snapshot(boolean isFinal) {
            return new WholeRun(WorkSpan.ZERO, 2, 2, flushes, isFinal);
        }

        @Override
        public void drainRegions(Consumer<RegionRecord> sink) {
        }

        @Override
        public void drainWarnings(Consumer<String> sink) {
        }

        @Override
        public void drainDagNodes(Consumer<List<RecordedNode>> sink, boolean isFinal) {
            if (isFinal) {
                sink.accept(List.of(new RecordedNode(1, 0, 40, 50, 10, NodeEnd.END, new long[] {0},
                        new EdgeKind[] {EdgeKind.CREATE_CONT}, 10, 1, 0, 0, 0, 1)));
            } else {
                sink.accept(List.of(new RecordedNode(0, 0, 0, 40, 30, NodeEnd.CREATE, new long[0], new EdgeKind[0],
                        20, 7, 3, 1, 2, 3)));
            }
        }

        @Override
        public void drainWorkerBusy(Consumer<WorkerBusy> sink, boolean isFinal) {
            busyDrains.add(isFinal);
            if (isFinal) {
                sink.accept(new WorkerBusy(0, "main", new long[] {30, 50}));        // what the thread still held
            } else {
                sink.accept(new WorkerBusy(0, "main", new long[] {0, 30}));
                sink.accept(new WorkerBusy(1, "pool-1-worker-1", new long[] {5, 20, 25, 35}));
            }
        }

        @Override
        public long[] dagFrame() {
            return new long[] {2, 0, 50};
        }
    }

    @Test
    void busyIntervalsOfEveryFlushEndUpInTheDag() throws Exception {
        FakeDag m = new FakeDag();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes), Map.of("mode", "dag", "unit", "time"), m, 1000);
        sink.flush();
        sink.close();
        assertThat(m.busyDrains).containsExactly(false, true);

        Recording rec = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "mem");
        assertThat(rec.complete()).isTrue();
        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::taskEnds).containsExactly(3L, 1L);
        // main's two batches [0,30) and [30,50) touch: two intervals, 50 ns busy
        assertThat(dag.busy()).containsExactly(
                new WorkerBusy(0, "main", new long[] {0, 30, 30, 50}),
                new WorkerBusy(1, "pool-1-worker-1", new long[] {5, 20, 25, 35}));
    }
}
