package io.forkscope.cli;

import static io.forkscope.cli.SitesCommandTest.TABLE;
import static io.forkscope.cli.SitesCommandTest.all;
import static io.forkscope.cli.SitesCommandTest.info;
import static io.forkscope.cli.SitesCommandTest.m;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.RegionSites;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sites --region} and the summary's per-region span holders on recordings written by hand
 * (the whole run of {@link SitesCommandTest}, T1 = 1000, T∞ = 250), with region profiles:
 * <pre>
 * kernel: T1 = 900 = 600 (site 1, QuickSort.partition) + 295 (site 2) + 5 outside;
 *         T∞ = 200 = 180 (site 1) + 10 (site 2) + 10 outside: partition holds 90% of it.
 * check:  T1 = T∞ = 50, all of it site 3 (Main.check).
 * </pre>
 */
class SitesRegionsCommandTest {
    @TempDir
    Path dir;

    static SitesResult kernel() {
        SiteProfile onWork = new SiteProfile(List.of(
                all(1, m(7, 600, 180), m(7, 600, 180), m(7, 600, 180)),
                all(2, m(3, 295, 60), m(3, 295, 60), m(6, 295, 10))), 5, 10);
        SiteProfile onSpan = new SiteProfile(List.of(
                all(1, m(3, 400, 180), m(3, 400, 180), m(3, 400, 180)),
                all(2, m(2, 295, 60), m(2, 295, 60), m(6, 295, 10))), 5, 10);
        return new SitesResult(900, 200, onWork, onSpan, 0);
    }

    static SitesResult check() {
        SiteProfile p = new SiteProfile(List.of(all(3, m(1, 50, 50), m(1, 50, 50), m(1, 50, 50))), 0, 0);
        return new SitesResult(50, 50, p, p, 0);
    }

    /** A recording with the whole run's sites and these regions' records and profiles. */
    Path write(String name, List<RegionSites> regions) throws Exception {
        Path f = dir.resolve(name);
        RecordedSites base = SitesCommandTest.sites(55, 0);
        try (OutputStream out = Files.newOutputStream(f); RecordingWriter w = new RecordingWriter(out)) {
            w.info(info("abstract"));
            for (RegionSites r : regions) {
                SitesResult s = r.result();
                w.region(new RegionRecord(r.label(), "main", 0, new WorkSpan(s.work(), s.span(), s.span(), 0, 0, 100), 0));
            }
            w.wholeRun(new WholeRun(new WorkSpan(1000, 250, 260, 10, 10, 5000), 2, 2, 11, true));
            w.sites(new RecordedSites(TABLE, base.wholeRun(), regions));
            w.endOfRecording();
        }
        return f;
    }

    @Test
    void regionShowsThatRegionsOwnProfilesAndTotals() throws Exception {
        Path f = write("k.fsk", List.of(new RegionSites("kernel", kernel())));
        CliRunner.Result r = CliRunner.run("sites", f.toString(), "--region", "kernel");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("Call sites of " + f + ", region 'kernel', on span (invocations on the"
                + " critical path), by local span");
        assertThat(lines.get(1)).startsWith("Work T1 900 units, span 200 units, parallelism 4.50");
        assertThat(r.out()).contains("  90.0%  QuickSort.java:41").doesNotContain("Main.java:9 ")
                .contains("local span on span over all sites 190 units + outside any site 10 units = 200 units = span 200 units: ok")
                .doesNotContain("Region 'kernel' has its own profiles");
    }

    @Test
    void theWholeRunStaysTheDefaultAndItsLastLineNamesTheRegion() throws Exception {
        Path f = write("k.fsk", List.of(new RegionSites("kernel", kernel())));
        CliRunner.Result r = CliRunner.run("sites", f.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(1)).startsWith("Work T1 1,000 units, span 250 units");
        assertThat(lines.get(lines.size() - 1)).isEqualTo(
                "Region 'kernel' has its own profiles (span 80% of the run's): forkscope sites --region kernel");
    }

