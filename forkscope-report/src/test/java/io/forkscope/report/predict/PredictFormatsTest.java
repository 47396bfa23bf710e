package io.forkscope.report.predict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.analysis.simulate.HandBuiltDags;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.simulate.SimulatedScaling.SiteSpeedup;
import io.forkscope.report.plot.GnuplotPlot;
import io.forkscope.report.plot.ScalingChart;
import io.forkscope.report.plot.ScalingCurves;
import io.forkscope.report.plot.SvgPlot;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * predict's text, CSV and JSON, and the plot's simulated curve, on the hand-built DAGs whose
 * schedules {@code HandBuiltSimulationTest} works out by hand: the fan-out (T_1 = 27, T_2 = 17 with
 * L = 1: delay 2, no-work 5, 2 steals), the collapsed node then a strand (sequential 110 on any P;
 * malleable 60 on 2 and 3 workers, one split), Graham's anomaly (T_2 59 → 60).
 */
class PredictFormatsTest {
    @TempDir
    Path dir;

    static final PredictContext CONTEXT = new PredictContext("run.fsk", "given with --latency-ns", null, null, 2);

    static String text(SimulatedScaling p) throws Exception {
        StringWriter w = new StringWriter();
        PredictText.write(p, CONTEXT, w);
        return w.toString();
    }

    static String csv(SimulatedScaling p) throws Exception {
        StringWriter w = new StringWriter();
        PredictCsv.write(p, w);
        return w.toString();
    }

    @Test
    void theTextTableOfTheCollapsedNodeHasBothReplays() throws Exception {
        SimulatedScaling p = SimulatedScaling.of(HandBuiltDags.collapsedThenStrand(), List.of(1, 2, 3), 0, 0, List.of(), null);
        String t = text(p);
        assertThat(t.lines().toList()).contains(
                "DAG: 2 nodes, 1 of them collapsed (sub-DAGs one worker ran alone, inner structure not recorded); depth 2"
                        + " nodes",
                "  work T1 110 ns, span T\u221e 60 ns, parallelism T1/T\u221e 1.83; span with collapsed nodes whole 110 ns",
                "Steal latency L: 0 ns per steal, given with --latency-ns; seed 0",
                "     sequential                                         malleable",
                "  P  T_P (ns)  speedup    work  delay  no-work  steals  T_P (ns)  speedup    work  delay  no-work  steals"
                        + "  splits",
                "  1       110     1.00  100.0%   0.0%     0.0%       0       110     1.00  100.0%   0.0%     0.0%"
                        + "       0       0",
                "  2       110     1.00   50.0%   0.0%    50.0%       0        60     1.83   91.7%   0.0%     8.3%"
                        + "       0       1",
                "  3       110     1.00   33.3%   0.0%    66.7%       0        60     1.83   61.1%   0.0%    38.9%"
                        + "       0       1",
                // recorded on 1 worker over [0, 1000): simulated T_1 = 110, error 890/1000
                "Against the recorded run: P = 1 worker slots, elapsed 1,000 ns (1.00 us)",
                "  simulated T_1: 110 ns sequential, 110 ns malleable; error |measured - simulated| / measured: 89.0%, 89.0%",
                "  the run was recorded on 2 CPU(s): only P \u2264 2 can be measured there (forkscope bench); the rows"
                        + " beyond are the");
        assertThat(t.replaceAll("\\s+", " ")).contains("Record with --no-collapse to remove the guess.");
        assertThat(t.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(120));
    }

    @Test
    void withoutCollapsedNodesOneReplayIsShown() throws Exception {
        SimulatedScaling p = SimulatedScaling.of(HandBuiltDags.fanOut(), List.of(1, 2), 1, 0, List.of(), null);
        String t = text(p);
        assertThat(t.lines().toList()).contains("DAG: 6 nodes, none collapsed; depth 3 nodes",
                "  P  T_P (ns)  speedup    work  delay  no-work  steals",
                "  1        27     1.00  100.0%   0.0%     0.0%       0",
                "  2        17     1.59   79.4%   5.9%    14.7%       2");
        assertThat(t).doesNotContain("malleable", "--no-collapse").contains("delay = L \u00d7 (steals + splits)");
        // P ≤ 2 only: nothing beyond the recording machine's CPUs to warn about
        assertThat(t).doesNotContain("unchecked");
    }

