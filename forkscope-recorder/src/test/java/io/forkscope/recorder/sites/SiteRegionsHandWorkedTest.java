package io.forkscope.recorder.sites;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.sites.RegionSites;
import io.forkscope.model.sites.SitesResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regions' own site profiles on a program worked out by hand: quicksort(4) (as in
 * {@link SiteHandWorkedTest#quicksortOfFour}) as the kernel region between a serial set-up and a
 * serial check, the whole inside an outer region, through the profiler alone and through the
 * engine (whose RegionRecords give each region's own T1 and T∞), under fixed and random schedules
 * on 1–3 threads, and against the oracle.
 *
 * <pre>
 * main: region "all" { app }. app: call prepare [site 0] (20 units); region "kernel" { kernel };
 * call check [site 1] (30 units). kernel: call qs(4) [site 2]. qs(n): 1 unit; if n ≥ 2 { call
 * partition(n) [site 3]; fork qs(n/2) [site 4]; fork qs(n/2) [site 5]; join both }.
 * partition(n): n units.
 *
 * kernel: qs(4) is the quicksort-of-four computation: T1 = 15, T∞ = 9; its sites 2–5 have the
 * rows of sites 0–3 there (site 2's invocation is top-caller: it lies in kernel, not qs). On
 * span: partition (site 3) 6, qs(4) (site 2) 1, the first-forked qs(2) and qs(1) (site 4) 2:
 * 6 + 1 + 2 = 9, nothing outside (the region's frame, app's body, does nothing in it).
 * all: T1 = 20 + 15 + 30 = 65, T∞ = 20 + 9 + 30 = 59 (all serial around the kernel); its
 * profiles hold the kernel's rows too (nested regions count in every enclosing region) and
 * prepare (1, 20, 20) and check (1, 30, 30) in all three measurements, on work and on span.
 * In the whole run partition holds 6 of 59 units of span (10%); in the kernel 6 of 9 (67%).
 * </pre>
 */
class SiteRegionsHandWorkedTest {

    @Test
    void kernelRegionOfQuicksortBetweenSetUpAndCheck() {
        SiteProgram p = new SiteProgram(100, 1000);
        int main = p.method();
        int qs = p.method(2);
        int partition = p.method();
        int prepare = p.method();
        int check = p.method();
        int kernel = p.method();
        int app = p.method();
        p.rootArg = 4;
        p.region(main, app);
        p.call(app, prepare);                 // site 0
        p.region(app, kernel);
        p.call(app, check);                   // site 1
        p.call(kernel, qs, 0, 1);             // site 2
        p.work(qs, 1);
        p.call(qs, partition, 0, 1);          // site 3
        p.fork(qs, qs, 0, 0, 2);              // site 4
        p.fork(qs, qs, 1, 0, 2);              // site 5
        p.join(qs, 0);
        p.join(qs, 1);
        p.work(partition, 0, 1);
        p.work(prepare, 20);
        p.work(check, 30);

        long[] zero = {0, 0, 0, 0, 0, 0, 0, 0, 0};
        long[] prep = {1, 20, 20, 1, 20, 20, 1, 20, 20};
        long[] chk = {1, 30, 30, 1, 30, 30, 1, 30, 30};
        long[][] kernelWork = {
            zero, zero,
            {1, 15, 9, 1, 15, 9, 1, 1, 1},
            {3, 8, 8, 1, 4, 4, 3, 8, 8},
            {2, 6, 5, 1, 5, 4, 3, 3, 3},
            {2, 6, 5, 1, 5, 4, 3, 3, 3},
        };
        long[][] kernelSpan = {
            zero, zero,
            {1, 15, 9, 1, 15, 9, 1, 1, 1},
            {2, 6, 6, 1, 4, 4, 2, 6, 6},
            {1, 5, 4, 1, 5, 4, 2, 2, 2},
            zero,
        };
        long[][] allWork = kernelWork.clone();
        allWork[0] = prep;
        allWork[1] = chk;
        long[][] allSpan = kernelSpan.clone();
        allSpan[0] = prep;
        allSpan[1] = chk;

        for (long seed : new long[] {-1, 1, 2, 3, 42, 1234567}) {
            for (int threads = 1; threads <= 3; threads++) {
                String what = "seed " + seed + ", " + threads + " threads";
                SiteRun run = new SiteRun(p, seed, threads);
                checkRegions(run.onlineRegions, kernelWork, kernelSpan, allWork, allSpan, what);
                EngineSites engine = new EngineSites(threads);
                SiteRun viaEngine = new SiteRun(p, seed, threads, engine);
                checkRegions(viaEngine.onlineRegions, kernelWork, kernelSpan, allWork, allSpan, "engine, " + what);
                List<RegionRecord> records = engine.regionRecords();
                assertThat(records).extracting(RegionRecord::label).containsExactly("r5", "r6");
                assertThat(records.get(0).measures().work()).as("engine kernel T1").isEqualTo(15);
                assertThat(records.get(0).measures().span()).as("engine kernel T∞").isEqualTo(9);
                assertThat(records.get(1).measures().work()).as("engine all T1").isEqualTo(65);
                assertThat(records.get(1).measures().span()).as("engine all T∞").isEqualTo(59);
                assertThat(engine.engine.sitesNotes()).isEmpty();
                SiteOracle oracle = new SiteOracle(run);
                assertThat(SiteOracle.describe(oracle.regions.get(1).onSpan()))
                        .containsExactlyElementsOf(SiteOracle.describe(flat(kernelSpan)));
                assertThat(oracle.regions.get(0).span()).isEqualTo(59);
                // the whole run: partition's 6 units of local span on span are 10% of T∞ = 59
                assertThat(run.online.span()).isEqualTo(59);
                assertThat(run.online.onSpan().of(3).local().span()).isEqualTo(6);
            }
        }
    }

    /**
     * A region in a hot loop: the first {@link SiteProfiler#MAX_REGIONS} occurrences get profiles
     * (one invocation of 1 unit each), the rest none (counted), and nothing else changes.
     */
    @Test
    void regionOccurrencesBeyondTheCapHaveNoProfiles() {
        SiteProfiler profiler = new SiteProfiler();
        SiteThread t = profiler.newThread();
        t.rootBegin();
        int n = SiteProfiler.MAX_REGIONS + 6;
        for (int i = 0; i < n; i++) {
            SiteRegion r = t.regionStart("loop");
            assertThat(r == null).isEqualTo(i >= SiteProfiler.MAX_REGIONS);
            t.callEnter(0, 0);
            t.work(1);
            t.callReturn();
            if (r != null) {
                t.regionStop(r);
            }
        }
        SitesResult whole = profiler.finish(t);
        assertThat(whole.onWork().of(0).local().count()).isEqualTo(n);
        assertThat(profiler.regionResults()).hasSize(SiteProfiler.MAX_REGIONS).allSatisfy(r -> {
            assertThat(r.result().work()).isEqualTo(1);
            assertThat(r.result().span()).isEqualTo(1);
            assertThat(r.result().onSpan().of(0).local().span()).isEqualTo(1);
        });
        assertThat(profiler.regionsWithoutProfiles()).isEqualTo(6);
    }

    private static void checkRegions(List<RegionSites> regions, long[][] kernelWork, long[][] kernelSpan,
                                     long[][] allWork, long[][] allSpan, String what) {
        // in the order they closed: the kernel, then the region around everything
        assertThat(regions).extracting(RegionSites::label).as(what).containsExactly("r5", "r6");
        check(regions.get(0).result(), 15, 9, 0, 0, kernelWork, kernelSpan, "kernel, " + what);
        check(regions.get(1).result(), 65, 59, 0, 0, allWork, allSpan, "all, " + what);
    }

    private static void check(SitesResult r, long work, long span, long outsideWork, long outsideSpan,
                              long[][] onWork, long[][] onSpan, String what) {
        assertThat(r.work()).as("work, " + what).isEqualTo(work);
        assertThat(r.span()).as("span, " + what).isEqualTo(span);
        assertThat(r.onWork().outsideWork()).as("outside work, " + what).isEqualTo(outsideWork);
        assertThat(r.onSpan().outsideSpan()).as("outside span, " + what).isEqualTo(outsideSpan);
        assertThat(SiteOracle.describe(SiteProfilerProperties.dense(r.onWork(), 6))).as("on work, " + what)
                .containsExactlyElementsOf(SiteOracle.describe(flat(onWork)));
        assertThat(SiteOracle.describe(SiteProfilerProperties.dense(r.onSpan(), 6))).as("on span, " + what)
                .containsExactlyElementsOf(SiteOracle.describe(flat(onSpan)));
    }

    private static long[] flat(long[][] rows) {
        long[] a = new long[rows.length * SiteOracle.FIELDS];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, a, i * SiteOracle.FIELDS, SiteOracle.FIELDS);
        }
        return a;
    }
}
