package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code forkscope sites} and the summary's span holders on recordings written by hand with known
 * sites and profiles, in abstract units so that every number is exact:
 * <pre>
 * site 0  Main.java:9          Main.main -> QuickSort.sort          call  (on span: local span 5)
 * site 1  QuickSort.java:41    SortTask.compute -> QuickSort.partition  call  (local span 180)
 * site 2  (no line) @57        SortTask.compute, fork, callee unknown  (local span 10)
 * site 3  Main.java:15         Main.main -> Main.check, on work only
 * site 4  Main.java:16         never invoked
 * T1 = 1000 = 5 + 600 + 295 + 50 (local work on work) + 50 outside;
 * T∞ = 250 = 5 + 180 + 10 (local span on span) + 55 outside.
 * </pre>
 */
class SitesCommandTest {
    @TempDir
    Path dir;

    static final List<CallSite> TABLE = List.of(
            new CallSite(0, 0, "app.Main", "main", "([Ljava/lang/String;)V", 12, 9, "Main.java", SiteKind.CALL,
                    "app.QuickSort.sort"),
            new CallSite(1, 1, "app.QuickSort$SortTask", "compute", "()V", 41, 41, "QuickSort.java", SiteKind.CALL,
                    "app.QuickSort.partition"),
            new CallSite(2, 1, "app.QuickSort$SortTask", "compute", "()V", 57, -1, null, SiteKind.FORK, null),
            new CallSite(3, 0, "app.Main", "main", "([Ljava/lang/String;)V", 30, 15, "Main.java", SiteKind.CALL,
                    "app.Main.check"),
            new CallSite(4, 0, "app.Main", "main", "([Ljava/lang/String;)V", 40, 16, "Main.java", SiteKind.LAMBDA,
                    "app.Main.lambda$main$0"));

    static Measurement m(long count, long work, long span) {
        return new Measurement(count, work, span);
    }

    static SiteMeasures all(int site, Measurement tcs, Measurement tc, Measurement local) {
        return new SiteMeasures(site, tcs, tc, local);
    }

    static SiteProfile onWork() {
        return new SiteProfile(List.of(
                all(0, m(1, 900, 200), m(1, 900, 200), m(1, 5, 5)),
                all(1, m(7, 600, 180), m(7, 600, 180), m(7, 600, 180)),
                all(2, m(3, 295, 60), m(3, 295, 60), m(6, 295, 10)),
                all(3, m(1, 50, 50), m(1, 50, 50), m(1, 50, 50))), 50, 55);
    }

    static SiteProfile onSpan(long outsideSpan) {
        return new SiteProfile(List.of(
                all(0, m(1, 900, 200), m(1, 900, 200), m(1, 5, 5)),
                all(1, m(3, 400, 180), m(3, 400, 180), m(3, 400, 180)),
                all(2, m(2, 295, 60), m(2, 295, 60), m(6, 295, 10))), 50, outsideSpan);
    }

    static RecordedSites sites(long outsideSpan, long foreignJoins) {
        return new RecordedSites(TABLE, new SitesResult(1000, 250, onWork(), onSpan(outsideSpan), foreignJoins));
    }

