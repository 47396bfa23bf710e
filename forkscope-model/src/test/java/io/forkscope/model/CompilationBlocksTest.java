package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Format 1.7 appends the JIT compilers' time to whole-run and region blocks: it reads back, a block
 * written before 1.7 (without the fields) reads as unknown, and {@link Compilation}'s verdict holds
 * at its thresholds.
 */
class CompilationBlocksTest {
    static final WorkSpan WS = new WorkSpan(1000, 250, 300, 7, 5, 200_000_000L);

    @Test
    void compilationTimesReadBack() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(info());
        w.region(new RegionRecord("cold", "main", 42, WS, 0, 30_000_000L));
        w.region(new RegionRecord("unknown", "main", 43, WS, 0));
        w.wholeRun(new WholeRun(WS, 2, 2, 9, true, 70_000_000L, 900_000_000L));
        w.endOfRecording();
        Recording r = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "x.fsk");
        assertThat(r.regions()).extracting(RegionRecord::compileNs).containsExactly(30_000_000L, -1L);
        assertThat(r.wholeRun().compileNs()).isEqualTo(70_000_000L);
        assertThat(r.wholeRun().compileWindowNs()).isEqualTo(900_000_000L);
        assertThat(r.regions().get(0).compilation()).isEqualTo(new Compilation(30_000_000L, 200_000_000L));
    }

    /** Blocks as format 1.6 wrote them, field by field: the 1.7 fields are simply absent. */
    @Test
    void blocksWrittenBeforeTheFieldsReadAsUnknown() throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(file);
        out.write(RecordingFormat.MAGIC);
        out.writeShort(1);
        out.writeShort(6);
        block(out, RecordingFormat.BLOCK_INFO, p -> {
            p.writeInt(info().size());
            for (Map.Entry<String, String> e : info().entrySet()) {
                p.writeUTF(e.getKey());
                p.writeUTF(e.getValue());
            }
        });
        block(out, RecordingFormat.BLOCK_REGION, p -> {
            p.writeUTF("r");
            p.writeUTF("main");
            p.writeLong(5);
            workSpan(p);
            p.writeLong(0);
        });
        block(out, RecordingFormat.BLOCK_WHOLE_RUN, p -> {
            workSpan(p);
            p.writeInt(2);
            p.writeInt(2);
            p.writeLong(9);
            p.writeBoolean(true);
        });
        block(out, RecordingFormat.BLOCK_END, p -> { });
        Recording r = RecordingReader.read(new ByteArrayInputStream(file.toByteArray()), "old.fsk");
        assertThat(r.complete()).isTrue();
        assertThat(r.regions().get(0).compileNs()).isEqualTo(-1);
        assertThat(r.regions().get(0).measures()).isEqualTo(WS);
        assertThat(r.wholeRun()).isEqualTo(new WholeRun(WS, 2, 2, 9, true));
        assertThat(r.wholeRun().compilation().known()).isFalse();
        assertThat(r.wholeRun().compilation().cold()).isFalse();
    }

    @Test
    void coldFromATenthOfTheElapsedTimeAndFiveMilliseconds() {
        long ms = 1_000_000L;
        assertThat(new Compilation(10 * ms, 100 * ms).cold()).isTrue();          // exactly 10%
        assertThat(new Compilation(10 * ms - 1, 100 * ms).cold()).isFalse();     // just under
        assertThat(new Compilation(11 * ms, 100 * ms).cold()).isTrue();
        assertThat(new Compilation(5 * ms, 20 * ms).cold()).isTrue();            // 25%, at the 5 ms floor
        assertThat(new Compilation(5 * ms - 1, 20 * ms).cold()).isFalse();       // 25%, under the floor
        assertThat(new Compilation(300 * ms, 100 * ms).share()).isEqualTo(3.0);  // three compiler threads
        assertThat(new Compilation(-1, 100 * ms).cold()).isFalse();
        assertThat(new Compilation(10 * ms, 0).cold()).isFalse();
        assertThat(new Compilation(-1, 100 * ms).share()).isNaN();
    }

    private static Map<String, String> info() {
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.UNIT, "time");
        info.put(RecordingInfo.BURDEN, "100");
        info.put(RecordingInfo.BURDEN_SOURCE, "option");
        return info;
    }

    private static void workSpan(DataOutputStream p) throws IOException {
        p.writeLong(WS.work());
        p.writeLong(WS.span());
        p.writeLong(WS.burdenedSpan());
        p.writeLong(WS.spawns());
        p.writeLong(WS.syncs());
        p.writeLong(WS.elapsedNs());
    }

    private interface Payload {
        void write(DataOutputStream p) throws IOException;
    }

    private static void block(DataOutputStream out, int type, Payload payload) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        payload.write(new DataOutputStream(bytes));
        byte[] b = bytes.toByteArray();
        CRC32 crc = new CRC32();
        crc.update(type);
        crc.update(b.length >>> 24);
        crc.update(b.length >>> 16);
        crc.update(b.length >>> 8);
        crc.update(b.length);
        crc.update(b);
        out.writeByte(type);
        out.writeInt(b.length);
        out.write(b);
        out.writeInt((int) crc.getValue());
    }
}
