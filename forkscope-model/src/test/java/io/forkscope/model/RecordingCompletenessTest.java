package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One notion of complete: an end block read, no recorder failure, not truncated; and whatever
 * made a recording partial is its first warning.
 */
class RecordingCompletenessTest {
    static final WorkSpan WS = new WorkSpan(1000, 250, 300, 7, 5, 12345);

    /** A recording whose recorder failed 1.25 s after it started, then closed the file. */
    static byte[] failed(boolean thenEnded) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.UNIT, "time");
        info.put(RecordingInfo.START_EPOCH_MS, "1000000");
        w.info(info);
        w.wholeRun(new WholeRun(WS, 4, 3, 17, false));
        w.warning("region 'x' ended early");
        w.failure(new RecorderFailure(1_001_250, "java.lang.IllegalStateException: broken"));
        if (thenEnded) {
            w.endOfRecording();
        }
        return bytes.toByteArray();
    }

    static Recording read(byte[] bytes) throws Exception {
        return RecordingReader.read(new ByteArrayInputStream(bytes), "f.fsk");
    }

    @Test
    void aFailedRecorderMakesTheRecordingIncompleteEvenWithAnEndBlock() throws Exception {
        for (boolean ended : new boolean[] {true, false}) {
            Recording r = read(failed(ended));
            assertThat(r.ended()).isEqualTo(ended);
            assertThat(r.truncated()).isFalse();
            assertThat(r.complete()).isFalse();
            assertThat(r.recorderFailure()).contains(
                    new RecorderFailure(1_001_250, "java.lang.IllegalStateException: broken"));
            assertThat(r.warnings()).hasSize(2);
            assertThat(r.warnings().get(0)).isEqualTo("f.fsk: the recorder failed internally 1.250 s into the run"
                    + " and stopped recording (java.lang.IllegalStateException: broken); the numbers cover only the"
                    + " run before that and are not the program's");
            assertThat(r.warnings().get(1)).isEqualTo("region 'x' ended early");
        }
    }

    @Test
    void aCleanRecordingIsComplete() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time"));
        w.wholeRun(new WholeRun(WS, 4, 3, 17, true));
        w.endOfRecording();
        Recording r = read(bytes.toByteArray());
        assertThat(r.complete()).isTrue();
        assertThat(r.recorderFailure()).isEmpty();
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void aFinalSnapshotWithoutTheEndBlockIsIncompleteAndSaysSo() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time"));
        w.wholeRun(new WholeRun(WS, 4, 3, 17, true));
        Recording r = read(bytes.toByteArray());
        assertThat(r.complete()).isFalse();
        assertThat(r.warnings()).containsExactly(
                "f.fsk: the recording has no end block (the recorder did not finish it); its numbers may be partial");
    }

    /**
     * Cut anywhere, a DAG recording is never complete, and the first warning says why: cut inside
     * a block, truncated; cut between blocks, not closed.
     */
    @Test
    void everyCutIsIncompleteWithTheReasonFirst() throws Exception {
        byte[] full = DagFormat12Test.written();
        assertThat(DagFormat12Test.read(full).complete()).isTrue();
        int opened = 0;
        int truncated = 0;
        for (int cut = 12; cut < full.length; cut++) {
            Recording r;
            try {
                r = DagFormat12Test.read(Arrays.copyOf(full, cut));
            } catch (RecordingException e) {
                continue;   // before the first snapshot: refused, tested elsewhere
            }
            opened++;
            assertThat(r.complete()).as("cut at %d", cut).isFalse();
            String first = r.warnings().get(0);
            if (r.truncated()) {
                truncated++;
                assertThat(first).as("cut at %d", cut).startsWith("d.fsk: cut short after byte " + cut + " (inside a ");
            } else {
                assertThat(r.ended()).isFalse();
                assertThat(first).as("cut at %d", cut).matches("d\\.fsk: the recording (was not closed|has no end block).*");
            }
            assertThat(r.warnings().stream().filter(w -> w.contains("cut short") || w.contains("not closed")
                    || w.contains("no end block"))).as("cut at %d", cut).hasSize(1);
        }
        assertThat(opened).isGreaterThan(5);
        assertThat(truncated).isGreaterThan(5);
    }

    /** A 1.3 block type is skipped by nothing: a reader of 1.3 files reads 1.2 files as before. */
    @Test
    void aFormat12FileWithoutFailureBlocksReadsAsBefore() throws Exception {
        byte[] full = DagFormat12Test.written();
        full[11] = 2;   // say 1.2: the same blocks
        Recording r = DagFormat12Test.read(full);
        assertThat(r.complete()).isTrue();
        assertThat(r.recorderFailure()).isEmpty();
    }
}
