package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordingGapsTest {

    @Test
    void countsWrittenAtExitAsASecondInformationBlockAreReadBack() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.UNIT, "abstract");
        w.info(info);
        w.wholeRun(new WholeRun(new WorkSpan(10, 5, 5, 1, 1, 0), 2, 2, 1, false));
        RecordingGaps gaps = new RecordingGaps(3, 2, 0, 1, 4);
        w.info(gaps.asInfo());
        w.endOfRecording();
        Recording r = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "x.fsk");

        assertThat(r.info().unit()).isEqualTo(Unit.ABSTRACT);     // the first block's keys stay
        assertThat(RecordingGaps.of(r.info())).isEqualTo(gaps);
        assertThat(RecordingGaps.of(r.info()).incomplete()).isTrue();
        assertThat(RecordingGaps.of(r.info()).lines()).hasSize(4)
                .anySatisfy(l -> assertThat(l).startsWith("4 CountedCompleter(s) were forked again"))
                .anySatisfy(l -> assertThat(l).startsWith("2 task(s) of a runtime forkscope does not model"))
                .anySatisfy(l -> assertThat(l).startsWith("3 task(s) were never joined"));
    }

    /** Tasks a signal cut off are read back as such, named with the signal, and never as never joined. */
    @Test
    void tasksCutOffByASignalAreNotNeverJoined() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(Map.of(RecordingInfo.UNIT, "time"));
        w.wholeRun(new WholeRun(new WorkSpan(10, 5, 5, 1, 1, 0), 2, 2, 1, false));
        w.info(Map.of(RecordingInfo.ENDED_BY, "SIGHUP"));
        w.info(new RecordingGaps(0, 0, 0, 0, 0, 7, "SIGHUP").asInfo());
        w.endOfRecording();
        Recording r = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "x.fsk");
        RecordingGaps gaps = RecordingGaps.of(r.info());
        assertThat(gaps).isEqualTo(new RecordingGaps(0, 0, 0, 0, 0, 7, "SIGHUP"));
        assertThat(gaps.incomplete()).isTrue();
        assertThat(gaps.lines()).containsExactly("7 task(s) were not yet joined when SIGHUP ended the run: cut off by"
                + " the signal, not left unjoined by the program");
        assertThat(r.complete()).isFalse();
        assertThat(r.ended()).isTrue();
    }

    @Test
    void aRecordingWithoutTheKeysHasNoGaps() {
        RecordingGaps g = RecordingGaps.of(new RecordingInfo(Map.of(RecordingInfo.UNIT, "time",
                RecordingGaps.UNJOINED, "not a number")));
        assertThat(g).isEqualTo(RecordingGaps.NONE);
        assertThat(g.incomplete()).isFalse();
        assertThat(g.asInfo()).isEmpty();
        assertThat(g.lines()).isEmpty();
    }
}
