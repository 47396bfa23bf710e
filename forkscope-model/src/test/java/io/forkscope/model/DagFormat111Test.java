package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.RecordedNodes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Format 1.11: DAG nodes in variable-length numbers ({@link RecordingFormat#BLOCK_DAG_NODES_V7}). Every
 * field of every node comes back as it was written, for any values the node may hold (the extremes of
 * a long included); a V6 block of the same nodes, written field by field as forkscope 1.10 did, reads
 * to the same nodes; the compact block is under a quarter of V6's size; a damaged compact block is refused.
 */
class DagFormat111Test {

    @Property(tries = 300)
    void everyFieldOfEveryNodeComesBackAsWritten(@ForAll @IntRange(min = 0, max = 60) int count, @ForAll long seed)
            throws Exception {
        List<RecordedNode> nodes = randomNodes(count, new Random(seed));
        List<RecordedNode> back = readBlock(RecordingFormat.BLOCK_DAG_NODES_V7, compactPayload(nodes));
        assertSameNodes(back, nodes);
        assertSameNodes(readBlock(RecordingFormat.BLOCK_DAG_NODES_V6, v6Payload(nodes)), nodes);
    }

    @Test
    void aStrandTakesUnderAQuarterOfWhatFormat110Took() throws Exception {
        List<RecordedNode> strands = new ArrayList<>();
        long t = 1_000_000_000L;
        for (int i = 0; i < 1000; i++) {
            long id = (1L << 40) + i;
            long start = t + 2_000L * i;
            strands.add(new RecordedNode(id, 1, start, start + 1_500, 1_400, NodeEnd.CREATE, new long[] {id - 1},
                    new EdgeKind[] {EdgeKind.CREATE_CONT}, 1_400, 1, 0, 0, 0, 0, id, -1, List.of(), 100, 300, 0));
        }
        int compact = compactPayload(strands).length;
        int v6 = v6Payload(strands).length;
        assertThat(v6).isEqualTo(4 + 1000 * 134);                 // count, then 134 bytes a strand with one edge
        assertThat(compact).isLessThan(v6 / 4);                    // 27 bytes a strand here
        assertSameNodes(readBlock(RecordingFormat.BLOCK_DAG_NODES_V7, compactPayload(strands)), strands);
    }

    @Test
    void aCompactBlockThatEndsInsideANodeOrRunsANumberPastTenBytesIsDamaged() throws Exception {
        byte[] whole = compactPayload(randomNodes(5, new Random(3)));
        for (int cut = 1; cut < whole.length; cut++) {
            byte[] shorter = java.util.Arrays.copyOf(whole, cut);
            assertThat(damageOf(RecordingFormat.BLOCK_DAG_NODES_V7, shorter)).as("cut at %d", cut).isNotNull();
        }
        byte[] endless = new byte[12];
        java.util.Arrays.fill(endless, (byte) 0x80);
        assertThat(damageOf(RecordingFormat.BLOCK_DAG_NODES_V7, endless)).isNotNull();
    }

    /** What the writer puts in a node block's payload (the frame around it taken off). */
    static byte[] compactPayload(List<RecordedNode> nodes) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.dagNodes(nodes);
        byte[] file = bytes.toByteArray();
        int at = 12;
        while ((file[at] & 0xFF) != RecordingFormat.BLOCK_DAG_NODES_V7) {
            at += DagFormat12Test.blockLength(file, at);
        }
        return java.util.Arrays.copyOfRange(file, at + 5, at + DagFormat12Test.blockLength(file, at) - 4);
    }

    /** A V6 payload, field by field as forkscope 1.10's writer wrote it. */
    static byte[] v6Payload(List<RecordedNode> nodes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(out);
        d.writeInt(nodes.size());
        for (RecordedNode n : nodes) {
            d.writeLong(n.id());
            d.writeInt(n.worker());
            d.writeLong(n.start());
            d.writeLong(n.end());
            d.writeLong(n.work());
            d.writeByte(n.ends().ordinal());
            d.writeShort(n.inFrom().length);
            for (int i = 0; i < n.inFrom().length; i++) {
                d.writeLong(n.inFrom()[i]);
                d.writeByte(n.inKinds()[i].ordinal());
            }
            for (long v : new long[] {n.span(), n.strands(), n.creates(), n.waits(), n.innerDelay(), n.taskEnds(),
                    n.firstId()}) {
                d.writeLong(v);
            }
            d.writeInt(n.site());
            d.writeShort(n.sitePath().size());
            for (int s : n.sitePath()) {
                d.writeInt(s);
            }
            d.writeLong(n.notRunning());
            d.writeLong(n.recorderBefore());
            d.writeLong(n.recorderInside());
        }
        return out.toByteArray();
    }

    /** @return the nodes a file with this one node block gives the reader, before assembly */
    private static List<RecordedNode> readBlock(int type, byte[] payload) throws Exception {
        RecordedNodes into = new RecordedNodes();
        RecordingReader.readDagNodeBlock(type, payload, into);
        return List.copyOf(into);
    }

    /** @return what the reader says of a file holding this block (its damage, or why it refuses it), null when it reads */
    private static String damageOf(int type, byte[] payload) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "dag"));
        bytes.write(DagFormat12Test.frame(type, payload));
        try {
            Recording rec = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "c.fsk");
            return rec.damage() == null ? null : rec.damage().summary();
        } catch (RecordingException | IOException e) {
            return e.getMessage();             // an impossible node: the file is refused
        }
    }

    private static void assertSameNodes(List<RecordedNode> actual, List<RecordedNode> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            RecordedNode a = actual.get(i);
            RecordedNode e = expected.get(i);
            assertThat(a).usingRecursiveComparison().isEqualTo(e);
        }
    }

    /**
     * Nodes of one thread (as a batch holds them) with fields drawn from small values, large ones and
     * the extremes a long allows, within what the reader accepts (ids of one thread, firstId ≤ id,
     * site ≥ -1, non-negative times of the recorder's own).
     */
    static List<RecordedNode> randomNodes(int count, Random r) {
        List<RecordedNode> nodes = new ArrayList<>();
        long thread = r.nextInt(4) << 40;
        long id = thread + r.nextInt(1000);
        for (int i = 0; i < count; i++) {
            id += 1 + r.nextInt(50);
            long start = any(r);
            long end = r.nextBoolean() ? start + r.nextInt(1_000_000) : any(r);
            int edges = r.nextInt(4);
            long[] from = new long[edges];
            EdgeKind[] kinds = new EdgeKind[edges];
            for (int e = 0; e < edges; e++) {
                from[e] = r.nextBoolean() ? id - 1 - r.nextInt(100) : any(r);
                kinds[e] = EdgeKind.values()[r.nextInt(EdgeKind.values().length)];
            }
            Integer[] path = new Integer[r.nextInt(3)];
            for (int k = 0; k < path.length; k++) {
                path[k] = r.nextBoolean() ? r.nextInt(100) : Integer.MAX_VALUE - r.nextInt(3);
            }
            long firstId = id - (r.nextBoolean() ? 0 : r.nextInt((int) Math.min(Integer.MAX_VALUE, id - thread + 1)));
            nodes.add(new RecordedNode(id, r.nextBoolean() ? r.nextInt(8) : Integer.MAX_VALUE,
                    start, end, any(r), NodeEnd.values()[r.nextInt(NodeEnd.values().length)], from, kinds,
                    any(r), any(r), any(r), any(r), any(r), any(r), firstId,
                    r.nextBoolean() ? -1 : r.nextInt(Integer.MAX_VALUE), List.of(path),
                    Math.abs(any(r) / 2), Math.abs(any(r) / 2), Math.abs(any(r) / 2)));
        }
        return nodes;
    }

    private static long any(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> r.nextInt(1000);
            case 1 -> r.nextLong();
            case 2 -> Long.MAX_VALUE - r.nextInt(3);
            case 3 -> Long.MIN_VALUE + r.nextInt(3);
            default -> -r.nextInt(1000);
        };
    }
}