    @Test
    void severalRegionsAreListedAndALabelTwiceIsChosenByOccurrence() throws Exception {
        Path f = write("several.fsk", List.of(new RegionSites("kernel", kernel()), new RegionSites("check", check()),
                new RegionSites("kernel", check())));
        List<String> lines = CliRunner.run("sites", f.toString()).out().lines().toList();
        assertThat(lines.get(lines.size() - 1)).isEqualTo("Regions with their own profiles: kernel (2x), check;"
                + " show one with --region LABEL (LABEL#N for its N-th occurrence)");
        CliRunner.Result first = CliRunner.run("sites", f.toString(), "--region", "kernel");
        assertThat(first.out()).contains(", region 'kernel' (occurrence 1 of 2),").contains("Work T1 900 units");
        CliRunner.Result second = CliRunner.run("sites", f.toString(), "--region", "kernel#2");
        assertThat(second.out()).contains(", region 'kernel' (occurrence 2 of 2),").contains("Work T1 50 units");
        JsonNode j = new ObjectMapper().readTree(CliRunner.run("sites", f.toString(), "--region", "kernel#2", "--json").out());
        assertThat(j.get("region").asText()).isEqualTo("kernel#2");
        assertThat(j.get("work_ns").asLong()).isEqualTo(50);
        assertThat(j.get("regions")).extracting(JsonNode::asText).containsExactly("kernel", "check");
        JsonNode whole = new ObjectMapper().readTree(CliRunner.run("sites", f.toString(), "--json").out());
        assertThat(whole.get("region").isNull()).isTrue();
        assertThat(whole.get("work_ns").asLong()).isEqualTo(1000);
    }

    @Test
    void theCsvOfARegionHasItsRows() throws Exception {
        Path f = write("k.fsk", List.of(new RegionSites("kernel", kernel())));
        CliRunner.Result r = CliRunner.run("sites", f.toString(), "--region", "kernel", "--csv");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(1 + TABLE.size());
        assertThat(lines.get(1)).startsWith("QuickSort.java,41,app.QuickSort$SortTask.compute@41,app.QuickSort.partition,600,180,");
    }

    @Test
    void anUnknownRegionIsOneLineNamingTheLabelsAndExitCode2() throws Exception {
        Path f = write("several.fsk", List.of(new RegionSites("kernel", kernel()), new RegionSites("check", check())));
        UserErrorsTest.assertOneLineUserError(CliRunner.run("sites", f.toString(), "--region", "kernal"),
                "no region 'kernal' in " + f + "; its regions: kernel, check");
        UserErrorsTest.assertOneLineUserError(CliRunner.run("sites", f.toString(), "--region", "kernel#2"),
                "no region 'kernel#2'");
        Path none = write("none.fsk", List.of());
        UserErrorsTest.assertOneLineUserError(CliRunner.run("sites", none.toString(), "--region", "kernel"),
                "has no region with call-site profiles");
        assertThat(CliRunner.run("sites", none.toString()).out()).doesNotContain("--region");
    }

    @Test
    void summaryNamesEachRegionsOwnSpanHolders() throws Exception {
        Path f = write("several.fsk", List.of(new RegionSites("kernel", kernel()), new RegionSites("check", check())));
        CliRunner.Result r = CliRunner.run("summary", f.toString(), "--processors", "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().replaceAll("\\s+", " "))    // prose cut at 120 columns: its words in order
                .contains("- the span is QuickSort.partition at QuickSort.java:41 (72% of the span)")
                .contains("- the span is QuickSort.partition at QuickSort.java:41 (90% of the span) and"
                        + " QuickSort$SortTask.compute at app.QuickSort$SortTask.compute@57 (5.0%)")
                .contains("- the span is Main.check at Main.java:15 (100% of the span)");
    }
}