    static Map<String, String> info(String unit) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(RecordingInfo.MODE, "cilkview");
        m.put(RecordingInfo.UNIT, unit);
        m.put("workers", "2");
        return m;
    }

    /** A recording of T1 = 1000, T∞ = 250 with {@code sites} (none when null), complete or cut after its sites. */
    static Path write(Path f, String unit, RecordedSites sites, boolean ended) throws Exception {
        try (OutputStream out = Files.newOutputStream(f); RecordingWriter w = new RecordingWriter(out)) {
            w.info(info(unit));
            w.wholeRun(new WholeRun(new WorkSpan(1000, 250, 260, 10, 10, 5000), 2, 2, 11, true));
            if (sites != null) {
                w.sites(sites);
            }
            if (ended) {
                w.endOfRecording();
            }
        }
        return f;
    }

    Path good() throws Exception {
        return write(dir.resolve("qs.fsk"), "abstract", sites(55, 0), true);
    }

    @Test
    void theCompactTableFitsAHundredAndTwentyColumnsAndSaysWhatItShows() throws Exception {
        Path f = good();
        CliRunner.Result r = CliRunner.run("sites", f.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(120));
        assertThat(lines.subList(4, 12)).containsExactly(
                "  %span  where                              callee               kind  count  work  span  work/span"
                        + "  local span",
                "  72.0%  QuickSort.java:41                  QuickSort.partition  call      3   400   180       2.22"
                        + "         180",
                "   4.0%  app.QuickSort$SortTask.compute@57  -                    fork      2   295    60       4.92"
                        + "          10",
                "   2.0%  Main.java:9                        QuickSort.sort       call      1   900   200       4.50"
                        + "           5",
                "",
                "  in units; count, work, span, work/span: the site's top-call-site invocations (none inside another of"
                        + " its own)",
                "  local span: the site's own strands on the critical path, without its calls (the share is of this)",
                "  --wide adds the method and Cilkprof's other measurements (top-caller, local count, work and span)");
        assertThat(lines).contains("Check: the sites' local amounts and what ran outside any site add up to the whole");
    }

    @Test
    void theWideTableSortsBySpanShareAndShowsEveryMeasurementAndTheTotals() throws Exception {
        Path f = good();
        CliRunner.Result r = CliRunner.run("sites", f.toString(), "--wide");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out().lines().toList()).containsExactly(
                "Call sites of " + f + " on span (invocations on the critical path), by local span",
                "Work T1 1,000 units, span 250 units, parallelism 4.00 (units: abstract work declared by the program)",
                "3 of 3 site(s) with invocations on span shown",
                "",
                " ".repeat(99) + "top-call-site" + " ".repeat(29) + "top-caller" + " ".repeat(32) + "local",
                "  %span  where                              method                      callee               kind"
                        + "  count  work units  span units  work/span  count  work units  span units  work/span"
                        + "  count  work units  span units  work/span",
                "  72.0%  QuickSort.java:41                  QuickSort$SortTask.compute  QuickSort.partition  call"
                        + "      3         400         180       2.22      3         400         180       2.22"
                        + "      3         400         180       2.22",
                "   4.0%  app.QuickSort$SortTask.compute@57  QuickSort$SortTask.compute  -                    fork"
                        + "      2         295          60       4.92      2         295          60       4.92"
                        + "      6         295          10      29.50",
                "   2.0%  Main.java:9                        Main.main                   QuickSort.sort       call"
                        + "      1         900         200       4.50      1         900         200       4.50"
                        + "      1           5           5       1.00",
                "",
                "Check: the sites' local amounts and what ran outside any site add up to the whole",
                "  work: local work on work over all sites 950 units + outside any site 50 units = 1,000 units"
                        + " = T1 1,000 units: ok",
                "  span: local span on span over all sites 195 units + outside any site 55 units = 250 units"
                        + " = span 250 units: ok");
    }

    @Test
    void onWorkSortsByWorkShareAndTopCutsTheTable() throws Exception {
        Path f = good();
        CliRunner.Result r = CliRunner.run("sites", f.toString(), "--on", "work", "--top", "2", "--wide");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).endsWith(" on work (every invocation), by local work");
        assertThat(lines.get(2)).isEqualTo("2 of 4 site(s) with invocations on work shown (--top 0: all)");
        assertThat(lines.get(6)).startsWith("  60.0%  QuickSort.java:41").contains("      7         600         180");
        assertThat(lines.get(7)).startsWith("  29.5%  app.QuickSort$SortTask.compute@57");
        assertThat(lines.get(8)).isEmpty();
    }

    @Test
    void timeIsShownInMillisecondsOrMicroseconds() throws Exception {
        Path f = write(dir.resolve("t.fsk"), "time", sites(55, 0), true);
        List<String> us = CliRunner.run("sites", f.toString(), "--wide").out().lines().toList();
        assertThat(us.get(1)).isEqualTo("Work T1 1.000 us, span 0.250 us, parallelism 4.00 (us: measured time)");
        assertThat(us.get(5)).contains("work us").contains("span us");
        assertThat(us.get(6)).contains("      3    0.400    0.180       2.22");
        RecordedSites big = new RecordedSites(TABLE, new SitesResult(2_000_000, 250, onWork(), onSpan(55), 0));
        Path g = write(dir.resolve("ms.fsk"), "time", big, true);
        List<String> ms = CliRunner.run("sites", g.toString(), "--wide").out().lines().toList();
        assertThat(ms.get(1)).startsWith("Work T1 2.000 ms, span 0.000 ms,");
        assertThat(ms.get(5)).contains("work ms");
    }

    /** Sites registered but none invoked (a run whose forks all happened outside application code). */
    @Test
    void noSiteOnSpanIsSaidInsteadOfAnEmptyTable() throws Exception {
        SiteProfile empty = new SiteProfile(List.of(), 1000, 250);
        Path f = write(dir.resolve("none.fsk"), "abstract", new RecordedSites(TABLE,
                new SitesResult(1000, 250, empty, empty, 0)), true);
        List<String> lines = CliRunner.run("sites", f.toString()).out().lines().toList();
        assertThat(lines.subList(2, 5)).containsExactly("0 of 0 site(s) with invocations on span shown", "",
                "  (no call site has an invocation on span)");
        assertThat(lines).contains("  span: local span on span over all sites 0 units + outside any site 250 units"
                + " = 250 units = span 250 units: ok");
    }

    @Test
    void totalsThatDoNotAddUpAreSaidLoudly() throws Exception {
        Path f = write(dir.resolve("bad.fsk"), "abstract", sites(54, 0), true);
        CliRunner.Result r = CliRunner.run("sites", f.toString());
        assertThat(r.exitCode()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).contains("  span: local span on span over all sites 195 units + outside any site 54 units"
                + " = 249 units but span = 250 units: MISMATCH by -1 units");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("TOTALS DO NOT ADD UP: this is a forkscope recorder bug,"
                + " the call-site profiles cannot be trusted; please report it with the recording");
        assertThat(r.err()).contains("the call-site totals do not add up (work 1000 vs 1000, span 249 vs 250)");
        JsonNode j = new ObjectMapper().readTree(CliRunner.run("sites", f.toString(), "--json").out());
        assertThat(j.at("/totals/span/ok").asBoolean()).isFalse();
        assertThat(j.at("/totals/span/sum_ns").asLong()).isEqualTo(249);
        assertThat(j.at("/totals/work/ok").asBoolean()).isTrue();
    }

    @Test
    void foreignJoinsMakeTheOnSpanProfileApproximateAndSaySo() throws Exception {
        Path f = write(dir.resolve("fj.fsk"), "abstract", sites(55, 3), true);
        List<String> lines = CliRunner.run("sites", f.toString()).out().lines().toList();
        assertThat(lines.get(3)).isEqualTo("NOTE: the on-span profile is approximate: 3 join(s) waited for a task that"
                + " another method forked; the profiles leave those edges out, so the critical path they follow may"
                + " not be the run's");
        JsonNode j = new ObjectMapper().readTree(CliRunner.run("sites", f.toString(), "--json").out());
        assertThat(j.get("foreign_joins").asLong()).isEqualTo(3);
        assertThat(j.get("approximate").asBoolean()).isTrue();
        assertThat(CliRunner.run("summary", f.toString()).out()).contains("; approximate: 3 join(s)");
    }

    @Test
    void theCsvHasCilkprofsColumnsAndOneRowPerSite() throws Exception {
        Path f = good();
        CliRunner.Result r = CliRunner.run("sites", f.toString(), "--csv");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        List<String> header = new ArrayList<>(List.of("file", "line", "site", "function"));
        for (String on : List.of("on work", "on span")) {
            for (String m : List.of("top-call-site", "top-caller", "local")) {
                header.addAll(List.of(m + " work " + on + " (units)", m + " span " + on + " (units)",
                        m + " parallelism " + on, m + " count " + on));
            }
        }
        assertThat(lines.get(0)).isEqualTo(String.join(",", header));
        assertThat(lines.get(0).split(",")).hasSize(28);
        assertThat(lines).hasSize(1 + 5);
        assertThat(lines.subList(1, 6)).containsExactly(
                "QuickSort.java,41,app.QuickSort$SortTask.compute@41,app.QuickSort.partition,"
                        + "600,180,3.333333,7,600,180,3.333333,7,600,180,3.333333,7,"
                        + "400,180,2.222222,3,400,180,2.222222,3,400,180,2.222222,3",
                ",,app.QuickSort$SortTask.compute@57,,"
                        + "295,60,4.916667,3,295,60,4.916667,3,295,10,29.5,6,"
                        + "295,60,4.916667,2,295,60,4.916667,2,295,10,29.5,6",
                "Main.java,9,app.Main.main@12,app.QuickSort.sort,"
                        + "900,200,4.5,1,900,200,4.5,1,5,5,1,1,"
                        + "900,200,4.5,1,900,200,4.5,1,5,5,1,1",
                "Main.java,15,app.Main.main@30,app.Main.check,"
                        + "50,50,1,1,50,50,1,1,50,50,1,1,"
                        + "0,0,0,0,0,0,0,0,0,0,0,0",
                "Main.java,16,app.Main.main@40,app.Main.lambda$main$0,"
                        + "0,0,0,0,0,0,0,0,0,0,0,0,"
                        + "0,0,0,0,0,0,0,0,0,0,0,0");
        CliRunner.Result time = CliRunner.run("sites", write(dir.resolve("t.fsk"), "time", sites(55, 0), true)
                .toString(), "--csv", "--top", "1");
        assertThat(time.out().lines().toList()).hasSize(2);
        assertThat(time.out().lines().findFirst().orElseThrow()).contains(",top-call-site work on work (ns),");
    }

    @Test
    void theJsonHasEverythingUnderStableNames() throws Exception {
        Path f = good();
        CliRunner.Result r = CliRunner.run("sites", f.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("file").asText()).isEqualTo(f.toString());
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("warnings")).isEmpty();
        assertThat(j.get("unit").asText()).isEqualTo("abstract");
        assertThat(j.get("on").asText()).isEqualTo("span");
        assertThat(j.get("work_ns").asLong()).isEqualTo(1000);
        assertThat(j.get("span_ns").asLong()).isEqualTo(250);
        assertThat(j.get("parallelism").decimalValue()).isEqualByComparingTo("4.0");
        assertThat(j.get("sites_total").asInt()).isEqualTo(5);
        assertThat(j.get("sites_invoked").asInt()).isEqualTo(3);
        assertThat(j.at("/totals/work/local_ns").asLong()).isEqualTo(950);
        assertThat(j.at("/totals/work/outside_ns").asLong()).isEqualTo(50);
        assertThat(j.at("/totals/work/sum_ns").asLong()).isEqualTo(1000);
        assertThat(j.at("/totals/work/expected_ns").asLong()).isEqualTo(1000);
        assertThat(j.at("/totals/span/local_ns").asLong()).isEqualTo(195);
        assertThat(j.at("/totals/span/ok").asBoolean()).isTrue();
        assertThat(j.get("sites")).hasSize(5);
        List<Integer> order = new ArrayList<>();
        j.get("sites").forEach(s -> order.add(s.get("id").asInt()));
        assertThat(order).containsExactly(1, 2, 0, 3, 4);
        JsonNode s1 = j.get("sites").get(0);
        assertThat(s1.get("site").asText()).isEqualTo("app.QuickSort$SortTask.compute@41");
        assertThat(s1.get("where").asText()).isEqualTo("QuickSort.java:41");
        assertThat(s1.get("source_file").asText()).isEqualTo("QuickSort.java");
        assertThat(s1.get("line").asInt()).isEqualTo(41);
        assertThat(s1.get("class").asText()).isEqualTo("app.QuickSort$SortTask");
        assertThat(s1.get("method").asText()).isEqualTo("compute");
        assertThat(s1.get("descriptor").asText()).isEqualTo("()V");
        assertThat(s1.get("bci").asInt()).isEqualTo(41);
        assertThat(s1.get("caller_method").asInt()).isEqualTo(1);
        assertThat(s1.get("kind").asText()).isEqualTo("call");
        assertThat(s1.get("callee").asText()).isEqualTo("app.QuickSort.partition");
        assertThat(s1.get("span_percent").decimalValue()).isEqualByComparingTo("72.0");
        assertThat(s1.get("work_percent").decimalValue()).isEqualByComparingTo("60.0");
        assertThat(s1.at("/on_work/top_call_site/count").asLong()).isEqualTo(7);
        assertThat(s1.at("/on_span/local/work_ns").asLong()).isEqualTo(400);
        assertThat(s1.at("/on_span/local/span_ns").asLong()).isEqualTo(180);
        assertThat(s1.at("/on_span/top_caller/parallelism").decimalValue()).isEqualByComparingTo("2.2222222222222223");
        JsonNode s2 = j.get("sites").get(1);
        assertThat(s2.get("source_file").isNull()).isTrue();
        assertThat(s2.get("line").isNull()).isTrue();
        assertThat(s2.get("callee").isNull()).isTrue();
        assertThat(s2.get("kind").asText()).isEqualTo("fork");
        assertThat(j.get("sites").get(4).at("/on_work/local/count").asLong()).isZero();
        assertThat(j.at("/info/unit").asText()).isEqualTo("abstract");
        assertThat(CliRunner.run("sites", f.toString(), "--json", "--top", "2").out())
                .satisfies(out -> assertThat(new ObjectMapper().readTree(out).get("sites")).hasSize(2));
    }

    @Test
    void aRecordingWithoutSitesIsOneLineAndExitCode2() throws Exception {
        Path f = write(dir.resolve("plain.fsk"), "abstract", null, true);
        for (String[] args : List.of(new String[] {"sites", f.toString()}, new String[] {"sites", f.toString(), "--json"},
                new String[] {"sites", f.toString(), "--csv"})) {
            CliRunner.Result r = CliRunner.run(args);
            UserErrorsTest.assertOneLineUserError(r, f + " has no call sites: record it with `forkscope record --sites`");
        }
    }

    /** The agent says in the file that it wove sites; a run that never reached its end has none to show. */
    @Test
    void aRecordingMadeWithSitesThatStoppedEarlySaysWhyItHasNone() throws Exception {
        Path f = dir.resolve("killed.fsk");
        try (OutputStream out = Files.newOutputStream(f); RecordingWriter w = new RecordingWriter(out)) {
            Map<String, String> info = info("time");
            info.put("sites", "true");
            w.info(info);
            w.wholeRun(new WholeRun(new WorkSpan(1000, 250, 260, 10, 10, 5000), 2, 2, 11, false));
        }
        CliRunner.Result r = CliRunner.run("sites", f.toString());
        assertThat(r.exitCode()).isEqualTo(Main.USER_ERROR);
        assertThat(r.err().lines().toList()).containsExactly(
                "forkscope: warning: " + f + ": the recording was not closed (JVM killed?); showing its last"
                        + " periodic snapshot",
                "forkscope: " + f + " was recorded with --sites but holds no call sites: they are written at the end"
                        + " of the run, which this recording does not reach: it was not closed (the recorded JVM was"
                        + " killed?)");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anIncompleteRecordingWarnsFirstAndSaysSo() throws Exception {
        Path f = write(dir.resolve("cut.fsk"), "abstract", sites(55, 0), false);
        CliRunner.Result r = IncompleteRecordingCommandsTest.merged("sites", f.toString());
        assertThat(r.exitCode()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("forkscope: warning: " + f + ": the recording has no end block");
        assertThat(lines.get(1)).startsWith("INCOMPLETE RECORDING");
        JsonNode j = new ObjectMapper().readTree(CliRunner.run("sites", f.toString(), "--json").out());
        assertThat(j.get("complete").asBoolean()).isFalse();
        assertThat(j.get("warnings").get(0).asText()).contains("no end block");
    }

    @Test
    void summaryNamesTheTopThreeSpanHolders() throws Exception {
        Path f = good();
        CliRunner.Result r = CliRunner.run("summary", f.toString(), "--processors", "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        // the diagnosis is prose, cut at 120 columns: compared with its words in order
        assertThat(r.out().replaceAll("\\s+", " ")).contains(" - the span is QuickSort.partition at QuickSort.java:41"
                + " (72% of the span), QuickSort$SortTask.compute at app.QuickSort$SortTask.compute@57 (4.0%) and"
                + " QuickSort.sort at Main.java:9 (2.0%) (local span on the critical path; see forkscope sites) ");
        JsonNode j = new ObjectMapper().readTree(CliRunner.run("summary", f.toString(), "--json").out());
        JsonNode holders = j.get("span_holders");
        assertThat(holders).hasSize(3);
        assertThat(holders.get(0).get("site").asText()).isEqualTo("app.QuickSort$SortTask.compute@41");
        assertThat(holders.get(0).get("where").asText()).isEqualTo("QuickSort.java:41");
        assertThat(holders.get(0).get("holder").asText()).isEqualTo("QuickSort.partition");
        assertThat(holders.get(0).get("local_span_ns").asLong()).isEqualTo(180);
        assertThat(holders.get(0).get("span_percent").decimalValue()).isEqualByComparingTo("72.0");
        boolean named = false;
        for (JsonNode d : j.get("diagnosis")) {
            named |= d.get("kind").asText().equals("span_holders")
                    && d.get("message").asText().startsWith("the span is QuickSort.partition at QuickSort.java:41");
        }
        assertThat(named).isTrue();
    }

    @Test
    void summaryOfARecordingWithoutSitesIsUnchanged() throws Exception {
        Path with = write(dir.resolve("plain.fsk"), "abstract", null, true);
        JsonNode j = new ObjectMapper().readTree(CliRunner.run("summary", with.toString(), "--json").out());
        assertThat(j.has("span_holders")).isFalse();
        assertThat(CliRunner.run("summary", with.toString()).out()).doesNotContain("the span is");
    }

    @Test
    void badOptionsAreOneLine() throws Exception {
        Path f = good();
        UserErrorsTest.assertOneLineUserError(CliRunner.run("sites", f.toString(), "--on", "time"),
                "--on must be span or work, not 'time'");
        UserErrorsTest.assertOneLineUserError(CliRunner.run("sites", f.toString(), "--top", "-1"),
                "--top must be 0 (all) or more");
        UserErrorsTest.assertOneLineUserError(CliRunner.run("sites", dir.resolve("none.fsk").toString()),
                "no such file");
    }
}
