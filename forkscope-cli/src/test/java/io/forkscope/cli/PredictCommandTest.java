package io.forkscope.cli;

import static io.forkscope.cli.DagCommandsTest.assertUserError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code forkscope predict} and {@code plot --predicted} through the command line, on recordings
 * written by hand. The DAG is the fork/join diamond of the simulator's hand-worked tests
 * (HandBuiltSimulationTest): A [10] forks B [20], its continuation C [10] waits, D [10] joins:
 * work 50, span 40; simulated T_1 = 50, T_2 = 40 with L = 0 and 43 with L = 3 (one steal, of B).
 * It was recorded on P = 2 over [0, 40): the simulation at P = 2 with L = 0 is the recorded run,
 * error 0. B runs in call site 1 (QuickSort.java:41, callee QuickSort.partition): 2× faster, work
 * 40, span 30, T_2 = 30.
 */
class PredictCommandTest {
    @TempDir
    Path dir;

    static Map<String, String> info(String unit, long burden) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(RecordingInfo.MODE, "dag");
        m.put(RecordingInfo.UNIT, unit);
        m.put(RecordingInfo.BURDEN, Long.toString(burden));
        m.put(RecordingInfo.BURDEN_SOURCE, "option");
        m.put("workers", "2");
        m.put(RecordingInfo.AVAILABLE_PROCESSORS, "2");
        return m;
    }

    /** The diamond as the agent writes it, with or without call sites; the burden is the steal latency. */
    Path diamond(String name, String unit, long burden, boolean sites) throws Exception {
        return diamond(name, unit, burden, sites, null);
    }

    /** The same, with a region when {@code region} is not null. */
    Path diamond(String name, String unit, long burden, boolean sites, RegionRecord region) throws Exception {
        Path f = dir.resolve(name);
        long t = 5L << 40;
        int site = sites ? 1 : -1;
        try (OutputStream out = Files.newOutputStream(f); RecordingWriter w = new RecordingWriter(out)) {
            w.info(info(unit, burden));
            w.wholeRun(new WholeRun(new WorkSpan(50, 40, 40, 1, 1, 40), 1, 1, 2, true));
            w.dagNodes(List.of(
                    node(t, 0, 0, 10, NodeEnd.CREATE, -1),
                    node(t + 1, 1, 10, 30, NodeEnd.END, site, t, EdgeKind.CREATE),
                    node(t + 2, 0, 10, 20, NodeEnd.WAIT, -1, t, EdgeKind.CREATE_CONT),
                    new RecordedNode(t + 3, 1, 30, 40, 10, NodeEnd.END, new long[] {t + 2, t + 1},
                            new EdgeKind[] {EdgeKind.WAIT_CONT, EdgeKind.END}, 10, 1, 0, 0, 0, 1, t + 3, -1)));
            w.dagRun(2, 0, 40);
            if (sites) {
                w.sites(SitesCommandTest.sites(55, 0));
            }
            if (region != null) {
                w.region(region);
            }
            w.endOfRecording();
        }
        return f;
    }

    static RecordedNode node(long id, int worker, long start, long end, NodeEnd ends, int site, Object... in) {
        long[] from = new long[in.length / 2];
        EdgeKind[] kinds = new EdgeKind[in.length / 2];
        for (int i = 0; i < from.length; i++) {
            from[i] = (Long) in[2 * i];
            kinds[i] = (EdgeKind) in[2 * i + 1];
        }
        return new RecordedNode(id, worker, start, end, end - start, ends, from, kinds, end - start, 1, 0, 0, 0,
                ends == NodeEnd.END ? 1 : 0, id, site);
    }

    /**
     * --region: the region [10, 40) holds B, C and D (A, before it, is left out, and with it the edges
     * from A): work 40, span 30; on 2 workers B and C start at once and D after B, T_2 = 30, which is
     * the region's elapsed time (error 0).
     */
    @Test
    void aRegionIsSimulatedAloneAndCheckedAgainstItsOwnElapsedTime() throws Exception {
        Path f = diamond("region.fsk", "time", 0, false,
                new RegionRecord("kernel", "main", 10, new WorkSpan(40, 30, 30, 0, 1, 30), 0));
        CliRunner.Result r = CliRunner.run("predict", f.toString(), "-p", "1,2", "--region", "kernel");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).contains(
                "forkscope predict: " + f + ", region 'kernel'",
                "DAG: 3 nodes, none collapsed; depth 2 nodes",
                "  work T1 40 ns, span T\u221e 30 ns, parallelism T1/T\u221e 1.33",
                "Against the recorded run: P = 2 worker slots, elapsed 30 ns",
                "  simulated T_2: 30 ns; error |measured - simulated| / measured: 0.0%");

        assertUserError(CliRunner.run("predict", f.toString(), "--region", "sort"),
                f + " has no region 'sort' (its regions: kernel)");
        assertUserError(CliRunner.run("predict", diamond("plain.fsk", "time", 0, false).toString(), "--region", "k"),
                "plain.fsk has no region 'k' (it has no regions)");
    }

    @Test
    void theTextPredictsTheDiamondAndChecksItAgainstTheRecordedRun() throws Exception {
        Path f = diamond("run.fsk", "time", 0, false);
        CliRunner.Result r = CliRunner.run("predict", f.toString(), "-p", "1,2,4");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).contains(
                "DAG: 4 nodes, none collapsed; depth 3 nodes",
                "  work T1 50 ns, span T\u221e 40 ns, parallelism T1/T\u221e 1.25",
                "Steal latency L: 0 ns per steal, the recording's burden (set when it was recorded); seed 0",
                "  1        50     1.00  100.0%   0.0%     0.0%       0",
                "  2        40     1.25   62.5%   0.0%    37.5%       1",
                "  4        40     1.25   31.3%   0.0%    68.8%       1",
                "Against the recorded run: P = 2 worker slots, elapsed 40 ns",
                "  simulated T_2: 40 ns; error |measured - simulated| / measured: 0.0%");
        assertThat(r.out()).contains("only P \u2264 2 can be measured there");
        assertThat(r.err()).isEmpty();    // no terminal: no progress

        r = CliRunner.run("predict", f.toString(), "-p", "2", "--latency-ns", "3", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("predicted").get(0).get("sequential").get("t_p_ns").asLong()).isEqualTo(43);
        assertThat(j.get("steal_latency_source").asText()).isEqualTo("given with --latency-ns");
        assertThat(j.get("recorded").get("simulated_sequential_ns").asLong()).isEqualTo(43);
    }

    @Test
    void theCsvGoesToAFileThatIsNeverOverwrittenWithoutForceAndIsPlotted() throws Exception {
        Path f = diamond("run.fsk", "time", 0, false);
        Path csv = dir.resolve("predicted.csv");
        CliRunner.Result r = CliRunner.run("predict", f.toString(), "--csv", "-o", csv.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("steal latency 0 ns", "written to " + csv);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(8).contains("recorded,1,50,40,50,50,0,0,0,0,0,0,0,0",
                "recorded,64,50,40,40,40,0,2510,1,0,2510,1,0,0");   // 64 × 40 − 50 idle
        assertUserError(CliRunner.run("predict", f.toString(), "--csv", "-o", csv.toString()), "exists; use --force");
        assertThat(CliRunner.run("predict", f.toString(), "--csv", "-o", csv.toString(), "--force").exitCode()).isZero();

        Path svg = dir.resolve("run.svg");
        r = CliRunner.run("plot", f.toString(), "--predicted", csv.toString(), "-o", svg.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(svg)).contains("Simulated T1/T_P (forkscope predict)");
    }

    @Test
    void aWhatIfNamesItsSiteByCalleePlaceOrId() throws Exception {
        Path f = diamond("sites.fsk", "time", 0, true);
        for (String site : List.of("QuickSort.partition", "app.QuickSort.partition", "QuickSort.java:41", "1")) {
            CliRunner.Result r = CliRunner.run("predict", f.toString(), "-p", "2", "--speedup", site + "=2", "--json");
            assertThat(r.exitCode()).as(site + ": " + r.err()).isZero();
            JsonNode w = new ObjectMapper().readTree(r.out()).get("what_if");
            assertThat(w.get("dag").get("work_ns").asLong()).as(site).isEqualTo(40);
            assertThat(w.get("dag").get("span_ns").asLong()).isEqualTo(30);
            assertThat(w.get("predicted").get(0).get("sequential").get("t_p_ns").asLong()).isEqualTo(30);
            assertThat(w.get("speedups").get(0).get("site_ids").toString()).isEqualTo("[1]");
        }
        CliRunner.Result r = CliRunner.run("predict", f.toString(), "-p", "2", "--speedup", "Main.java:9=2");
        assertThat(r.exitCode()).isZero();
        assertThat(r.err()).contains("warning: no node of the DAG ran in Main.java:9");
    }

    /**
     * --speedup REGION=k: the region 'kernel' [10, 40) holds B, C and D (A ends at its begin); 2× faster
     * they take B 10, C 5, D 5: work 30, span A, B, D = 25, parallelism 1.2; T_2: A [0, 10), C [10, 15) on
     * w0, B [10, 20) stolen by w1, D [20, 25): 25; T_1 = 30. With --region kernel as well, the region's
     * own DAG (B, C, D without A): work 20, span B, D = 15, T_2 = 15. A name that is both a region and a
     * site must say which.
     */
    @Test
    void aWhatIfScalesTheNodesInsideARegion() throws Exception {
        RegionRecord kernel = new RegionRecord("kernel", "main", 10, new WorkSpan(40, 30, 30, 0, 1, 30), 0);
        Path f = diamond("region.fsk", "time", 0, false, kernel);
        for (String name : List.of("kernel", "region:kernel")) {
            CliRunner.Result r = CliRunner.run("predict", f.toString(), "-p", "1,2", "--speedup", name + "=2", "--json");
            assertThat(r.exitCode()).as(name + ": " + r.err()).isZero();
            JsonNode w = new ObjectMapper().readTree(r.out()).get("what_if");
            assertThat(w.get("dag").get("work_ns").asLong()).as(name).isEqualTo(30);
            assertThat(w.get("dag").get("span_ns").asLong()).isEqualTo(25);
            assertThat(w.get("dag").get("parallelism").asDouble()).isEqualTo(1.2);
            assertThat(w.get("predicted").get(0).get("sequential").get("t_p_ns").asLong()).isEqualTo(30);
            assertThat(w.get("predicted").get(1).get("sequential").get("t_p_ns").asLong()).isEqualTo(25);
            JsonNode s = w.get("speedups").get(0);
            assertThat(s.get("region").asText()).isEqualTo("kernel");
            assertThat(s.get("nodes_inside").asLong()).isEqualTo(3);
            assertThat(s.get("work_inside_ns").asLong()).isEqualTo(40);
            assertThat(s.get("nodes_crossing").asLong()).isZero();
            assertThat(s.get("occurrences").toString()).isEqualTo("[{\"start_ns\":10,\"end_ns\":40}]");
        }
        CliRunner.Result r = CliRunner.run("predict", f.toString(), "-p", "2", "--speedup", "kernel=2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("What if region 'kernel' 2\u00d7 faster (3 node(s) inside its 1 occurrence, work"
                + " 40 ns) (the nodes in those regions: work and");
        assertThat(r.out().lines().toList()).contains("  work T1 (ns)      50     30  -40.0%",
                "  span T\u221e (ns)      40     25  -37.5%", "  2               40     25  -37.5%");
        r = CliRunner.run("predict", f.toString(), "-p", "2", "--region", "kernel", "--speedup", "kernel=2", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode w = new ObjectMapper().readTree(r.out()).get("what_if");
        assertThat(w.get("dag").get("work_ns").asLong()).isEqualTo(20);
        assertThat(w.get("dag").get("span_ns").asLong()).isEqualTo(15);
        assertThat(w.get("predicted").get(0).get("sequential").get("t_p_ns").asLong()).isEqualTo(15);

        RegionRecord named = new RegionRecord("QuickSort.partition", "main", 10, new WorkSpan(40, 30, 30, 0, 1, 30), 0);
        Path both = diamond("both.fsk", "time", 0, true, named);
        assertUserError(CliRunner.run("predict", both.toString(), "--speedup", "QuickSort.partition=2"),
                "'QuickSort.partition' in " + both + " is both a region and a call site; write --speedup"
                        + " region:QuickSort.partition=2 or site:QuickSort.partition=2");
        for (String[] pick : new String[][] {{"region:", "40"}, {"site:", "20"}}) {
            r = CliRunner.run("predict", both.toString(), "-p", "2", "--speedup", pick[0] + "QuickSort.partition=2",
                    "--json");
            assertThat(r.exitCode()).as(r.err()).isZero();
            long scaled = 50 - new ObjectMapper().readTree(r.out()).get("what_if").get("dag").get("work_ns").asLong();
            assertThat(scaled * 2).as(pick[0]).isEqualTo(Long.parseLong(pick[1]));   // half the scaled work is gone
        }
        r = CliRunner.run("predict", diamond("late.fsk", "time", 0, false, new RegionRecord("late", "main", 100,
                new WorkSpan(0, 0, 0, 0, 0, 5), 0)).toString(), "-p", "2", "--speedup", "late=2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("warning: no node of the DAG ran inside region 'late'");
    }

    /**
     * --work-ns 100 on the diamond (work 50): every node's work and span doubled, A 20, B 40, C 20, D 20:
     * span 80, T_1 = 100, T_2 = 80 (L = 0); the recorded run's elapsed 40 is now 100% off.
     */
    @Test
    void theNodesCanBeScaledToAnotherRunsWork() throws Exception {
        Path f = diamond("run.fsk", "time", 0, false);
        CliRunner.Result r = CliRunner.run("predict", f.toString(), "-p", "1,2", "--work-ns", "100", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("work_scaled_from_ns").asLong()).isEqualTo(50);
        assertThat(j.get("dag").get("work_ns").asLong()).isEqualTo(100);
        assertThat(j.get("dag").get("span_ns").asLong()).isEqualTo(80);
        assertThat(j.get("predicted").get(0).get("sequential").get("t_p_ns").asLong()).isEqualTo(100);
        assertThat(j.get("predicted").get(1).get("sequential").get("t_p_ns").asLong()).isEqualTo(80);
        assertThat(j.get("recorded").get("error_sequential").asDouble()).isEqualTo(1.0);
        r = CliRunner.run("predict", f.toString(), "-p", "2", "--work-ns", "100");
        assertThat(r.out()).contains("the nodes' work and span scaled by 2.0000 so that T1 is the work given with"
                + " --work-ns; the recording's own T1 is 50 ns");
        assertThat(new ObjectMapper().readTree(CliRunner.run("predict", f.toString(), "--json").out())
                .get("work_scaled_from_ns").isNull()).isTrue();
        assertUserError(CliRunner.run("predict", f.toString(), "--work-ns", "0"), "--work-ns must be above 0, not 0");
    }

    // --- bad input: one line naming the problem, exit 2

    @Test
    void badInputs() throws Exception {
        Path f = diamond("run.fsk", "time", 0, false);
        Path sites = diamond("sites.fsk", "time", 0, true);
        String run = f.toString();
        assertUserError(CliRunner.run("predict", DagCommandsTest.writeWithoutDag(dir.resolve("cv.fsk")).toString()),
                "recorded without a DAG; record with --mode dag");
        assertUserError(CliRunner.run("predict", run, "-p", "0"), "-p needs worker counts");
        assertUserError(CliRunner.run("predict", run, "-p", "4-2"), "-p needs worker counts");
        assertUserError(CliRunner.run("predict", run, "--latency-ns", "-1"), "--latency-ns must be 0 or more");
        assertUserError(CliRunner.run("predict", run, "--speedup", "QuickSort.partition"), "--speedup needs SITE=k");
        assertUserError(CliRunner.run("predict", run, "--speedup", "QuickSort.partition=0"), "--speedup needs SITE=k");
        assertUserError(CliRunner.run("predict", run, "--speedup", "QuickSort.partition=fast"), "not 'QuickSort.partition=fast'");
        assertUserError(CliRunner.run("predict", run, "--speedup", "QuickSort.partition=2"),
                "no region 'QuickSort.partition' in " + run + " (it has no regions), and it has no call sites:"
                        + " --speedup SITE=k needs a recording made with --sites");
        assertUserError(CliRunner.run("predict", sites.toString(), "--speedup", "Nope.nothing=2"),
                "no call site or region 'Nope.nothing' in " + sites);
        assertUserError(CliRunner.run("predict", sites.toString(), "--speedup", "99=2"), "no call site or region '99'");
        assertUserError(CliRunner.run("predict", run, "--speedup", "region:kernel=2"),
                run + " has no region 'kernel' (it has no regions)");
        assertUserError(CliRunner.run("predict", diamond("abstract.fsk", "abstract", 100, false).toString()),
                "recorded in abstract units, so its burden (100 units) is no time; give the steal latency with"
                        + " --latency-ns");
        assertThat(CliRunner.run("predict", dir.resolve("abstract.fsk").toString(), "--latency-ns", "0").exitCode())
                .isZero();
        assertUserError(CliRunner.run("predict", run, "--csv", "--json"), "cannot be used together");
        Path missingDir = dir.resolve("no/such/dir/p.csv");
        assertUserError(CliRunner.run("predict", run, "-o", missingDir.toString()), "no directory");

        Path notPredict = dir.resolve("bench.csv");
        Files.writeString(notPredict, "region,p,trial,time_ns\n,1,1,100\n");
        assertUserError(CliRunner.run("plot", run, "--predicted", notPredict.toString(), "-o",
                dir.resolve("x.svg").toString()), notPredict + ": not a CSV of forkscope predict");
        assertUserError(CliRunner.run("plot", run, "--predicted", dir.resolve("none.csv").toString(), "-o",
                dir.resolve("x.svg").toString()), "none.csv: cannot be read");
        assertUserError(CliRunner.run("report", run, "--predicted", notPredict.toString(), "-o",
                dir.resolve("x.html").toString()), notPredict + ": not a CSV of forkscope predict");
        assertUserError(CliRunner.run("report", run, "--predicted", dir.resolve("none.csv").toString(), "-o",
                dir.resolve("x.html").toString()), "none.csv: cannot be read");
        Path cv = DagCommandsTest.writeWithoutDag(dir.resolve("cv2.fsk"));
        assertUserError(CliRunner.run("report", run, cv.toString(), "-o", dir.resolve("x.html").toString()),
                cv + ": recorded without a DAG; record with --mode dag");
        assertThat(dir.resolve("x.html")).doesNotExist();
    }

    @Test
    void theReportDrawsThePredictedCurve() throws Exception {
        String run = diamond("run.fsk", "time", 0, false).toString();
        Path csv = dir.resolve("p.csv");
        assertThat(CliRunner.run("predict", run, "--csv", "-o", csv.toString()).exitCode()).isZero();
        Path html = dir.resolve("run.html");
        CliRunner.Result r = CliRunner.run("report", run, "--predicted", csv.toString(), "-o", html.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        String page = Files.readString(html);
        assertThat(page).contains("id=\"scaling-0-predicted\"", "\"predicted\":[");
        for (var row : io.forkscope.report.predict.PredictCsv.read(csv)) {
            assertThat(page).contains("data-scenario=\"recorded\" data-p=\"" + row.p() + "\"");
        }
    }
}
