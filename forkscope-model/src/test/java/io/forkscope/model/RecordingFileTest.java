package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordingFileTest {
    static final WorkSpan WS = new WorkSpan(1000, 250, 300, 7, 5, 12345);
    static final RegionRecord REGION = new RegionRecord("sort", "main", 42, new WorkSpan(10, 5, 6, 1, 1, 99), 0);

    static byte[] sample(boolean close) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.UNIT, "abstract");
        info.put(RecordingInfo.BURDEN, "100");
        info.put(RecordingInfo.BURDEN_SOURCE, "option");
        w.info(info);
        w.wholeRun(new WholeRun(WS, 4, 3, 17, false));
        w.region(REGION);
        w.warning("something odd");
        if (close) {
            w.wholeRun(new WholeRun(WS, 4, 3, 18, true));
            w.endOfRecording();
        }
        return bytes.toByteArray();
    }

    static Recording read(byte[] bytes) throws Exception {
        return RecordingReader.read(new ByteArrayInputStream(bytes), "x.fsk");
    }

    @Test
    void roundTrip() throws Exception {
        Recording r = read(sample(true));
        assertThat(r.complete()).isTrue();
        assertThat(r.info().unit()).isEqualTo(Unit.ABSTRACT);
        assertThat(r.info().burden()).isEqualTo(100);
        assertThat(r.info().burdenSource()).isEqualTo("option");
        assertThat(r.wholeRun()).isEqualTo(new WholeRun(WS, 4, 3, 18, true));
        assertThat(r.regions()).containsExactly(REGION);
        assertThat(r.warnings()).containsExactly("something odd");
    }

    @Test
    void unclosedRecordingShowsLastSnapshotWithWarning() throws Exception {
        Recording r = read(sample(false));
        assertThat(r.complete()).isFalse();
        assertThat(r.wholeRun().tasks()).isEqualTo(17);
        assertThat(r.warnings()).anyMatch(w -> w.contains("not closed"));
    }

    @Property(tries = 200)
    void everyTruncationOpensUpToItsLastCompleteBlockOrFailsCleanly(@ForAll @IntRange(min = 0, max = 400) int cut)
            throws Exception {
        byte[] full = sample(true);
        byte[] part = Arrays.copyOf(full, Math.min(cut, full.length));
        try {
            Recording r = read(part);
            assertThat(r.wholeRun()).isNotNull();
            if (part.length < full.length) {
                assertThat(r.complete() && r.wholeRun().isFinal() && r.warnings().size() == 1).isFalse();
            }
        } catch (RecordingException e) {
            assertThat(e.getMessage()).startsWith("x.fsk: ").doesNotContain("\n");
        }
    }

    @Property(tries = 200)
    void aFlippedByteIsNeverReadAsDifferentData(@ForAll @IntRange(min = 12, max = 10_000) int where) throws Exception {
        byte[] bytes = sample(true);
        int at = where % bytes.length;
        Assume.that(at >= 12);
        bytes[at] ^= 0x5A;
        try {
            Recording r = read(bytes);
            // whatever survives must be a prefix of what was written
            assertThat(r.warnings()).anyMatch(w -> w.contains("damaged") || w.contains("truncated"));
        } catch (RecordingException e) {
            assertThat(e.getMessage()).startsWith("x.fsk: ");
        }
    }

    @Test
    void refusesWhatIsNotARecording(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("notes.fsk");
        Files.writeString(text, "hello, this is text\n");
        assertThatThrownBy(() -> RecordingReader.read(text)).isInstanceOf(RecordingException.class)
                .hasMessage(text + ": not a forkscope recording (no FSKREC header)");
        assertThatThrownBy(() -> RecordingReader.read(dir.resolve("missing.fsk")))
                .hasMessageEndingWith("missing.fsk: no such file");
    }

    @Test
    void refusesANewerMajorVersion() throws Exception {
        byte[] bytes = sample(true);
        bytes[8] = 0;
        bytes[9] = 9;
        assertThatThrownBy(() -> read(bytes)).isInstanceOf(RecordingException.class)
                .hasMessageContaining("format 9.").hasMessageContaining("is newer than this forkscope reads");
    }

    @Test
    void skipsUnknownBlockTypes() throws Exception {
        byte[] bytes = sample(true);
        // splice an unknown block (type 99, 3 bytes) with a valid CRC right after the header
        ByteArrayOutputStream extra = new ByteArrayOutputStream();
        byte[] framed = {99, 0, 0, 0, 3, 1, 2, 3};
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(framed);
        extra.write(bytes, 0, 12);
        extra.write(framed);
        long c = crc.getValue();
        extra.write(new byte[] {(byte) (c >>> 24), (byte) (c >>> 16), (byte) (c >>> 8), (byte) c});
        extra.write(bytes, 12, bytes.length - 12);
        Recording r = read(extra.toByteArray());
        assertThat(r.complete()).isTrue();
        assertThat(r.regions()).containsExactly(REGION);
    }

    @Test
    void derivedMeasures() {
        assertThat(WS.parallelism()).isEqualTo(4.0);
        assertThat(WS.burdenedParallelism()).isCloseTo(3.3333, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(WS.averageMaximalStrand()).isEqualTo(1000.0 / (1 + 14 + 5));
        assertThat(WorkSpan.ZERO.parallelism()).isZero();
    }
}
