package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.RecordedNode;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link NodeCountScan} against what was written: a file of random node blocks of every layout (the
 * compact one and the fixed-width ones of older versions), with other blocks between them, announces the
 * nodes its writer put in it; cut at any byte, the nodes of the blocks whole before the cut, as the reader
 * reads them; and reading a file with the scan's hint gives the recording reading it as a stream does.
 */
class NodeCountScanTest {

    @Property(tries = 500)           // run with 10,000 tries and fresh seeds twice
    void aFileAnnouncesTheNodesOfItsWholeBlocks(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.wholeRun(new WholeRun(new WorkSpan(1, 1, 1, 1, 1, 1), 2, 2, 1, true, -1, -1));
        // the file's size after each block, and the nodes written up to then
        List<long[]> after = new ArrayList<>();
        long total = 0;
        after.add(new long[] {bytes.size(), 0});
        int blocks = r.nextInt(6);
        for (int b = 0; b < blocks; b++) {
            List<RecordedNode> nodes = DagFormat111Test.randomNodes(r.nextInt(40), r);
            switch (r.nextInt(4)) {
                case 0 -> bytes.write(DagFormat12Test.frame(RecordingFormat.BLOCK_DAG_NODES_V6,
                        DagFormat111Test.v6Payload(nodes)));
                case 1 -> w.warning("between " + b);
                default -> w.dagNodes(nodes);
            }
            if (!isWarning(bytes.toByteArray(), after.get(after.size() - 1)[0])) {
                total += nodes.size();
            }
            after.add(new long[] {bytes.size(), total});
        }
        byte[] file = bytes.toByteArray();
        Path f = Files.createTempFile("scan", ".fsk");
        try {
            Files.write(f, file);
            assertThat(NodeCountScan.nodes(f)).isEqualTo(total);
            int cut = r.nextInt(file.length + 1);
            Files.write(f, Arrays.copyOf(file, cut));
            long whole = 0;
            for (long[] a : after) {
                if (a[0] <= cut) {
                    whole = a[1];
                }
            }
            assertThat(NodeCountScan.nodes(f)).as("cut at %d of %d", cut, file.length).isEqualTo(whole);
        } finally {
            Files.delete(f);
        }
    }

    /** Whether the block that starts at {@code at} is a warning (the generator's filler). */
    private static boolean isWarning(byte[] file, long at) {
        return (file[(int) at] & 0xff) == RecordingFormat.BLOCK_WARNING;
    }

    @Test
    void aCountLargerThanItsBlockCouldHoldIsTakenAsWhatItCouldHold() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new RecordingWriter(bytes).info(Map.of(RecordingInfo.UNIT, "time"));
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        new DataOutputStream(payload).writeInt(Integer.MAX_VALUE);   // a V6 block that claims 2^31 - 1 nodes
        payload.write(new byte[10 * NodeCountScan.MIN_NODE_BYTES]);
        bytes.write(DagFormat12Test.frame(RecordingFormat.BLOCK_DAG_NODES_V6, payload.toByteArray()));
        Path f = Files.createTempFile("scan", ".fsk");
        try {
            Files.write(f, bytes.toByteArray());
            assertThat(NodeCountScan.nodes(f)).isEqualTo((4 + 10 * NodeCountScan.MIN_NODE_BYTES)
                    / NodeCountScan.MIN_NODE_BYTES + 1);
            assertThat(NodeCountScan.nodes(f.resolveSibling("no-such-" + f.getFileName()))).isZero();
        } finally {
            Files.delete(f);
        }
    }

    @Property(tries = 200)
    void readingAFileWithTheHintGivesWhatReadingItAsAStreamGives(@ForAll long seed) throws Exception {
        Random r = new Random(seed);
        Path f = Files.createTempFile("scan", ".fsk");
        try {
            Files.write(f, randomDagFile(r));
            Recording asFile = RecordingReader.read(f);
            Recording asStream = RecordingReader.read(new java.io.ByteArrayInputStream(Files.readAllBytes(f)), f.toString());
            assertThat(asFile.warnings()).isEqualTo(asStream.warnings());
            assertThat(asFile.recordedDag().isPresent()).isEqualTo(asStream.recordedDag().isPresent());
            if (asFile.recordedDag().isPresent()) {
                assertThat(asFile.recordedDag().get().nodes()).isEqualTo(asStream.recordedDag().get().nodes());
            }
        } finally {
            Files.delete(f);
        }
    }

    /** A whole recording of a random DAG (edges to earlier nodes of two threads) in several node blocks. */
    private static byte[] randomDagFile(Random r) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        w.wholeRun(new WholeRun(new WorkSpan(1, 1, 1, 1, 1, 1), 2, 2, 1, true, -1, -1));
        int n = r.nextInt(300);
        List<RecordedNode> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long id = ((long) (i % 2) << 40) + i / 2 + 1;
            int edges = i == 0 ? 0 : 1 + r.nextInt(2);
            long[] from = new long[edges];
            io.forkscope.model.dag.EdgeKind[] kinds = new io.forkscope.model.dag.EdgeKind[edges];
            for (int e = 0; e < edges; e++) {
                from[e] = all.get(r.nextInt(i)).id();
                kinds[e] = io.forkscope.model.dag.EdgeKind.values()[r.nextInt(io.forkscope.model.dag.EdgeKind.values().length)];
            }
            long start = 1_000L * i;
            all.add(new RecordedNode(id, i % 2, start, start + 500, 400, io.forkscope.model.dag.NodeEnd.CREATE, from,
                    kinds, 400, 1, 0, 0, 0, 0, id, -1, List.of(), 0, r.nextInt(50), 0));
        }
        for (int a = 0; a < all.size(); ) {
            int z = Math.min(all.size(), a + 1 + r.nextInt(100));
            w.dagNodes(all.subList(a, z));
            a = z;
        }
        w.dagRun(2, 0, 1_000L * n);
        w.endOfRecording();
        return bytes.toByteArray();
    }
}