    @Test
    void theCsvHoldsTheHandWorkedIntegers() throws Exception {
        SimulatedScaling p = SimulatedScaling.of(HandBuiltDags.fanOut(), List.of(1, 2), 1, 0, List.of(), null);
        assertThat(csv(p)).isEqualTo(PredictCsv.HEADER + "\n"
                + "recorded,1,27,9,27,27,0,0,0,0,0,0,0,1\n"
                + "recorded,2,27,9,17,17,2,5,2,2,5,2,0,1\n");
        SimulatedScaling c = SimulatedScaling.of(HandBuiltDags.collapsedThenStrand(), List.of(2), 10, 0, List.of(), null);
        assertThat(csv(c)).endsWith("recorded,2,110,60,110,70,0,110,0,10,20,0,1,10\n");
    }

    /**
     * A recorded run whose threads were off the CPU 10% or more of P × elapsed is flagged: 30 ns of
     * 2 × 100 is 15%; 19 of 200 (9.5%) is not.
     */
    @Test
    void aRecordedRunOffTheCpuATenthOfItsTimeIsFlagged() throws Exception {
        SimulatedScaling p = SimulatedScaling.of(HandBuiltDags.grahamAnomaly(), List.of(1, 2), 0, 0, List.of(), null);
        for (long notRunning : new long[] {30, 19}) {
            SimulatedScaling q = new SimulatedScaling(p.nodes(), p.collapsedNodes(), p.stealLatencyNs(), p.seed(),
                    p.asRecorded(), null, List.of(), new SimulatedScaling.Recorded(2, 100, p.recorded().simulated(), 0,
                    notRunning));
            StringWriter text = new StringWriter();
            PredictText.write(q, new PredictContext("run.fsk", "given", null, null, 2), text);
            StringWriter json = new StringWriter();
            PredictJson.write(q, new PredictContext("run.fsk", "given", null, null, 2), true, json);
            boolean noisy = notRunning == 30;
            assertThat(text.toString().contains("warning: its threads were off the CPU 15.0% of P \u00d7 elapsed"))
                    .as(text.toString()).isEqualTo(noisy);
            assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toString()).get("recorded")
                    .get("noisy").asBoolean()).isEqualTo(noisy);
        }
    }

    @Test
    void theCsvReadsBackAndOtherFilesAreRefused() throws Exception {
        SimulatedScaling p = SimulatedScaling.of(HandBuiltDags.grahamAnomaly(), List.of(1, 2), 0, 0,
                List.of(new SiteSpeedup("B", List.of(1), 1.5)), null);
        Path f = dir.resolve("p.csv");
        Files.writeString(f, csv(p));
        assertThat(PredictCsv.read(f)).containsExactly(
                new PredictCsv.PredictedRow("recorded", 1, 81, 81, 81), new PredictCsv.PredictedRow("recorded", 2, 81, 59, 59),
                new PredictCsv.PredictedRow("what-if", 1, 80, 80, 80), new PredictCsv.PredictedRow("what-if", 2, 80, 60, 60));
        Path bench = dir.resolve("bench.csv");
        Files.writeString(bench, "region,p,trial,time_ns\nsort,1,1,1000\n");
        assertThatThrownBy(() -> PredictCsv.read(bench)).isInstanceOf(PredictCsv.NotPredictCsv.class)
                .hasMessageStartingWith(bench + ": not a CSV of forkscope predict");
        Path cut = dir.resolve("cut.csv");
        Files.writeString(cut, PredictCsv.HEADER + "\nrecorded,2,27\n");
        assertThatThrownBy(() -> PredictCsv.read(cut)).hasMessageStartingWith(cut + ": line 2 is not a row");
        Path empty = dir.resolve("empty.csv");
        Files.writeString(empty, PredictCsv.HEADER + "\n");
        assertThatThrownBy(() -> PredictCsv.read(empty)).hasMessageContaining("without rows");
    }

    @Test
    void theWhatIfTextSaysWhenTpGrows() throws Exception {
        SimulatedScaling p = SimulatedScaling.of(HandBuiltDags.grahamAnomaly(), List.of(1, 2), 0, 0,
                List.of(new SiteSpeedup("Graham.java:3", List.of(1), 1.5)), null);
        List<String> lines = text(p).lines().toList();
        assertThat(lines).contains(
                "What if Graham.java:3 1.5\u00d7 faster (site 1) (the nodes in those sites: work and span divided by k)",
                "                before  after  change",
                "  work T1 (ns)      81     80   -1.2%",
                "  span T\u221e (ns)      48     47   -2.1%",
                "  P  T_P before (ns)  after  change",
                "  1               81     80   -1.2%",
                "  2               59     60   +1.7%");
        assertThat(String.join("\n", lines)).contains("at P = 2 the simulated T_P grows", "Graham's anomaly");
    }

    @Test
    void theJsonHasTheSameNumbers() throws Exception {
        SimulatedScaling p = SimulatedScaling.of(HandBuiltDags.diamondWithSite(7), List.of(2), 3, 5,
                List.of(new SiteSpeedup("B.java:9", List.of(7), 2)), null);
        StringWriter w = new StringWriter();
        PredictJson.write(p, CONTEXT, true, w);
        JsonNode j = new ObjectMapper().readTree(w.toString());
        assertThat(j.get("steal_latency_ns").asLong()).isEqualTo(3);
        assertThat(j.get("seed").asLong()).isEqualTo(5);
        assertThat(j.get("dag").get("work_ns").asLong()).isEqualTo(50);
        assertThat(j.get("dag").get("span_ns").asLong()).isEqualTo(40);
        JsonNode two = j.get("predicted").get(0);
        assertThat(two.get("workers").asInt()).isEqualTo(2);
        assertThat(two.get("sequential").get("t_p_ns").asLong()).isEqualTo(43);   // the diamond with L = 3
        assertThat(two.get("sequential").get("delay_ns").asLong()).isEqualTo(3);
        assertThat(two.get("sequential").get("speedup").isDouble()).isTrue();
        assertThat(j.get("recorded").get("workers").asInt()).isEqualTo(1);
        assertThat(j.get("recorded").get("simulated_sequential_ns").asLong()).isEqualTo(50);
        assertThat(j.get("what_if").get("dag").get("span_ns").asLong()).isEqualTo(30);
        assertThat(j.get("what_if").get("speedups").get(0).get("site_ids").get(0).asInt()).isEqualTo(7);
        assertThat(j.get("what_if").get("slower_at").isEmpty()).isTrue();
    }

    @Test
    void thePlotDrawsTheSimulatedCurve() throws Exception {
        List<PredictCsv.PredictedRow> rows = List.of(new PredictCsv.PredictedRow("recorded", 1, 110, 110, 110),
                new PredictCsv.PredictedRow("recorded", 2, 110, 110, 60),
                new PredictCsv.PredictedRow("recorded", 16, 110, 110, 11));
        ScalingCurves c = ScalingCurves.of(new RegionScaling("", null, List.of(), List.of()), 8, rows);
        assertThat(c.predicted()).hasSize(2);                 // P = 16 is beyond the axis
        assertThat(c.predictedModesDiffer()).isTrue();
        assertThat(c.yMax()).isGreaterThanOrEqualTo(110.0 / 60);
        StringWriter svg = new StringWriter();
        SvgPlot.headless();
        SvgPlot.write(List.of(new SvgPlot.Chart(c, "simulated: p.csv")), svg);
        String green = String.format(Locale.ROOT, "rgb(%d,%d,%d)", ScalingChart.SIMULATED.getRed(),
                ScalingChart.SIMULATED.getGreen(), ScalingChart.SIMULATED.getBlue());
        assertThat(svg.toString()).contains(green, "Simulated T1/T_P (forkscope predict), collapsed nodes malleable");
        GnuplotPlot.write(List.of(new SvgPlot.Chart(c, null)), "t", dir.resolve("gp"), false);
        assertThat(Files.readString(dir.resolve("gp").resolve("01-whole-run-predicted.dat")))
                .isEqualTo("# P simulated_speedup_sequential simulated_speedup_malleable\n"
                        + "1 1.000000 1.000000\n2 1.000000 1.833333\n");
        assertThat(Files.readString(dir.resolve("gp").resolve(GnuplotPlot.SCRIPT))).contains("01-whole-run-predicted.dat");
    }
}
