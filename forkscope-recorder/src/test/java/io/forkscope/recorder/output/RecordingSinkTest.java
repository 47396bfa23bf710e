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
    static class FakeDag implements Measurements {
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

    /** Measurements that log what the sink asks of them, in order. */
    static final class Logged extends FakeDag {
        final List<String> log;

        Logged(List<String> log) {
            this.log = log;
        }

        @Override
        public WholeRun snapshot(boolean isFinal) {
            log.add("snapshot " + isFinal);
            return super.snapshot(isFinal);
        }

        @Override
        public void drainRegions(Consumer<RegionRecord> sink) {
            log.add("regions");
        }

        @Override
        public void drainWarnings(Consumer<String> sink) {
            log.add("warnings");
        }

        @Override
        public void drainDagNodes(Consumer<List<RecordedNode>> sink, boolean isFinal) {
            log.add("nodes " + isFinal);
            super.drainDagNodes(sink, isFinal);
        }

        @Override
        public void drainWorkerBusy(Consumer<WorkerBusy> sink, boolean isFinal) {
            log.add("busy " + isFinal);
            super.drainWorkerBusy(sink, isFinal);
        }

        @Override
        public void runEndedBy(String signal) {
            log.add("ended by " + signal);
        }

        @Override
        public List<String> closingWarnings() {
            log.add("closing warnings");
            return List.of("late");
        }
    }

    /** Block types of a recording, in file order. */
    static List<Integer> blockTypes(byte[] file) throws Exception {
        java.io.DataInputStream in = new java.io.DataInputStream(new ByteArrayInputStream(file));
        in.skipNBytes(12);
        List<Integer> types = new ArrayList<>();
        for (int t; (t = in.read()) >= 0; ) {
            types.add(t);
            in.skipNBytes(in.readInt() + 4L);
        }
        return types;
    }

    @Test
    void theEndStopsTheHooksDrainsEverythingThenWritesTheSnapshotAndTheEndBlock() throws Exception {
        List<String> log = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes), Map.of("mode", "dag", "unit", "time"),
                new Logged(log), 1000);
        sink.stopHooksOnClose(() -> log.add("hooks off"));
        log.clear();
        sink.close();
        assertThat(log).containsExactly("hooks off", "regions", "warnings", "nodes true", "busy true",
                "regions", "warnings", "closing warnings", "snapshot true");
        int info = io.forkscope.model.RecordingFormat.BLOCK_INFO;
        int whole = io.forkscope.model.RecordingFormat.BLOCK_WHOLE_RUN;
        assertThat(blockTypes(bytes.toByteArray())).containsExactly(info, whole,
                io.forkscope.model.RecordingFormat.BLOCK_DAG_NODES_V7, io.forkscope.model.RecordingFormat.BLOCK_DAG_BUSY,
                io.forkscope.model.RecordingFormat.BLOCK_DAG_RUN, io.forkscope.model.RecordingFormat.BLOCK_WARNING,
                whole, io.forkscope.model.RecordingFormat.BLOCK_END);
    }

    /** A signal that ended the run is said first at the close: to the measurements, and in an information block. */
    @Test
    void aRunEndedByASignalIsClosedAndSaysWhichFirst() throws Exception {
        List<String> log = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes), Map.of("mode", "dag", "unit", "time"),
                new Logged(log), 1000);
        sink.endedBy(() -> "SIGTERM");
        log.clear();
        sink.close();
        assertThat(log).containsExactly("ended by SIGTERM", "regions", "warnings", "nodes true", "busy true",
                "regions", "warnings", "closing warnings", "snapshot true");
        assertThat(blockTypes(bytes.toByteArray())).containsSubsequence(io.forkscope.model.RecordingFormat.BLOCK_INFO,
                io.forkscope.model.RecordingFormat.BLOCK_WHOLE_RUN, io.forkscope.model.RecordingFormat.BLOCK_INFO,
                io.forkscope.model.RecordingFormat.BLOCK_DAG_NODES_V7);
        Recording rec = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "mem");
        assertThat(rec.ended()).isTrue();
        assertThat(rec.complete()).isFalse();
        assertThat(rec.endedBy()).contains("SIGTERM");
        assertThat(rec.incompleteCause()).contains("its run was ended by SIGTERM");
        assertThat(rec.warnings().get(0)).isEqualTo("mem: the run was ended by SIGTERM before the program finished;"
                + " the numbers cover it up to then");

        // no signal: nothing said, complete
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        RecordingSink normal = new RecordingSink(new RecordingWriter(plain), Map.of("mode", "dag", "unit", "time"),
                new Logged(new ArrayList<>()), 1000);
        normal.endedBy(() -> null);
        normal.close();
        assertThat(RecordingReader.read(new ByteArrayInputStream(plain.toByteArray()), "mem").complete()).isTrue();
    }

    @Test
    void afterAFailureTheSinkAsksTheMeasurementsForNothingButQueuesAndWritesTheFailure() throws Exception {
        List<String> log = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes),
                Map.of("mode", "dag", "unit", "time", "start.epoch.ms", "0"), new Logged(log), 1000);
        sink.flush();
        log.clear();
        sink.recorderFailed(new IllegalStateException("broken engine"));
        sink.recorderFailed(new IllegalStateException("a later one"));
        sink.flush();
        sink.close();
        assertThat(log).containsExactly("regions", "warnings", "regions", "warnings");
        assertThat(blockTypes(bytes.toByteArray()).subList(2, 7)).containsExactly(
                io.forkscope.model.RecordingFormat.BLOCK_DAG_NODES_V7, io.forkscope.model.RecordingFormat.BLOCK_DAG_BUSY,
                io.forkscope.model.RecordingFormat.BLOCK_DAG_BUSY, io.forkscope.model.RecordingFormat.BLOCK_DAG_RUN,
                io.forkscope.model.RecordingFormat.BLOCK_WHOLE_RUN);
        assertThat(blockTypes(bytes.toByteArray()).subList(7, 9)).containsExactly(
                io.forkscope.model.RecordingFormat.BLOCK_FAILURE, io.forkscope.model.RecordingFormat.BLOCK_END);

        Recording rec = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "mem");
        assertThat(rec.ended()).isTrue();
        assertThat(rec.complete()).isFalse();
        assertThat(rec.recorderFailure().orElseThrow().text()).isEqualTo("java.lang.IllegalStateException: broken engine");
        assertThat(rec.wholeRun().isFinal()).isFalse();
        assertThat(rec.warnings().get(0)).startsWith("mem: the recorder failed internally");
    }

    @Test
    void aWriteThatFailsMidwayLeavesNoEndBlock() throws Exception {
        for (int room = 40; room < 700; room += 7) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            int limit = room;
            java.io.OutputStream failing = new java.io.OutputStream() {
                @Override public void write(int b) throws java.io.IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override public void write(byte[] b, int off, int len) throws java.io.IOException {
                    if (bytes.size() + len > limit) {
                        throw new java.io.IOException("disk full");
                    }
                    bytes.write(b, off, len);
                }
            };
            RecordingSink sink;
            try {
                sink = new RecordingSink(new RecordingWriter(failing), Map.of("mode", "dag", "unit", "time"),
                        new Logged(new ArrayList<>()), 1000);
            } catch (java.io.IOException e) {
                continue;   // not even the first blocks fit
            }
            java.io.PrintStream saved = System.err;
            System.setErr(new java.io.PrintStream(new ByteArrayOutputStream(), true));
            try {
                sink.close();
            } finally {
                System.setErr(saved);
            }
            List<Integer> types = blockTypes(bytes.toByteArray());
            boolean full = types.size() == 8;
            assertThat(types.contains(io.forkscope.model.RecordingFormat.BLOCK_END)).as("room %d", room).isEqualTo(full);
        }
    }
}
