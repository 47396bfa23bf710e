package io.forkscope.recorder.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RecordingWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sink asks for the samples once, at the end of a recording that did not fail, after the call
 * sites; a source that throws leaves a whole recording with a warning and no samples.
 */
class RecordingSinkSamplesTest {
    static final byte[] JFR = {'F', 'L', 'R', 0, 1, 2, 3};

    static Recording closed(RecordingSinkSitesTest.Sites m, java.util.concurrent.Callable<RecordingSink.ClosingSamples> samples,
                            boolean fail) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes), Map.of("unit", "time"), m, 1000);
        sink.siteTable(() -> RecordingSinkSitesTest.TABLE);
        sink.samplesOnClose(samples);
        if (fail) {
            sink.recorderFailed(new IllegalStateException("x"));
        }
        sink.flush();
        sink.close();
        return RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "s.fsk");
    }

    @Test
    void theSamplesComeLastAfterTheSites() throws Exception {
        RecordingSinkSitesTest.Sites m = new RecordingSinkSitesTest.Sites();
        Recording r = closed(m, () -> {
            m.calls.add("samples");
            return new RecordingSink.ClosingSamples(JFR, Map.of());
        }, false);
        assertThat(m.calls).endsWith("final snapshot", "sites", "regions", "samples");
        assertThat(r.complete()).isTrue();
        assertThat(r.recordedSamples()).hasValueSatisfying(s -> assertThat(s.jfr()).isEqualTo(JFR));
        assertThat(r.recordedSites()).isPresent();
    }

    @Test
    void eachThreadsCpuTimeReadAtTheCloseGoesIntoTheInformation() throws Exception {
        Map<String, String> cpu = Map.ofEntries(
                io.forkscope.model.RecordingInfo.sampledThreadCpuEntry(31, 480_000_000L, "ForkJoinPool-1-worker-1"),
                io.forkscope.model.RecordingInfo.sampledThreadCpuEntry(32, 7, "a name with spaces"));
        Recording r = closed(new RecordingSinkSitesTest.Sites(), () -> new RecordingSink.ClosingSamples(JFR, cpu), false);
        assertThat(r.complete()).isTrue();
        assertThat(r.info().get("unit", "")).isEqualTo("time");
        assertThat(r.info().sampledThreadCpu()).containsOnly(
                Map.entry(31L, new io.forkscope.model.RecordingInfo.ThreadCpu(480_000_000L, "ForkJoinPool-1-worker-1")),
                Map.entry(32L, new io.forkscope.model.RecordingInfo.ThreadCpu(7, "a name with spaces")));
        assertThat(r.recordedSamples()).hasValueSatisfying(s -> assertThat(s.jfr()).isEqualTo(JFR));
    }

    @Test
    void aSourceThatThrowsLeavesAWholeRecordingWithAWarning() throws Exception {
        Recording r = closed(new RecordingSinkSitesTest.Sites(), () -> {
            throw new IOException("JFR did not write");
        }, false);
        assertThat(r.complete()).isTrue();
        assertThat(r.recordedSamples()).isEmpty();
        assertThat(r.warnings()).singleElement().asString().contains("stack samples: could not be saved", "JFR did not write");
        assertThat(r.wholeRun().isFinal()).isTrue();
    }

    @Test
    void afterARecorderFailureTheyAreNotAskedFor() throws Exception {
        RecordingSinkSitesTest.Sites m = new RecordingSinkSitesTest.Sites();
        Recording r = closed(m, () -> {
            m.calls.add("samples");
            return new RecordingSink.ClosingSamples(JFR, Map.of());
        }, true);
        assertThat(m.calls).doesNotContain("samples");
        assertThat(r.recordedSamples()).isEmpty();
    }
}
