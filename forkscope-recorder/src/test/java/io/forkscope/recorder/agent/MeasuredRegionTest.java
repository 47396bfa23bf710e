package io.forkscope.recorder.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.Measurement;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.recorder.engine.StoppedRegion;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A closed region as Forkscope.measure hands it to the program. */
class MeasuredRegionTest {
    @Test
    void theRegionsMeasuresPassThroughWithTheirParallelisms() {
        Measurement m = MeasuredRegion.of(new StoppedRegion("r", new WorkSpan(16_000, 1_000, 2_600, 15, 15, 42), 0, null),
                "abstract", false);
        assertThat(m.isMeasured()).isTrue();
        assertThat(List.of(m.work(), m.span(), m.burdenedSpan(), m.spawns(), m.syncs(), m.elapsedNs()))
                .containsExactly(16_000L, 1_000L, 2_600L, 15L, 15L, 42L);
        assertThat(m.parallelism()).isEqualTo(16.0);
        assertThat(m.burdenedParallelism()).isEqualTo(16_000.0 / 2_600);
        assertThat(m.unit()).isEqualTo("abstract");
        assertThat(m.sitesRecorded()).isFalse();
        assertThat(m.notes()).isEmpty();
    }

    @Test
    void tasksLeftRunningAndMissingSiteProfilesAreNoted() {
        Measurement m = MeasuredRegion.of(new StoppedRegion("r", new WorkSpan(10, 10, 10, 3, 0, 1), 2, null), "time", true);
        assertThat(m.notes()).hasSize(2);
        assertThat(m.notes().get(0)).startsWith("2 task(s) forked inside had not finished");
        assertThat(m.notes().get(1)).startsWith("call sites: this region has none");
        assertThat(m.sitesRecorded()).isFalse();
    }

    @Test
    void aRegionLeftOutOrATakenDownRecorderMeasuresNothingAndSaysWhy() {
        Measurement leftOut = MeasuredRegion.of(new StoppedRegion("r", null, 0, null), "time", false);
        assertThat(leftOut.isMeasured()).isFalse();
        assertThat(leftOut.notMeasuredReason()).contains("closed on another thread or in another task");
        assertThatThrownBy(leftOut::parallelism).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("nothing was measured");
        assertThat(MeasuredRegion.of(null, "time", false).notMeasuredReason()).contains("internal error");
    }

    @Test
    void spanSitesAreNamedSortedByLocalSpanAndCapped() {
        List<CallSite> names = new ArrayList<>();
        List<SiteMeasures> measured = new ArrayList<>();
        for (int id = 0; id < MeasuredRegion.MAX_SITES + 5; id++) {
            names.add(new CallSite(id, 0, "app.Sort", "sort", "()V", id, 10 + id, "Sort.java", SiteKind.CALL,
                    "Sort.part" + id));
            long local = id == 3 ? 0 : 10L * id;       // site 3 has no local span on the span: left out
            measured.add(new SiteMeasures(id, m(0, 0, 0), m(0, 0, 0), m(id + 1, 0, local)));
        }
        measured.add(new SiteMeasures(99, m(0, 0, 0), m(0, 0, 0), m(1, 0, 7)));   // an id the names do not hold
        List<Measurement.SpanSite> sites = MeasuredRegion.spanSites(measured, 1_000, names);

        assertThat(sites).hasSize(MeasuredRegion.MAX_SITES);
        Measurement.SpanSite top = sites.get(0);
        int last = MeasuredRegion.MAX_SITES + 4;
        assertThat(top.where()).isEqualTo("Sort.java:" + (10 + last));
        assertThat(top.callee()).isEqualTo("Sort.part" + last);
        assertThat(top.invocations()).isEqualTo(last + 1);
        assertThat(top.localSpan()).isEqualTo(10L * last);
        assertThat(top.spanPercent()).isEqualTo(100.0 * 10 * last / 1_000);
        assertThat(sites).extracting(Measurement.SpanSite::localSpan).isSortedAccordingTo((a, b) -> Long.compare(b, a));
        List<Measurement.SpanSite> few = MeasuredRegion.spanSites(measured.subList(measured.size() - 1, measured.size()),
                0, names);
        assertThat(few).singleElement().satisfies(s -> {
            assertThat(s.where()).isEqualTo("site #99");
            assertThat(s.spanPercent()).isZero();
        });
    }

    private static io.forkscope.model.sites.Measurement m(long count, long work, long span) {
        return new io.forkscope.model.sites.Measurement(count, work, span);
    }
}
