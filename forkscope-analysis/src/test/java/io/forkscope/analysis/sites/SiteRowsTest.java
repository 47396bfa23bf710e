package io.forkscope.analysis.sites;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.cilkview.Diagnosis;
import io.forkscope.model.Unit;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The call-site view: every site joined with both profiles, sorted by share, and its two totals. */
class SiteRowsTest {
    static CallSite site(int id, String callee) {
        return new CallSite(id, 0, "app.Q$T", "compute", "()V", 10 * id, 40 + id, "Q.java", SiteKind.CALL, callee);
    }

    static SiteMeasures local(int site, long count, long work, long span) {
        Measurement m = new Measurement(count, work, span);
        return new SiteMeasures(site, m, m, m);
    }

    /** T1 = 100 = 10 + 30 + 40 + 20 outside; T∞ = 50 = 5 + 30 (+ site 2: none on span) + 15 outside. */
    static RecordedSites sites() {
        SiteProfile onWork = new SiteProfile(List.of(local(0, 1, 10, 5), local(1, 2, 30, 30), local(2, 4, 40, 10)),
                20, 15);
        SiteProfile onSpan = new SiteProfile(List.of(local(0, 1, 10, 5), local(1, 2, 30, 30)), 20, 15);
        return new RecordedSites(List.of(site(0, "app.Q.a"), site(1, "app.Q.b(I)V"), site(2, null), site(3, "x")),
                new SitesResult(100, 50, onWork, onSpan, 0));
    }

    @Test
    void onSpanSortsByLocalSpanShareAndPutsSitesWithoutInvocationsLast() {
        SiteRows rows = SiteRows.of(sites(), Unit.ABSTRACT, On.SPAN);
        assertThat(rows.rows()).extracting(r -> r.site().id()).containsExactly(1, 0, 2, 3);
        assertThat(rows.rows().get(0).spanPercent()).isEqualTo(60.0);
        assertThat(rows.rows().get(1).spanPercent()).isEqualTo(10.0);
        assertThat(rows.invoked()).isEqualTo(2);
        assertThat(rows.shown(0)).extracting(r -> r.site().id()).containsExactly(1, 0);
        assertThat(rows.shown(1)).extracting(r -> r.site().id()).containsExactly(1);
        // a site missing from a profile has zero measures there
        assertThat(rows.rows().get(2).onSpan().local()).isEqualTo(Measurement.ZERO);
        assertThat(rows.rows().get(2).onWork().local()).isEqualTo(new Measurement(4, 40, 10));
    }

    /** Sites that hold none of the span themselves come outer first: by their inclusive span. */
    @Test
    void equalSharesComeByTopCallSiteSpanThenById() {
        Measurement none = Measurement.ZERO;
        SiteProfile onSpan = new SiteProfile(List.of(
                new SiteMeasures(0, new Measurement(1, 10, 3), none, new Measurement(1, 0, 0)),
                new SiteMeasures(1, new Measurement(1, 90, 50), none, new Measurement(1, 0, 0)),
                new SiteMeasures(2, new Measurement(1, 10, 3), none, new Measurement(1, 0, 0)),
                local(3, 1, 50, 50)), 0, 0);
        RecordedSites s = new RecordedSites(List.of(site(0, "a"), site(1, "b"), site(2, "c"), site(3, "d")),
                new SitesResult(100, 50, onSpan, onSpan, 0));
        assertThat(SiteRows.of(s, Unit.ABSTRACT, On.SPAN).rows()).extracting(r -> r.site().id())
                .containsExactly(3, 1, 0, 2);
    }

    @Test
    void onWorkSortsByLocalWorkShare() {
        SiteRows rows = SiteRows.of(sites(), Unit.ABSTRACT, On.WORK);
        assertThat(rows.rows()).extracting(r -> r.site().id()).containsExactly(2, 1, 0, 3);
        assertThat(rows.rows().get(0).workPercent()).isEqualTo(40.0);
        assertThat(rows.invoked()).isEqualTo(3);
    }

    @Test
    void theTotalsAddUpAndSayWhenTheyDoNot() {
        SiteRows rows = SiteRows.of(sites(), Unit.ABSTRACT, On.SPAN);
        assertThat(rows.workTotal()).isEqualTo(new TotalCheck(80, 20, 100));
        assertThat(rows.workTotal().ok()).isTrue();
        assertThat(rows.spanTotal()).isEqualTo(new TotalCheck(35, 15, 50));
        assertThat(rows.spanTotal().ok()).isTrue();
        assertThat(new TotalCheck(35, 14, 50).ok()).isFalse();
        assertThat(new TotalCheck(Long.MAX_VALUE, 1, Long.MIN_VALUE).sum()).isEqualTo(Long.MAX_VALUE);
        assertThat(new TotalCheck(Long.MAX_VALUE, 1, Long.MIN_VALUE).ok()).isFalse();
    }

    @Test
    void namesForPeopleAndPrograms() {
        CallSite s = site(1, "app.Q.b(I)V");
        assertThat(SiteNames.label(s)).isEqualTo("app.Q$T.compute@10");
        assertThat(SiteNames.method(s)).isEqualTo("Q$T.compute");
        assertThat(SiteNames.callee(s)).isEqualTo("Q.b");
        assertThat(SiteNames.callee(site(2, null))).isEmpty();
        assertThat(SiteNames.holder(site(2, null))).isEqualTo("Q$T.compute");
        assertThat(SiteNames.callee(site(3, "plain"))).isEqualTo("plain");
    }

    @Test
    void theSpanHoldersAreTheSitesWithLocalSpanOnSpan() {
        assertThat(SpanHolders.top(sites(), Unit.ABSTRACT)).extracting(r -> r.site().id()).containsExactly(1, 0);
        assertThat(SpanHolders.diagnosis(sites(), Unit.ABSTRACT)).hasValue(new Diagnosis(Diagnosis.Kind.SPAN_HOLDERS,
                "the span is Q.b at Q.java:41 (60% of the span) and Q.a at Q.java:40 (10%)"
                        + " (local span on the critical path; see forkscope sites)"));
        RecordedSites none = new RecordedSites(sites().sites(), new SitesResult(100, 50, sites().wholeRun().onWork(),
                new SiteProfile(List.of(), 0, 50), 0));
        assertThat(SpanHolders.diagnosis(none, Unit.ABSTRACT)).isEmpty();
        assertThat(SpanHolders.percent(92.4)).isEqualTo("92%");
        assertThat(SpanHolders.percent(5.14)).isEqualTo("5.1%");
        assertThat(SpanHolders.percent(0.01)).isEqualTo("<0.1%");
        assertThat(SpanHolders.percent(0)).isEqualTo("0.0%");
    }
}
