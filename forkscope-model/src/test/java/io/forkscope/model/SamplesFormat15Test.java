package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** Format 1.5: the samples' JFR bytes (block 12) in pieces; files without them, and cut inside them, still read. */
class SamplesFormat15Test {
    static Recording read(byte[] bytes) throws Exception {
        return RecordingReader.read(new ByteArrayInputStream(bytes), "s.fsk");
    }

    static byte[] recording(byte[] jfr, boolean end) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time", RecordingInfo.MODE, "cilkview"));
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 2, 3, 3, true));
        if (jfr != null) {
            w.samples(jfr);
        }
        if (end) {
            w.endOfRecording();
        }
        return bytes.toByteArray();
    }

    static byte[] random(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    @Test
    void samplesComeBackWhole() throws Exception {
        byte[] jfr = random(100_000);
        Recording rec = read(recording(jfr, true));
        assertThat(rec.complete()).isTrue();
        assertThat(rec.warnings()).isEmpty();
        assertThat(rec.recordedSamples().orElseThrow().jfr()).isEqualTo(jfr);
    }

    @Test
    void moreThanOnePieceJoinsUp() throws Exception {
        byte[] jfr = random(RecordingFormat.SAMPLES_PIECE * 2 + 17);
        byte[] file = recording(jfr, true);
        long blocks = countBlocks(file, RecordingFormat.BLOCK_SAMPLES);
        assertThat(blocks).isEqualTo(3);
        assertThat(read(file).recordedSamples().orElseThrow().jfr()).isEqualTo(jfr);
    }

    @Test
    void anEmptyJfrFileIsOneBlock() throws Exception {
        Recording rec = read(recording(new byte[0], true));
        assertThat(rec.recordedSamples().orElseThrow().size()).isZero();
    }

    @Test
    void aRecordingWithoutSamplesHasNone() throws Exception {
        Recording rec = read(recording(null, true));
        assertThat(rec.recordedSamples()).isEmpty();
        assertThat(rec.warnings()).isEmpty();
    }

    @Test
    void aFileCutInsideTheSamplesKeepsTheRestAndSaysSo() throws Exception {
        byte[] jfr = random(RecordingFormat.SAMPLES_PIECE + 1000);
        byte[] whole = recording(jfr, true);
        // cut inside the second piece: the first block is whole, the second is not
        byte[] cut = Arrays.copyOf(whole, whole.length - 600);
        Recording rec = read(cut);
        assertThat(rec.recordedSamples()).isEmpty();
        assertThat(rec.truncated()).isTrue();
        assertThat(rec.complete()).isFalse();
        assertThat(rec.wholeRun().isFinal()).isTrue();
        assertThat(rec.warnings().get(0)).contains("cut short after byte " + cut.length);
        assertThat(rec.warnings()).anyMatch(w -> w.contains("stack samples are incomplete"));
    }

    @Test
    void piecesThatDoNotJoinUpAreLeftOut() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time"));
        w.wholeRun(new WholeRun(WorkSpan.ZERO, 1, 1, 1, true));
        bytes.write(block(RecordingFormat.BLOCK_SAMPLES, 0, false, new byte[10]));
        bytes.write(block(RecordingFormat.BLOCK_SAMPLES, 20, true, new byte[10]));   // a gap of 10 bytes
        w.endOfRecording();
        Recording rec = read(bytes.toByteArray());
        assertThat(rec.recordedSamples()).isEmpty();
        assertThat(rec.warnings()).singleElement().asString().contains("does not follow");
    }

    /** A file of format 1.4 (no samples block, minor 4) still reads, without samples. */
    @Test
    void anOlderFileStillReads() throws Exception {
        byte[] file = recording(null, true);
        file[10] = 0;
        file[11] = 4;
        Recording rec = read(file);
        assertThat(rec.complete()).isTrue();
        assertThat(rec.recordedSamples()).isEmpty();
    }

    /** A samples block as a writer of format 1.5 writes it, with any offset and flag. */
    static byte[] block(int type, long offset, boolean last, byte[] piece) throws Exception {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(payload);
        d.writeLong(offset);
        d.writeBoolean(last);
        d.write(piece);
        byte[] p = payload.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(out);
        o.writeByte(type);
        o.writeInt(p.length);
        o.write(p);
        CRC32 crc = new CRC32();
        crc.update(type);
        crc.update(p.length >>> 24);
        crc.update(p.length >>> 16);
        crc.update(p.length >>> 8);
        crc.update(p.length);
        crc.update(p);
        o.writeInt((int) crc.getValue());
        return out.toByteArray();
    }

    static long countBlocks(byte[] file, int type) {
        long n = 0;
        int at = 12;
        while (at < file.length) {
            int t = file[at] & 0xff;
            int len = ((file[at + 1] & 0xff) << 24) | ((file[at + 2] & 0xff) << 16) | ((file[at + 3] & 0xff) << 8) | (file[at + 4] & 0xff);
            n += t == type ? 1 : 0;
            at += 1 + 4 + len + 4;
        }
        return n;
    }
}
