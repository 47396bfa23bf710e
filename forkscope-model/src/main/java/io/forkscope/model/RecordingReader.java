package io.forkscope.model;

import io.forkscope.model.contexts.RecordedSamples;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagAssembler;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.RecordedNodes;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.RecordedSites;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a {@code .fsk} file (see {@link RecordingFormat}). A file cut short or damaged after some
 * complete blocks is read up to its last complete block, marked truncated, with where and how
 * ({@link Recording#damage()}: "FILE: cut short after byte N", "FILE: damaged at byte N (block type
 * T, NAME): why"); a recorder failure block marks the recording failed; an information key
 * {@link RecordingInfo#ENDED_BY} marks a run a signal ended; any of these, or a missing end block,
 * makes it not {@link Recording#complete()}, with a warning saying why first in its warnings. A file
 * that is empty, not a recording, of a newer major version, cut or damaged before its information
 * block or its first measurement is refused with a {@link RecordingException} whose one-line
 * message names the file.
 */
public final class RecordingReader {
    private RecordingReader() {}

    public static Recording read(Path file) throws RecordingException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return read(in, file.toString(), NodeCountScan.nodes(file));
        } catch (NoSuchFileException e) {
            throw new RecordingException(file + ": no such file");
        } catch (IOException e) {
            throw new RecordingException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    public static Recording read(InputStream stream, String name) throws IOException, RecordingException {
        return read(stream, name, 0);
    }

    /**
     * @param nodeHint how many DAG nodes the stream's blocks announce ({@link NodeCountScan}), 0 when
     *                 unknown: the node columns are made that large at once instead of grown
     */
    private static Recording read(InputStream stream, String name, int nodeHint) throws IOException,
            RecordingException {
        DataInputStream in = new DataInputStream(stream);
        byte[] magic = new byte[RecordingFormat.MAGIC.length];
        int got = in.readNBytes(magic, 0, magic.length);
        if (got == 0) {
            throw new RecordingException(name + ": is empty (0 bytes), not a recording (did the recorded JVM start?)");
        }
        if (!Arrays.equals(magic, 0, got, RecordingFormat.MAGIC, 0, got)) {
            throw new RecordingException(name + ": not a forkscope recording (no FSKREC header)");
        }
        byte[] version = in.readNBytes(4);
        if (got < magic.length || version.length < 4) {
            throw new RecordingException(name + ": cut short after byte " + (got + version.length)
                    + ", inside its header: nothing to read");
        }
        int major = ((version[0] & 0xff) << 8) | (version[1] & 0xff);
        int minor = ((version[2] & 0xff) << 8) | (version[3] & 0xff);
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
        RecorderFailure failure = null;
        RecordedNodes dagNodes = nodeHint > 0 ? new RecordedNodes(nodeHint) : new RecordedNodes();
        long[] dagRun = null;
        Map<Integer, BusyParts> busy = new TreeMap<>();
        RecordedSites sites = null;
        io.forkscope.model.slots.WorkerSlots slots = null;
        SamplePieces samplePieces = new SamplePieces();
        int blocks = 0;
        long offset = RecordingFormat.HEADER_BYTES;   // where the next block starts
        RecordingDamage damage = null;
        while (true) {
            long start = offset;
            int type = in.read();
            if (type < 0) {
                break;
            }
            byte[] lengthBytes = in.readNBytes(4);
            if (lengthBytes.length < 4) {
                damage = new RecordingDamage(RecordingDamage.Kind.CUT, start + 1 + lengthBytes.length, start, type,
                        "", blocks);
                break;
            }
            int length = ((lengthBytes[0] & 0xff) << 24) | ((lengthBytes[1] & 0xff) << 16)
                    | ((lengthBytes[2] & 0xff) << 8) | (lengthBytes[3] & 0xff);
            if (length < 0 || length > RecordingFormat.MAX_PAYLOAD) {
                damage = damaged(start, type, "its length field says " + Integer.toUnsignedString(length)
                        + " bytes, more than a block may hold", blocks);
                break;
            }
            byte[] payload = in.readNBytes(length);
            byte[] crcBytes = in.readNBytes(4);
            if (payload.length < length || crcBytes.length < 4) {
                // the file ends inside this block: cut short, unless its length field is what is wrong
                byte[] rest = Arrays.copyOf(payload, payload.length + crcBytes.length);
                System.arraycopy(crcBytes, 0, rest, payload.length, crcBytes.length);
                damage = BlockFraming.lengthDamaged(type, lengthBytes, rest)
                        ? damaged(start, type, "its length field is damaged (" + length + " bytes, past the file's end,"
                                + " where a shorter length makes a whole block)", blocks)
                        : new RecordingDamage(RecordingDamage.Kind.CUT, start + 5 + rest.length, start, type, "",
                                blocks);
                break;
            }
            if (!BlockFraming.checksumMatches(type, lengthBytes, payload, 0, payload.length, crcBytes, 0)) {
                damage = damaged(start, type, "its checksum does not match", blocks);
                break;
            }
            offset = start + RecordingFormat.BLOCK_FRAME_BYTES + length;
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
                            p.readInt(), p.readLong(), p.readBoolean(), optionalLong(p), optionalLong(p));
                    case RecordingFormat.BLOCK_REGION -> regions.add(new RegionRecord(p.readUTF(), p.readUTF(),
                            p.readLong(), readWorkSpan(p), p.readLong(), optionalLong(p)));
                    case RecordingFormat.BLOCK_WARNING -> warnings.add(p.readUTF());
                    case RecordingFormat.BLOCK_END -> ended = true;
                    case RecordingFormat.BLOCK_FAILURE -> {
                        long at = p.readLong();
                        RecorderFailure f = new RecorderFailure(at, p.readUTF());
                        failure = failure == null ? f : failure;   // the first failure is the cause
                    }
                    case RecordingFormat.BLOCK_DAG_NODES, RecordingFormat.BLOCK_DAG_NODES_V2,
                         RecordingFormat.BLOCK_DAG_NODES_V3, RecordingFormat.BLOCK_DAG_NODES_V4,
                         RecordingFormat.BLOCK_DAG_NODES_V5, RecordingFormat.BLOCK_DAG_NODES_V6,
                         RecordingFormat.BLOCK_DAG_NODES_V7 -> readDagNodeBlock(type, payload, dagNodes);
                    case RecordingFormat.BLOCK_DAG_BUSY -> readBusy(p, payload.length, busy);
                    case RecordingFormat.BLOCK_DAG_RUN -> dagRun = new long[] {p.readInt(), p.readLong(), p.readLong()};
                    case RecordingFormat.BLOCK_SITES -> sites = SitesBlock.read(p, payload.length);
                    case RecordingFormat.BLOCK_SLOTS -> slots = SlotsBlock.read(p, payload.length);
                    case RecordingFormat.BLOCK_SAMPLES -> samplePieces.add(p.readLong(), p.readBoolean(), p.readAllBytes());
                    default -> { } // a block type from a newer minor version: skip it
                }
            } catch (EOFException e) {
                damage = damaged(start, type, "it is shorter than its contents", blocks - 1);
                break;
            } catch (SitesBlock.DamagedBlock e) {
                damage = damaged(start, type, "it " + e.getMessage(), blocks - 1);
                break;
            }
        }
        boolean truncated = damage != null;
        if (info.isEmpty()) {
            throw new RecordingException(truncated ? name + ": " + damage.summary()
                    + ", before its information block: nothing to read"
                    : blocks == 0 ? name + ": holds only its header, no block (the recorded JVM wrote nothing more)"
                    : name + ": damaged recording (no information block)");
        }
        if (whole == null) {
            throw new RecordingException(truncated ? name + ": " + damage.summary()
                    + ", before its first measurement: nothing to read"
                    : name + ": recording holds no measurements yet (the recorded JVM stopped before its first snapshot)");
        }
        // what made it partial comes first, the most basic cause first: a reader that shows one warning shows it
        List<String> reasons = new ArrayList<>();
        if (failure != null) {
            reasons.add(failed(name, failure, info));
        }
        if (truncated) {
            reasons.add(damage.warning(name));
        }
        String endedBy = info.get(RecordingInfo.ENDED_BY);
        if (endedBy != null) {
            reasons.add(name + ": the run was ended by " + endedBy + " before the program finished; the numbers"
                    + " cover it up to then");
        }
        if (!ended && !truncated && failure == null) {
            reasons.add(whole.isFinal()
                    ? name + ": the recording has no end block (the recorder did not finish it); its numbers may be partial"
                    : name + ": the recording was not closed (JVM killed?); showing its last periodic snapshot");
        }
        warnings.addAll(0, reasons);
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
            java.util.OptionalLong windowEnd = recordingInfo.dagWindowEnd();
            if (windowEnd.isPresent()) {
                // the recorder's budget ended the DAG's window: analyse up to its end (see DagWindow)
                warnings.add(DagWindow.describe(name, recordingInfo, frame[1], frame[2]));
                long w = windowEnd.getAsLong();
                dagNodes.keepStartedBefore(w);
            }
            try {
                DagAssembler.Assembled a = DagAssembler.assemble(dagNodes, workerBusy, (int) frame[0], frame[1],
                        frame[2]);
                dagNodes = null;                 // the DAG's columns replace the file's
                Dag assembled = windowEnd.isPresent() ? DagWindow.cut(a.dag(), windowEnd.getAsLong()) : a.dag();
                dag = assembled.withSlots(slots != null ? slots
                        : io.forkscope.model.slots.WorkerSlots.constant(dag0Workers(assembled), whole.threads()));
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
                damage, slots);
    }

    /** Reads a block of DAG nodes of any layout (the block's type says which) into {@code into}. */
    static void readDagNodeBlock(int type, byte[] payload, RecordedNodes into) throws IOException {
        int layout = switch (type) {
            case RecordingFormat.BLOCK_DAG_NODES -> 1;
            case RecordingFormat.BLOCK_DAG_NODES_V2 -> 2;
            case RecordingFormat.BLOCK_DAG_NODES_V3 -> 3;      // node site, from 1.6
            case RecordingFormat.BLOCK_DAG_NODES_V4 -> 4;      // site path, from 1.7
            case RecordingFormat.BLOCK_DAG_NODES_V5 -> 5;      // not-running time, from 1.9
            case RecordingFormat.BLOCK_DAG_NODES_V6 -> 6;      // forkscope's own time, from 1.10
            case RecordingFormat.BLOCK_DAG_NODES_V7 -> 7;      // variable-length numbers, from 1.11
            default -> throw new IllegalArgumentException("block type " + type + " holds no DAG nodes");
        };
        int before = into.size();
        try {
            readDagNodes(payload, into, layout);
        } catch (IOException | RuntimeException e) {
            into.truncate(before);        // a damaged block gives no node: the file reads up to the block before
            throw e;
        }
    }

    private static int dag0Workers(Dag dag) {
        return dag.workers();
    }

    /**
     * @param layout 1, 2 or 3: a {@link RecordingFormat#BLOCK_DAG_NODES} block; a
     *               {@link RecordingFormat#BLOCK_DAG_NODES_V2} block, which adds each node's task ends
     *               and first id; a {@link RecordingFormat#BLOCK_DAG_NODES_V3} block, which adds its site;
     *               4: a {@link RecordingFormat#BLOCK_DAG_NODES_V4} block, which adds its site path;
     *               5: a {@link RecordingFormat#BLOCK_DAG_NODES_V5} block, which adds its not-running time;
     *               6: a {@link RecordingFormat#BLOCK_DAG_NODES_V6} block, which adds forkscope's own time;
     *               7: a {@link RecordingFormat#BLOCK_DAG_NODES_V7} block, V6 in variable-length numbers.
     *               Read through a {@link ByteBuffer} (big-endian, as the writer's DataOutputStream): a
     *               DataInputStream over the bytes went through a synchronized read per field, a tenth
     *               of the time `delays` took on a 2.5 M-node DAG.
     */
    private static void readDagNodes(byte[] payload, RecordedNodes into, int layout) throws IOException {
        try {
            if (layout == 7) {
                readCompactDagNodes(ByteBuffer.wrap(payload), into);
            } else {
                readDagNodes(ByteBuffer.wrap(payload), into, layout);
            }
        } catch (BufferUnderflowException e) {
            throw new EOFException();     // the block ends inside a node: a damaged block
        }
    }

    /** Reads a {@link RecordingFormat#BLOCK_DAG_NODES_V7} block: V6's fields in variable-length numbers. */
    private static void readCompactDagNodes(ByteBuffer p, RecordedNodes into) throws IOException {
        int count = Varints.readUnsignedInt(p);
        NodeEnd[] ends = NodeEnd.values();
        EdgeKind[] kinds = EdgeKind.values();
        long id = 0;
        long start = 0;
        for (int i = 0; i < count; i++) {
            id += Varints.readSigned(p);
            int worker = Varints.readUnsignedInt(p);
            start += Varints.readSigned(p);
            long end = start + Varints.readSigned(p);
            long work = Varints.readSigned(p);
            NodeEnd end1 = ends[Math.min(Byte.toUnsignedInt(p.get()), ends.length - 1)];
            int edges = Varints.readUnsignedInt(p);
            if (edges > p.remaining()) {
                throw new EOFException();        // more edges than the block holds bytes: shorter than its contents
            }
            // the node's columns are filled as its fields come; the fields after the edges say what is
            // left to check, and the site path and the trailing times come after it in the file
            int k = into.startNode(id, worker, start, end, work, end1, -1, 0, 0);
            for (int e = 0; e < edges; e++) {
                into.edge(id - Varints.readSigned(p), kinds[Math.min(Byte.toUnsignedInt(p.get()), kinds.length - 1)]);
            }
            long span = Varints.readSigned(p);
            long strands = Varints.readSigned(p);
            long creates = Varints.readSigned(p);
            long waits = Varints.readSigned(p);
            long innerDelay = Varints.readSigned(p);
            long taskEnds = Varints.readSigned(p);
            long firstId = id - Varints.readSigned(p);
            int site = Varints.readSignedInt(p);
            int pathLength = Varints.readUnsignedInt(p);
            if (pathLength > p.remaining()) {
                throw new EOFException();
            }
            for (int s = 0; s < pathLength; s++) {
                int onPath = Varints.readUnsignedInt(p);
                if (onPath < 0) {
                    throw new IOException("node " + id + " has site " + onPath + " on its site path");
                }
                into.pathSite(onPath);
            }
            long notRunning = Varints.readSigned(p);
            long recorderBefore = Varints.readSigned(p);
            long recorderInside = Varints.readSigned(p);
            checkNode(id, firstId, site, notRunning, recorderBefore, recorderInside);
            into.setSiteAndTimes(k, site, notRunning, recorderBefore);
            into.endNode(k, span, strands, creates, waits, innerDelay, taskEnds, firstId, recorderInside);
        }
    }

    /** The checks every layout makes of a node (IOException: a damaged block). */
    private static void checkNode(long id, long firstId, int site, long notRunning, long recorderBefore,
                                  long recorderInside) throws IOException {
        if (firstId > id || (firstId >> 40) != (id >> 40)) {
            throw new IOException("node " + id + " claims ids from " + firstId);
        }
        if (site < -1) {
            throw new IOException("node " + id + " has site " + site);
        }
        if (notRunning < 0) {
            throw new IOException("node " + id + " has a negative not-running time");
        }
        if (recorderBefore < 0 || recorderInside < 0) {
            throw new IOException("node " + id + " has a negative time of forkscope's own");
        }
    }

    /** @return the node, after the checks every layout makes (IOException: a damaged block) */
    private static RecordedNode checkedNode(long id, int worker, long start, long end, long work, NodeEnd end1,
                                            long[] from, EdgeKind[] kind, long span, long strands, long creates,
                                            long waits, long innerDelay, long taskEnds, long firstId, int site,
                                            List<Integer> sitePath, long notRunning, long recorderBefore,
                                            long recorderInside) throws IOException {
        checkNode(id, firstId, site, notRunning, recorderBefore, recorderInside);
        for (int s : sitePath) {
            if (s < 0) {
                throw new IOException("node " + id + " has site " + s + " on its site path");
            }
        }
        return new RecordedNode(id, worker, start, end, work, end1, from, kind, span, strands, creates, waits,
                innerDelay, taskEnds, firstId, site, sitePath, notRunning, recorderBefore, recorderInside);
    }

    private static void readDagNodes(ByteBuffer p, RecordedNodes into, int layout) throws IOException {
        boolean v2 = layout >= 2;
        int count = p.getInt();
        NodeEnd[] ends = NodeEnd.values();
        EdgeKind[] kinds = EdgeKind.values();
        for (int i = 0; i < count; i++) {
            long id = p.getLong();
            int worker = p.getInt();
            long start = p.getLong();
            long end = p.getLong();
            long work = p.getLong();
            NodeEnd end1 = ends[Math.min(Byte.toUnsignedInt(p.get()), ends.length - 1)];
            int edges = Short.toUnsignedInt(p.getShort());
            long[] from = new long[edges];
            EdgeKind[] kind = new EdgeKind[edges];
            for (int e = 0; e < edges; e++) {
                from[e] = p.getLong();
                kind[e] = kinds[Math.min(Byte.toUnsignedInt(p.get()), kinds.length - 1)];
            }
            long span = p.getLong();
            long strands = p.getLong();
            long creates = p.getLong();
            long waits = p.getLong();
            long innerDelay = p.getLong();
            long taskEnds = v2 ? p.getLong() : RecordedNode.strandTaskEnds(end1);
            long firstId = v2 ? p.getLong() : id;
            int site = layout >= 3 ? p.getInt() : -1;
            List<Integer> sitePath = List.of();
            if (layout >= 4) {
                Integer[] path = new Integer[Short.toUnsignedInt(p.getShort())];
                for (int k = 0; k < path.length; k++) {
                    path[k] = p.getInt();
                }
                sitePath = List.of(path);
            }
            long notRunning = layout >= 5 ? p.getLong() : 0;
            long recorderBefore = layout >= 6 ? p.getLong() : 0;
            long recorderInside = layout >= 6 ? p.getLong() : 0;
            into.add(checkedNode(id, worker, start, end, work, end1, from, kind, span, strands, creates, waits,
                    innerDelay, taskEnds, firstId, site, sitePath, notRunning, recorderBefore, recorderInside));   // older layouts: few and small
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

    private static RecordingDamage damaged(long start, int type, String what, int blocks) {
        return new RecordingDamage(RecordingDamage.Kind.DAMAGED, start, start, type, what, blocks);
    }

    /** A field a newer minor version appended to a block (1.7: compilation times): -1 where the block ends before it. */
    private static long optionalLong(DataInputStream p) throws IOException {
        return p.available() >= Long.BYTES ? p.readLong() : -1;
    }

    private static WorkSpan readWorkSpan(DataInputStream p) throws IOException {
        return new WorkSpan(p.readLong(), p.readLong(), p.readLong(), p.readLong(), p.readLong(), p.readLong());
    }
}
