package io.forkscope.recorder.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The sink writes the call-site block at the end of the run, after the final drain and the final
 * snapshot, with the registry's site table; not at all without call sites or after a failure; and
 * a failure to compute the profiles is the recorder's failure, with the final numbers kept.
 */
class RecordingSinkSitesTest {
    static final List<CallSite> TABLE = List.of(
            new CallSite(0, 0, "app.Fib", "compute", "()Ljava/lang/Integer;", 20, 14, "Fib.java", SiteKind.FORK,
                    "app.Fib.compute"),
            new CallSite(1, 0, "app.Fib", "compute", "()Ljava/lang/Integer;", 31, 15, "Fib.java", SiteKind.CALL,
                    "app.Fib.compute"));
    static final SiteProfile PROFILE = new SiteProfile(List.of(
            new SiteMeasures(0, new Measurement(1, 60, 30), new Measurement(1, 60, 30), new Measurement(4, 60, 30)),
            new SiteMeasures(1, new Measurement(1, 35, 25), new Measurement(1, 35, 25), new Measurement(3, 35, 25))),
            5, 5);
    static final SitesResult RESULT = new SitesResult(100, 60, PROFILE, PROFILE, 0);

    /** Records the order in which the sink asks for things. */
    static final class Sites implements Measurements {
        final List<String> calls = new ArrayList<>();
        SitesResult result = RESULT;
        List<io.forkscope.model.sites.RegionSites> regions = List.of();
        RuntimeException failure;

        @Override
        public List<io.forkscope.model.sites.RegionSites> sitesRegions() {
            calls.add("regions");
            return regions;
        }

        @Override
        public WholeRun snapshot(boolean isFinal) {
            calls.add(isFinal ? "final snapshot" : "snapshot");
            return new WholeRun(new WorkSpan(100, 60, 70, 3, 3, 1000), 2, 2, 7, isFinal);
        }

        @Override
        public void drainRegions(Consumer<RegionRecord> sink) {
        }

        @Override
        public void drainWarnings(Consumer<String> sink) {
        }

        @Override
        public void drainDagNodes(Consumer<List<io.forkscope.model.dag.RecordedNode>> sink, boolean isFinal) {
            if (isFinal) {
                calls.add("final drain");
            }
        }

        @Override
        public SitesResult sitesResult() {
            calls.add("sites");
            if (failure != null) {
                throw failure;
            }
            return result;
        }
    }

    static Recording closed(Sites m, ByteArrayOutputStream bytes) throws Exception {
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes), Map.of("unit", "time"), m, 1000);
        sink.siteTable(() -> TABLE);
        sink.flush();
        sink.close();
        return RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "s.fsk");
    }

    @Test
    void theBlockComesOnceAtTheEndAfterTheFinalDrainAndSnapshot() throws Exception {
        Sites m = new Sites();
        Recording r = closed(m, new ByteArrayOutputStream());
        assertThat(m.calls).containsExactly("snapshot", "snapshot", "final drain", "final snapshot", "sites", "regions");
        assertThat(r.complete()).isTrue();
        assertThat(r.recordedSites()).contains(new RecordedSites(TABLE, RESULT));
    }

    @Test
    void eachRegionsProfilesGoIntoTheBlockInOrderALabelTwiceTwice() throws Exception {
        Sites m = new Sites();
        SiteProfile one = new SiteProfile(List.of(
                new SiteMeasures(1, new Measurement(1, 35, 25), new Measurement(1, 35, 25), new Measurement(3, 35, 25))),
                0, 0);
        SitesResult kernel = new SitesResult(35, 25, one, one, 0);
        m.regions = List.of(new io.forkscope.model.sites.RegionSites("kernel", kernel),
                new io.forkscope.model.sites.RegionSites("setup", RESULT),
                new io.forkscope.model.sites.RegionSites("kernel", RESULT));
        Recording r = closed(m, new ByteArrayOutputStream());
        assertThat(r.recordedSites()).contains(new RecordedSites(TABLE, RESULT, m.regions));
        assertThat(r.recordedSites().get().regions()).extracting(io.forkscope.model.sites.RegionSites::label)
                .containsExactly("kernel", "setup", "kernel");
    }

    @Test
    void withoutCallSitesThereIsNoBlock() throws Exception {
        Sites m = new Sites();
        m.result = null;
        Recording r = closed(m, new ByteArrayOutputStream());
        assertThat(r.complete()).isTrue();
        assertThat(r.recordedSites()).isEmpty();
    }

    @Test
    void aFailureWhileComputingThemIsTheRecordersAndKeepsTheFinalNumbers() throws Exception {
        Sites m = new Sites();
        m.failure = new IllegalStateException("broken site stack");
        Recording r = closed(m, new ByteArrayOutputStream());
        assertThat(r.complete()).isFalse();
        assertThat(r.recordedSites()).isEmpty();
        assertThat(r.recorderFailure()).hasValueSatisfying(f -> assertThat(f.text()).contains("broken site stack"));
        assertThat(r.wholeRun().isFinal()).isTrue();
    }

    @Test
    void afterARecorderFailureTheyAreNotAskedFor() throws Exception {
        Sites m = new Sites();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes), Map.of("unit", "time"), m, 1000);
        sink.siteTable(() -> TABLE);
        sink.recorderFailed(new IllegalStateException("x"));
        sink.close();
        assertThat(m.calls).doesNotContain("sites");
        Recording r = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "s.fsk");
        assertThat(r.recordedSites()).isEmpty();
    }
}
