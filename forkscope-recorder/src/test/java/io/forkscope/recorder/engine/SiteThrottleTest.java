package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.sites.SitesResult;
import io.forkscope.recorder.fj.ForkJoinHooks;
import io.forkscope.recorder.sites.SiteThrottle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hot tiny call sites stop being profiled (agent option sites.throttle.ns), through the hooks the
 * woven code calls: a site whose invocations average under the threshold of local work is turned
 * off at its 65,536th invocation on a thread, exactly, and the other tiny sites with linked enters
 * with it; a site with more local work, and a site the DAG runs through, never are; and the totals
 * still add up to the engine's own T1 and T∞ (the
 * throttled calls' time is their caller's local work).
 */
class SiteThrottleTest {
    private static final int CHECK = 1 << 16;
    private final long[] now = {1_000_000};

    @AfterEach
    void reset() {
        ForkJoinHooks.disable();
        SiteThrottle.reset();
    }

    private SpanEngine engine() {
        SpanEngine e = new SpanEngine(Unit.TIME, 0, new Clock() {
            @Override
            public long nanoTime() {
                return now[0] += 10;     // every read moves the clock: strands are never empty
            }

            @Override
            public long cpuThresholdNs() {
                return NEVER;
            }
        }, PlainTasks.done(t -> ((SimTask) t).done), PlainTasks.PLAIN_THREAD);
        e.enableSites();
        ForkJoinHooks.enable(e, t -> { throw new AssertionError("hook failure", t); });
        return e;
    }

    /** One woven call: enter, the callee's own {@code ns} of work, exit. */
    private void call(int site, long ns) {
        int token = ForkJoinHooks.siteEnter(site, 0);
        now[0] += ns;
        ForkJoinHooks.siteExit(token);
    }

    @Test
    void aHotTinySiteIsCutAtItsCheckAndTheTotalsStillAddUp() {
        SiteThrottle.configure(1000);
        SiteThrottle.keep(2);      // as SiteRegistry does for compute/invoke/invokeAll callees
        SpanEngine e = engine();
        for (int i = 0; i < 2 * CHECK + 5; i++) {
            call(0, 50);           // tiny: cut at its 65,536th invocation
            call(1, 5_000);        // long enough: profiled to the end
            call(2, 50);           // tiny but kept
        }
        e.regionStop(e.regionStart("end"));
        SitesResult r = e.sitesResult();
        SiteEventsTest.assertTotals(e, r);
        assertThat(r.onWork().of(0).local().count()).isEqualTo(CHECK);
        assertThat(r.onWork().of(1).local().count()).isEqualTo(2L * CHECK + 5);
        assertThat(r.onWork().of(2).local().count()).isEqualTo(2L * CHECK + 5);
        assertThat(SiteThrottle.throttled()).containsExactly(0);
        assertThat(SiteThrottle.isOff(0)).isTrue();
        assertThat(SiteThrottle.isOff(1)).isFalse();
        assertThat(e.closingInfo()).containsEntry(SpanEngine.SITES_THROTTLED, "0");
    }

    /**
     * The sweep: at site 0's check, the other tiny sites whose enters are linked (invokedynamic)
     * and that had at least 4,096 calls on this thread are turned off with it, so that their
     * relinks cost the JIT one recompilation, not one each; a site without a link (a static
     * enter) still waits for its own check, and a long site stays on.
     */
    @Test
    void atACheckTheOtherLinkedTinySitesAreTurnedOffTogether() throws Exception {
        SiteThrottle.configure(1000);
        java.lang.invoke.MethodHandle enter = java.lang.invoke.MethodHandles.lookup().findStatic(ForkJoinHooks.class,
                "siteEnter", java.lang.invoke.MethodType.methodType(int.class, int.class, int.class));
        for (int site : new int[] {0, 1, 3}) {
            io.forkscope.recorder.sites.SiteLinks.link(enter, site, 0);
        }
        SpanEngine e = engine();
        int rare = 0;
        for (int i = 0; i < CHECK; i++) {
            call(0, 50);               // tiny, linked: its check at call 65,536
            if (i % 10 == 0) {
                call(1, 5_000);        // long, linked: stays on
                call(3, 50);           // tiny, linked, 6,554 calls by then: swept along
                call(4, 50);           // tiny, static enter: waits for its own check
                rare++;
            }
        }
        assertThat(SiteThrottle.throttled()).containsExactly(0, 3);
        for (int i = 0; i < 10; i++) {
            call(3, 50);               // reaches no hook any more
        }
        e.regionStop(e.regionStart("end"));
        SitesResult r = e.sitesResult();
        SiteEventsTest.assertTotals(e, r);
        assertThat(r.onWork().of(0).local().count()).isEqualTo(CHECK);
        assertThat(r.onWork().of(3).local().count()).isEqualTo(rare);
        assertThat(r.onWork().of(4).local().count()).isEqualTo(rare);
        assertThat(SiteThrottle.isOff(1)).isFalse();
        assertThat(SiteThrottle.isOff(4)).isFalse();
    }

    @Test
    void offMeansEverySiteIsProfiledToTheEnd() {
        SiteThrottle.configure(0);
        SpanEngine e = engine();
        for (int i = 0; i < CHECK + 1; i++) {
            call(0, 0);
        }
        e.regionStop(e.regionStart("end"));
        SitesResult r = e.sitesResult();
        SiteEventsTest.assertTotals(e, r);
        assertThat(r.onWork().of(0).local().count()).isEqualTo(CHECK + 1);
        assertThat(SiteThrottle.throttled()).isEmpty();
        assertThat(e.closingInfo()).containsEntry(SpanEngine.SITES_THROTTLED, "");
    }
}
