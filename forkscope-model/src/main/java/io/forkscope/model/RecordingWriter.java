package io.forkscope.model;

import io.forkscope.model.dag.WorkerBusy;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Writes a recording block by block (see {@link RecordingFormat}). Each block is encoded in memory
 * and handed to the stream with a single write followed by a flush, so a reader of a file whose
 * writer died sees only whole blocks plus at most one torn tail. Not thread-safe: callers
 * serialise access (the agent's writer holds one lock around each call).
 */
public final class RecordingWriter implements AutoCloseable {
    private final OutputStream out;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
    private final DataOutputStream data = new DataOutputStream(buffer);
    private final CRC32 crc = new CRC32();
    /** Busy intervals per block: 16 bytes each, far below {@link RecordingFormat#MAX_PAYLOAD}. */
    static final int BUSY_PAIRS_PER_BLOCK = 1 << 20;

    public RecordingWriter(OutputStream out) throws IOException {
        this.out = out;
        DataOutputStream header = new DataOutputStream(buffer);
        header.write(RecordingFormat.MAGIC);
        header.writeShort(RecordingFormat.MAJOR);
        header.writeShort(RecordingFormat.MINOR);
        flushBuffer();
    }

    public void info(Map<String, String> values) throws IOException {
        begin(RecordingFormat.BLOCK_INFO);
        data.writeInt(values.size());
        for (Map.Entry<String, String> e : values.entrySet()) {
            data.writeUTF(e.getKey());
            data.writeUTF(e.getValue());
        }
        finishBlock();
    }

    public void wholeRun(WholeRun run) throws IOException {
        begin(RecordingFormat.BLOCK_WHOLE_RUN);
        writeWorkSpan(run.measures());
        data.writeInt(run.workers());
        data.writeInt(run.threads());
        data.writeLong(run.tasks());
        data.writeBoolean(run.isFinal());
        data.writeLong(run.compileNs());          // 1.7
        data.writeLong(run.compileWindowNs());    // 1.7
        finishBlock();
    }

    public void region(RegionRecord region) throws IOException {
        begin(RecordingFormat.BLOCK_REGION);
        data.writeUTF(region.label());
        data.writeUTF(region.thread());
        data.writeLong(region.startNs());
        writeWorkSpan(region.measures());
        data.writeLong(region.unjoined());
        data.writeLong(region.compileNs());       // 1.7
        finishBlock();
    }

    /**
     * A batch of DAG nodes (a {@link RecordingFormat#BLOCK_DAG_NODES_V7} block: variable-length numbers,
     * relative to the node before); batches may come in any order.
     */
    public void dagNodes(java.util.List<io.forkscope.model.dag.RecordedNode> nodes) throws IOException {
        begin(RecordingFormat.BLOCK_DAG_NODES_V7);
        Varints.writeUnsigned(data, nodes.size());
        long previousId = 0;
        long previousStart = 0;
        for (io.forkscope.model.dag.RecordedNode n : nodes) {
            Varints.writeSigned(data, n.id() - previousId);
            Varints.writeUnsigned(data, Integer.toUnsignedLong(n.worker()));
            Varints.writeSigned(data, n.start() - previousStart);
            Varints.writeSigned(data, n.end() - n.start());
            Varints.writeSigned(data, n.work());
            data.writeByte(n.ends().ordinal());
            Varints.writeUnsigned(data, n.inFrom().length);
            for (int i = 0; i < n.inFrom().length; i++) {
                Varints.writeSigned(data, n.id() - n.inFrom()[i]);
                data.writeByte(n.inKinds()[i].ordinal());
            }
            Varints.writeSigned(data, n.span());
            Varints.writeSigned(data, n.strands());
            Varints.writeSigned(data, n.creates());
            Varints.writeSigned(data, n.waits());
            Varints.writeSigned(data, n.innerDelay());
            Varints.writeSigned(data, n.taskEnds());
            Varints.writeSigned(data, n.id() - n.firstId());
            Varints.writeSigned(data, n.site());
            Varints.writeUnsigned(data, n.sitePath().size());
            for (int site : n.sitePath()) {
                Varints.writeUnsigned(data, Integer.toUnsignedLong(site));
            }
            Varints.writeSigned(data, n.notRunning());
            Varints.writeSigned(data, n.recorderBefore());
            Varints.writeSigned(data, n.recorderInside());
            previousId = n.id();
            previousStart = n.start();
        }
        finishBlock();
    }

    /**
     * A batch of one worker's busy intervals ({@link RecordingFormat#BLOCK_DAG_BUSY} blocks, split
     * when very long); a worker may have several batches, in any order.
     */
    public void workerBusy(WorkerBusy busy) throws IOException {
        long[] intervals = busy.intervals();
        int pairs = intervals.length / 2;
        int from = 0;
        do {
            int n = Math.min(pairs - from, BUSY_PAIRS_PER_BLOCK);
            begin(RecordingFormat.BLOCK_DAG_BUSY);
            data.writeInt(busy.worker());
            data.writeUTF(busy.thread().length() > 1000 ? busy.thread().substring(0, 1000) : busy.thread());
            data.writeInt(n);
            for (int i = from; i < from + n; i++) {
                data.writeLong(intervals[2 * i]);
                data.writeLong(intervals[2 * i + 1]);
            }
            finishBlock();
            from += n;
        } while (from < pairs);
    }

    /** The DAG's frame: P and the analysed interval (ns from the start of the recording). */
    public void dagRun(int workers, long begin, long finish) throws IOException {
        begin(RecordingFormat.BLOCK_DAG_RUN);
        data.writeInt(workers);
        data.writeLong(begin);
        data.writeLong(finish);
        finishBlock();
    }

    /** The run's worker slots (a {@link RecordingFormat#BLOCK_SLOTS} block). */
    public void slots(io.forkscope.model.slots.WorkerSlots slots) throws IOException {
        begin(RecordingFormat.BLOCK_SLOTS);
        SlotsBlock.write(data, slots);
        finishBlock();
    }

    public void warning(String text) throws IOException {
        begin(RecordingFormat.BLOCK_WARNING);
        data.writeUTF(text.length() > 4000 ? text.substring(0, 4000) : text);
        finishBlock();
    }

    /** The recorder's internal failure (a {@link RecordingFormat#BLOCK_FAILURE} block). */
    public void failure(RecorderFailure failure) throws IOException {
        begin(RecordingFormat.BLOCK_FAILURE);
        data.writeLong(failure.epochMs());
        String text = failure.text();
        data.writeUTF(text.length() > 4000 ? text.substring(0, 4000) : text);
        finishBlock();
    }

    /**
     * The call-site table and profiles (a {@link RecordingFormat#BLOCK_SITES} block): every site,
     * the whole run's result, then the regions' (none yet).
     */
    public void sites(io.forkscope.model.sites.RecordedSites sites) throws IOException {
        begin(RecordingFormat.BLOCK_SITES);
        data.writeInt(sites.sites().size());
        for (io.forkscope.model.sites.CallSite s : sites.sites()) {
            data.writeInt(s.id());
            data.writeInt(s.callerMethod());
            data.writeUTF(bounded(s.className()));
            data.writeUTF(bounded(s.methodName()));
            data.writeUTF(bounded(s.descriptor()));
            data.writeInt(s.bci());
            data.writeInt(s.line());
            writeOptional(s.sourceFile());
            data.writeByte(s.kind().ordinal());
            writeOptional(s.callee());
        }
        writeSitesResult(sites.wholeRun());
        data.writeInt(sites.regions().size());
        for (io.forkscope.model.sites.RegionSites r : sites.regions()) {
            data.writeUTF(bounded(r.label()));
            writeSitesResult(r.result());
        }
        finishBlock();
    }

    private void writeSitesResult(io.forkscope.model.sites.SitesResult r) throws IOException {
        data.writeLong(r.work());
        data.writeLong(r.span());
        data.writeLong(r.foreignJoins());
        writeSiteProfile(r.onWork());
        writeSiteProfile(r.onSpan());
    }

    private void writeSiteProfile(io.forkscope.model.sites.SiteProfile p) throws IOException {
        data.writeLong(p.outsideWork());
        data.writeLong(p.outsideSpan());
        data.writeInt(p.sites().size());
        for (io.forkscope.model.sites.SiteMeasures m : p.sites()) {
            data.writeInt(m.site());
            writeMeasurement(m.topCallSite());
            writeMeasurement(m.topCaller());
            writeMeasurement(m.local());
        }
    }

    private void writeMeasurement(io.forkscope.model.sites.Measurement m) throws IOException {
        data.writeLong(m.count());
        data.writeLong(m.work());
        data.writeLong(m.span());
    }

    private void writeOptional(String s) throws IOException {
        data.writeBoolean(s != null);
        if (s != null) {
            data.writeUTF(bounded(s));
        }
    }

    /** @return {@code s} short enough for {@code writeUTF} (at most 3 bytes a char, 65535 bytes) */
    private static String bounded(String s) {
        return s.length() > 16000 ? s.substring(0, 16000) : s;
    }

    /** Marks the recording complete. Further blocks may still follow (a reader keeps reading). */
    /**
     * The JFR file of the run's stack samples, as {@link RecordingFormat#BLOCK_SAMPLES} blocks of
     * at most {@link RecordingFormat#SAMPLES_PIECE} bytes each (one block for an empty file).
     */
    public void samples(byte[] jfr) throws IOException {
        int offset = 0;
        do {
            int length = Math.min(RecordingFormat.SAMPLES_PIECE, jfr.length - offset);
            begin(RecordingFormat.BLOCK_SAMPLES);
            data.writeLong(offset);
            data.writeBoolean(offset + length == jfr.length);
            data.write(jfr, offset, length);
            finishBlock();
            offset += length;
        } while (offset < jfr.length);
    }

    public void endOfRecording() throws IOException {
        begin(RecordingFormat.BLOCK_END);
        finishBlock();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private void writeWorkSpan(WorkSpan w) throws IOException {
        data.writeLong(w.work());
        data.writeLong(w.span());
        data.writeLong(w.burdenedSpan());
        data.writeLong(w.spawns());
        data.writeLong(w.syncs());
        data.writeLong(w.elapsedNs());
    }

    private int type;

    private void begin(int blockType) {
        buffer.reset();
        type = blockType;
        // type and length are filled in by finishBlock, once the payload size is known
    }

    private void finishBlock() throws IOException {
        byte[] payload = buffer.toByteArray();
        buffer.reset();
        data.writeByte(type);
        data.writeInt(payload.length);
        data.write(payload);
        crc.reset();
        byte[] framed = buffer.toByteArray();
        crc.update(framed, 0, framed.length);
        data.writeInt((int) crc.getValue());
        flushBuffer();
    }

    private void flushBuffer() throws IOException {
        buffer.writeTo(out);
        out.flush();
        buffer.reset();
    }
}
