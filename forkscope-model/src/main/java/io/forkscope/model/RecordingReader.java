package io.forkscope.model;

import io.forkscope.model.contexts.RecordedSamples;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagAssembler;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.RecordedSites;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Reads a {@code .fsk} file (see {@link RecordingFormat}). A file cut short or damaged after some
 * complete blocks is read up to its last complete block, marked truncated; a recorder failure
 * block marks the recording failed; either, or a missing end block, makes it not
 * {@link Recording#complete()}, with a warning saying why first in its warnings. A file that is not a
 * recording, of a newer major version, or without any measurement is refused with a
 * {@link RecordingException} whose message names the file.
 */
public final class RecordingReader {
    private RecordingReader() {}

    public static Recording read(Path file) throws RecordingException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return read(in, file.toString());
        } catch (NoSuchFileException e) {
            throw new RecordingException(file + ": no such file");
        } catch (IOException e) {
            throw new RecordingException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    public static Recording read(InputStream stream, String name) throws IOException, RecordingException {
        DataInputStream in = new DataInputStream(stream);
        byte[] magic = new byte[RecordingFormat.MAGIC.length];
        int got = in.readNBytes(magic, 0, magic.length);
        if (got < magic.length || !Arrays.equals(magic, RecordingFormat.MAGIC)) {
            throw new RecordingException(name + ": not a forkscope recording (no FSKREC header)");
        }
        int major;
        int minor;
        try {
            major = in.readUnsignedShort();
            minor = in.readUnsignedShort();
        } catch (EOFException e) {
            throw new RecordingException(name + ": not a forkscope recording (header cut short)");
        }
        if (major > RecordingFormat.MAJOR) {
            throw new RecordingException(name + ": recording format " + major + "." + minor
                    + " is newer than this forkscope reads (" + RecordingFormat.MAJOR + ".x); upgrade forkscope");
        }
        if (major < 1) {
            throw new RecordingException(name + ": not a forkscope recording (format version " + major + ")");
        }

        Map<String, String> info = new LinkedHashMap<>();
        WholeRun whole = null;
        List<RegionRecord> regions = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        boolean ended = false;
        boolean truncated = false;
        RecorderFailure failure = null;
        List<RecordedNode> dagNodes = new ArrayList<>();
        long[] dagRun = null;
        Map<Integer, BusyParts> busy = new TreeMap<>();
        RecordedSites sites = null;
        io.forkscope.model.slots.WorkerSlots slots = null;
        SamplePieces samplePieces = new SamplePieces();
        int blocks = 0;
        CRC32 crc = new CRC32();
        while (true) {
            int type = in.read();
            if (type < 0) {
                break;
            }
            byte[] payload;
            try {
                int length = in.readInt();
                if (length < 0 || length > RecordingFormat.MAX_PAYLOAD) {
                    warnings.add(damaged(name, blocks, "a block has an impossible length"));
                    truncated = true;
                    break;
                }
                payload = in.readNBytes(length);
                int expected = in.readInt();
                if (payload.length < length) {
                    throw new EOFException();
                }
                crc.reset();
                crc.update(type);
                crc.update(length >>> 24);
                crc.update(length >>> 16);
                crc.update(length >>> 8);
                crc.update(length);
                crc.update(payload);
                if ((int) crc.getValue() != expected) {
                    warnings.add(damaged(name, blocks, "a block fails its checksum"));
                    truncated = true;
                    break;
                }
            } catch (EOFException e) {
                warnings.add(name + ": recording is truncated after " + blocks
                        + " complete blocks (the recorded JVM did not finish writing it); showing what was written before");
                truncated = true;
                break;
            }
            blocks++;
            DataInputStream p = new DataInputStream(new ByteArrayInputStream(payload));
            try {
                switch (type) {
                    case RecordingFormat.BLOCK_INFO -> {
                        int n = p.readInt();
                        for (int i = 0; i < n; i++) {
                            info.put(p.readUTF(), p.readUTF());
                        }
                    }
                    case RecordingFormat.BLOCK_WHOLE_RUN -> whole = new WholeRun(readWorkSpan(p), p.readInt(),
                            p.readInt(), p.readLong(), p.readBoolean());
                    case RecordingFormat.BLOCK_REGION -> regions.add(new RegionRecord(p.readUTF(), p.readUTF(),
                            p.readLong(), readWorkSpan(p), p.readLong()));
                    case RecordingFormat.BLOCK_WARNING -> warnings.add(p.readUTF());
                    case RecordingFormat.BLOCK_END -> ended = true;
                    case RecordingFormat.BLOCK_FAILURE -> {
                        long at = p.readLong();
                        RecorderFailure f = new RecorderFailure(at, p.readUTF());
                        failure = failure == null ? f : failure;   // the first failure is the cause
                    }
                    case RecordingFormat.BLOCK_DAG_NODES -> readDagNodes(p, dagNodes, 1);
                    case RecordingFormat.BLOCK_DAG_NODES_V2 -> readDagNodes(p, dagNodes, 2);
                    case RecordingFormat.BLOCK_DAG_NODES_V3 -> readDagNodes(p, dagNodes, 3);   // node site, from 1.6
                    case RecordingFormat.BLOCK_DAG_BUSY -> readBusy(p, payload.length, busy);
                    case RecordingFormat.BLOCK_DAG_RUN -> dagRun = new long[] {p.readInt(), p.readLong(), p.readLong()};
                    case RecordingFormat.BLOCK_SITES -> sites = SitesBlock.read(p, payload.length);
                    case RecordingFormat.BLOCK_SLOTS -> slots = SlotsBlock.read(p, payload.length);
                    case RecordingFormat.BLOCK_SAMPLES -> samplePieces.add(p.readLong(), p.readBoolean(), p.readAllBytes());
                    default -> { } // a block type from a newer minor version: skip it
                }
            } catch (EOFException e) {
                warnings.add(damaged(name, blocks - 1, "a block of type " + type + " is shorter than its contents"));
                truncated = true;
                break;
            } catch (SitesBlock.DamagedBlock e) {
                warnings.add(damaged(name, blocks - 1, "a block of type " + type + " " + e.getMessage()));
                truncated = true;
                break;
            }
        }
        if (info.isEmpty()) {
            throw new RecordingException(name + ": damaged recording (no information block)");
        }
        if (whole == null) {
            throw new RecordingException(name + ": recording holds no measurements yet"
                    + " (the recorded JVM stopped before its first snapshot)");
        }
        if (!ended && !truncated && failure == null) {
            warnings.add(0, whole.isFinal()
                    ? name + ": the recording has no end block (the recorder did not finish it); its numbers may be partial"
                    : name + ": the recording was not closed (JVM killed?); showing its last periodic snapshot");
        }
        if (failure != null) {
            warnings.add(0, failed(name, failure, info));
        } else if (truncated) {
            // what made it partial comes first: a reader that shows one warning shows this one
            warnings.add(0, warnings.remove(warnings.size() - 1));
        }
        RecordingInfo recordingInfo = new RecordingInfo(info);
        try {
            recordingInfo.unit();
            recordingInfo.burden();
        } catch (IllegalArgumentException e) {
            throw new RecordingException(name + ": damaged recording (" + e.getMessage() + ")");
        }
        Dag dag = null;
        if (dagRun != null || !dagNodes.isEmpty() || !busy.isEmpty()) {
            long[] frame = dagRun != null ? dagRun : new long[] {Math.max(1, whole.workers()), 0, 0};
            List<WorkerBusy> workerBusy = new ArrayList<>();
            int dropped = 0;
            for (Map.Entry<Integer, BusyParts> e : busy.entrySet()) {
                BusyParts parts = e.getValue();
                dropped += parts.dropped;
                workerBusy.add(WorkerBusy.merged(e.getKey(), parts.thread, Arrays.copyOf(parts.intervals, parts.size)));
            }
            if (dropped > 0) {
                warnings.add(name + ": " + dropped + " busy interval(s) end before they start; they are left out");
            }
            try {
                DagAssembler.Assembled a = DagAssembler.assemble(dagNodes, workerBusy, (int) frame[0], frame[1],
                        frame[2]);
                dag = a.dag().withSlots(slots != null ? slots
                        : io.forkscope.model.slots.WorkerSlots.constant(dag0Workers(a.dag()), whole.threads()));
                if (a.droppedEdges() > 0) {
                    warnings.add(name + ": " + a.droppedEdges() + " DAG edge(s) name nodes the file does not hold"
                            + " (a recording cut short); they are left out");
                }
            } catch (IllegalArgumentException e) {
                throw new RecordingException(name + ": damaged recording (" + e.getMessage() + ")");
            }
        }
        RecordedSamples samples = samplePieces.joined();
        if (samples == null && samplePieces.any()) {
            warnings.add(name + ": its stack samples are incomplete (" + samplePieces.problem()
                    + "); they are left out");
        }
        return new Recording(recordingInfo, whole, regions, warnings, ended, dag, failure, truncated, sites, samples,
                slots);
    }

    private static int dag0Workers(Dag dag) {
        return dag.workers();
    }

    /**
     * @param layout 1, 2 or 3: a {@link RecordingFormat#BLOCK_DAG_NODES} block; a
     *               {@link RecordingFormat#BLOCK_DAG_NODES_V2} block, which adds each node's task ends
     *               and first id; a {@link RecordingFormat#BLOCK_DAG_NODES_V3} block, which adds its site
     */
    private static void readDagNodes(DataInputStream p, List<RecordedNode> into, int layout) throws IOException {
        boolean v2 = layout >= 2;
        int count = p.readInt();
        NodeEnd[] ends = NodeEnd.values();
        EdgeKind[] kinds = EdgeKind.values();
        for (int i = 0; i < count; i++) {
            long id = p.readLong();
            int worker = p.readInt();
            long start = p.readLong();
            long end = p.readLong();
            long work = p.readLong();
            NodeEnd end1 = ends[Math.min(p.readUnsignedByte(), ends.length - 1)];
            int edges = p.readUnsignedShort();
            long[] from = new long[edges];
            EdgeKind[] kind = new EdgeKind[edges];
            for (int e = 0; e < edges; e++) {
                from[e] = p.readLong();
                kind[e] = kinds[Math.min(p.readUnsignedByte(), kinds.length - 1)];
            }
            long span = p.readLong();
            long strands = p.readLong();
            long creates = p.readLong();
            long waits = p.readLong();
            long innerDelay = p.readLong();
            long taskEnds = v2 ? p.readLong() : RecordedNode.strandTaskEnds(end1);
            long firstId = v2 ? p.readLong() : id;
            int site = layout >= 3 ? p.readInt() : -1;
            if (firstId > id || (firstId >> 40) != (id >> 40)) {
                throw new IOException("node " + id + " claims ids from " + firstId);
            }
            if (site < -1) {
                throw new IOException("node " + id + " has site " + site);
            }
            into.add(new RecordedNode(id, worker, start, end, work, end1, from, kind, span, strands, creates, waits,
                    innerDelay, taskEnds, firstId, site));
        }
    }

    /**
     * The pieces of the samples' JFR file as read so far: joined only when they are contiguous from 0
     * and the last one was read (a later complete set replaces an earlier one).
     */
    private static final class SamplePieces {
        private java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        private boolean last;
        private boolean any;
        private String problem = "the file ends inside them";

        void add(long offset, boolean isLast, byte[] piece) {
            any = true;
            if (offset == 0) {
                bytes = new java.io.ByteArrayOutputStream();   // a new set
                last = false;
                problem = "the file ends inside them";
            }
            if (offset != bytes.size() || last) {
                problem = "a piece at byte " + offset + " does not follow the " + bytes.size() + " bytes before it";
                last = false;
                bytes = new java.io.ByteArrayOutputStream();
                return;
            }
            bytes.write(piece, 0, piece.length);
            last = isLast;
        }

        boolean any() {
            return any;
        }

        String problem() {
            return problem;
        }

        RecordedSamples joined() {
            return any && last ? new RecordedSamples(bytes.toByteArray()) : null;
        }
    }

    /** One worker's busy intervals as read so far, from all its blocks, in file order. */
    private static final class BusyParts {
        String thread = "";
        long[] intervals = new long[16];
        int size;
        int dropped;
    }

    private static void readBusy(DataInputStream p, int payloadLength, Map<Integer, BusyParts> into)
            throws IOException {
        int worker = p.readInt();
        String thread = p.readUTF();
        long count = Integer.toUnsignedLong(p.readInt());
        if (worker < 0 || count > payloadLength / 16) {
            throw new EOFException();   // more intervals than the block holds: a damaged block
        }
        long[] read = new long[(int) count * 2];
        for (int i = 0; i < read.length; i++) {
            read[i] = p.readLong();
        }
        BusyParts parts = into.computeIfAbsent(worker, w -> new BusyParts());
        parts.thread = thread;
        for (int i = 0; i < read.length; i += 2) {
            if (read[i + 1] < read[i]) {
                parts.dropped++;
                continue;
            }
            if (parts.size + 2 > parts.intervals.length) {
                parts.intervals = Arrays.copyOf(parts.intervals, parts.intervals.length * 2);
            }
            parts.intervals[parts.size++] = read[i];
            parts.intervals[parts.size++] = read[i + 1];
        }
    }

    /** The warning for a recorder that failed: when (in seconds into the run, if the file says when it began) and why. */
    private static String failed(String name, RecorderFailure f, Map<String, String> info) {
        String when = "";
        try {
            long start = Long.parseLong(info.getOrDefault(RecordingInfo.START_EPOCH_MS, ""));
            if (f.epochMs() >= start) {
                when = String.format(java.util.Locale.ROOT, " %.3f s into the run", (f.epochMs() - start) / 1e3);
            }
        } catch (NumberFormatException e) {
            // no start time: say no time
        }
        return name + ": the recorder failed internally" + when + " and stopped recording (" + f.text()
                + "); the numbers cover only the run before that and are not the program's";
    }

    private static String damaged(String name, int blocks, String what) {
        return name + ": recording is damaged after " + blocks + " complete blocks (" + what
                + "); showing what was written before";
    }

    private static WorkSpan readWorkSpan(DataInputStream p) throws IOException {
        return new WorkSpan(p.readLong(), p.readLong(), p.readLong(), p.readLong(), p.readLong(), p.readLong());
    }
}
