package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** Format 1.2: task ends per DAG node (block 8) and each worker's busy intervals (block 9); 1.1's block 6 still reads. */
class DagFormat12Test {
    static final long W1 = 1L << 40;

    /** A (w0) forks; C (w1) is a collapsed sub-DAG of 9 strands in which 5 tasks ended; D (w0) joins. */
    static List<RecordedNode> nodes() {
        RecordedNode a = new RecordedNode(0, 0, 0, 10, 10, NodeEnd.CREATE, new long[0], new EdgeKind[0]);
        RecordedNode c = new RecordedNode(W1, 1, 12, 40, 25, NodeEnd.END, new long[] {0},
                new EdgeKind[] {EdgeKind.CREATE}, 20, 9, 4, 0, 3, 5);
        RecordedNode d = new RecordedNode(1, 0, 40, 45, 5, NodeEnd.END, new long[] {W1}, new EdgeKind[] {EdgeKind.END});
        return List.of(d, c, a);
    }

    static ByteArrayOutputStream start() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        return bytes;
    }

    static Recording read(byte[] bytes) throws Exception {
        return RecordingReader.read(new ByteArrayInputStream(bytes), "d.fsk");
    }

    static byte[] written() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.dagNodes(nodes());
        // worker 1 hands over two batches, the later one first and overlapping the earlier
        w.workerBusy(new WorkerBusy(1, "ForkJoinPool-1-worker-1", new long[] {30, 44}));
        w.workerBusy(new WorkerBusy(0, "main", new long[] {0, 45}));
        w.workerBusy(new WorkerBusy(1, "ForkJoinPool-1-worker-1", new long[] {11, 25, 28, 41}));
        w.workerBusy(new WorkerBusy(2, "ForkJoinPool-1-worker-2", new long[0]));
        w.dagRun(2, 0, 45);
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 3, 3, true));
        w.endOfRecording();
        return bytes.toByteArray();
    }

    @Test
    void taskEndsAndBusyIntervalsComeBack() throws Exception {
        Recording rec = read(written());
        assertThat(rec.warnings()).isEmpty();
        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::start).containsExactly(0L, 12L, 40L);
        assertThat(dag.nodes()).extracting(DagNode::taskEnds).containsExactly(0L, 5L, 1L);
        DagNode c = dag.nodes().get(1);
        assertThat(List.of(c.span(), c.strands(), c.creates(), c.waits(), c.innerDelay())).containsExactly(20L, 9L, 4L, 0L, 3L);

        assertThat(dag.busy()).containsExactly(
                new WorkerBusy(0, "main", new long[] {0, 45}),
                new WorkerBusy(1, "ForkJoinPool-1-worker-1", new long[] {11, 25, 28, 44}),
                new WorkerBusy(2, "ForkJoinPool-1-worker-2", new long[0]));
        assertThat(dag.busyOf(1)).contains(dag.busy().get(1));
        assertThat(dag.busyOf(7)).isEmpty();
    }

    @Test
    void writesFormat12WithOnlyTheNewNodeBlock() throws Exception {
        byte[] bytes = written();
        assertThat(new int[] {bytes[8] << 8 | bytes[9], bytes[10] << 8 | bytes[11]}).containsExactly(1, RecordingFormat.MINOR);
        List<Integer> types = blockTypes(bytes);
        assertThat(types).contains(RecordingFormat.BLOCK_DAG_NODES_V7, RecordingFormat.BLOCK_DAG_BUSY)
                .doesNotContain(RecordingFormat.BLOCK_DAG_NODES, RecordingFormat.BLOCK_DAG_NODES_V2, RecordingFormat.BLOCK_DAG_NODES_V3,
                        RecordingFormat.BLOCK_DAG_NODES_V4);
        assertThat(types.stream().filter(t -> t == RecordingFormat.BLOCK_DAG_BUSY)).hasSize(4);
    }

    /** A file as forkscope 1.1 wrote it: block 6 has no task ends; an END node counts 1, any other 0. */
    @Test
    void readsA11NodeBlock() throws Exception {
        ByteArrayOutputStream bytes = start();
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        DataOutputStream p = new DataOutputStream(payload);
        p.writeInt(2);
        // a strand that forks: id 0, worker 0, [0,10), work 10, CREATE, no edges, span 10, 1 strand
        p.writeLong(0);
        p.writeInt(0);
        p.writeLong(0);
        p.writeLong(10);
        p.writeLong(10);
        p.writeByte(NodeEnd.CREATE.ordinal());
        p.writeShort(0);
        for (long v : new long[] {10, 1, 0, 0, 0}) {
            p.writeLong(v);
        }
        // a collapsed node of 6 strands on worker 1, [10,30), work 18, created by node 0
        p.writeLong(W1);
        p.writeInt(1);
        p.writeLong(10);
        p.writeLong(30);
        p.writeLong(18);
        p.writeByte(NodeEnd.END.ordinal());
        p.writeShort(1);
        p.writeLong(0);
        p.writeByte(EdgeKind.CREATE.ordinal());
        for (long v : new long[] {12, 6, 2, 2, 1}) {
            p.writeLong(v);
        }
        bytes.write(frame(RecordingFormat.BLOCK_DAG_NODES, payload.toByteArray()));
        bytes.write(tail());
        byte[] file = bytes.toByteArray();
        file[11] = 1;   // minor version 1

        Recording rec = read(file);
        Dag dag = rec.recordedDag().orElseThrow();
        assertThat(dag.nodes()).extracting(DagNode::taskEnds).containsExactly(0L, 1L);
        DagNode c = dag.nodes().get(1);
        assertThat(List.of(c.work(), c.span(), c.strands(), c.creates(), c.waits(), c.innerDelay()))
                .containsExactly(18L, 12L, 6L, 2L, 2L, 1L);
        assertThat(dag.busy()).isEmpty();
        assertThat(rec.warnings()).isEmpty();
    }

    @Test
    void aBusyBlockClaimingMoreIntervalsThanItHoldsIsDamagedAndTheBlocksBeforeItStay() throws Exception {
        ByteArrayOutputStream bytes = start();
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        DataOutputStream p = new DataOutputStream(payload);
        p.writeInt(0);
        p.writeUTF("main");
        p.writeInt(3);        // claims 3 intervals, holds 1
        p.writeLong(0);
        p.writeLong(5);
        bytes.write(tail());  // a whole run before the damaged block
        bytes.write(frame(RecordingFormat.BLOCK_DAG_BUSY, payload.toByteArray()));
        Recording rec = read(bytes.toByteArray());
        assertThat(rec.wholeRun()).isNotNull();
        assertThat(rec.warnings()).anyMatch(s -> s.contains("damaged") && s.contains("type 9"));
    }

    @Test
    void busyIntervalsThatEndBeforeTheyStartAreLeftOutWithAWarning() throws Exception {
        ByteArrayOutputStream bytes = start();
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        DataOutputStream p = new DataOutputStream(payload);
        p.writeInt(4);
        p.writeUTF("ForkJoinPool-1-worker-3");
        p.writeInt(2);
        p.writeLong(10);
        p.writeLong(5);       // ends before it starts
        p.writeLong(20);
        p.writeLong(30);
        bytes.write(frame(RecordingFormat.BLOCK_DAG_BUSY, payload.toByteArray()));
        bytes.write(tail());
        Recording rec = read(bytes.toByteArray());
        assertThat(rec.recordedDag().orElseThrow().busy())
                .containsExactly(new WorkerBusy(4, "ForkJoinPool-1-worker-3", new long[] {20, 30}));
        assertThat(rec.warnings()).containsExactly("d.fsk: 1 busy interval(s) end before they start; they are left out");
    }

    @Test
    void aVeryLongBusyListIsSplitIntoBlocksAndComesBackWhole() throws Exception {
        int n = RecordingWriter.BUSY_PAIRS_PER_BLOCK + 3;
        long[] intervals = new long[2 * n];
        for (int i = 0; i < n; i++) {
            intervals[2 * i] = 10L * i;
            intervals[2 * i + 1] = 10L * i + 4;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.workerBusy(new WorkerBusy(2, "t", intervals));
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 2, 2, true));
        byte[] file = bytes.toByteArray();
        assertThat(blockTypes(file).stream().filter(t -> t == RecordingFormat.BLOCK_DAG_BUSY)).hasSize(2);
        WorkerBusy back = read(file).recordedDag().orElseThrow().busy().get(0);
        assertThat(back).isEqualTo(new WorkerBusy(2, "t", intervals));
    }

    @Test
    void everyTruncationOpensUpToItsLastCompleteBlockOrFailsCleanly() throws Exception {
        byte[] full = written();
        for (int cut = 0; cut < full.length; cut++) {
            try {
                Recording r = read(Arrays.copyOf(full, cut));
                r.recordedDag().ifPresent(dag -> assertThat(dag.busy().size()).isLessThanOrEqualTo(3));
                assertThat(r.complete()).isFalse();   // the end block is last: any cut loses it
            } catch (RecordingException e) {
                assertThat(e.getMessage()).startsWith("d.fsk: ");
            }
        }
    }

    /** A whole-run block and the end block, as the writer frames them. */
    static byte[] tail() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 2, 2, true));
        w.endOfRecording();
        byte[] all = bytes.toByteArray();
        return Arrays.copyOfRange(all, 12, all.length);
    }

    /** @return type, length, payload and CRC of one block */
    static byte[] frame(int type, byte[] payload) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(out);
        d.writeByte(type);
        d.writeInt(payload.length);
        d.write(payload);
        CRC32 crc = new CRC32();
        crc.update(out.toByteArray());
        d.writeInt((int) crc.getValue());
        return out.toByteArray();
    }

    /** @return the whole length (5 + payload + 4) of the block at {@code at} */
    static int blockLength(byte[] file, int at) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(file, at + 1, 4));
        return 5 + in.readInt() + 4;
    }

    static List<Integer> blockTypes(byte[] file) throws IOException {
        List<Integer> types = new ArrayList<>();
        for (int at = 12; at < file.length; at += blockLength(file, at)) {
            types.add(file[at] & 0xFF);
        }
        return types;
    }
}
