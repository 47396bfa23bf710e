package io.forkscope.report.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.machine.MachineLoad;
import io.forkscope.analysis.scaling.Measurement;
import io.forkscope.analysis.scaling.ScalingAnalysis;
import io.forkscope.analysis.scaling.SectionBounds;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The table says what the CSV holds: medians, extremes and speedups computed here from the CSV's text. */
class ScalingTableTest {
    static final SectionBounds K = new SectionBounds("k", new WorkSpan(1_000_000, 10_000, 20_000, 1, 1, 0), 1, 1,
            Unit.TIME, 100, "calibrated (/c/f.properties, 2026-01-01T00:00:00Z)");

    static String csv() throws Exception {
        StringWriter out = new StringWriter();
        try (BenchCsv.Appender a = new BenchCsv.Appender(out)) {
            long[][] times = {{11_000_000, 10_000_000, 9_000_000}, {5_300_000, 5_100_000, 5_200_000},
                {7_000_000, 8_000_000, 9_000_000}, {6_000_000, 6_000_000, 6_000_000}};
            int[] ps = {1, 2, 3, 4};
            for (int t = 0; t < 3; t++) {
                for (int i = 0; i < ps.length; i++) {
                    a.append(new Measurement("k", ps[i], t + 1, times[i][t], 2, 1, Math.min(ps[i], 3), ps[i] <= 3));
                }
            }
        }
        return out.toString();
    }

    @Test
    void theTableAgreesWithTheCsv() throws Exception {
        String csv = csv();
        StringWriter table = new StringWriter();
        ScalingTable.write(ScalingAnalysis.analyze(BenchCsv.parse(csv, "b.csv"), Map.of("k", K)), "k.fsk", table);
        String text = table.toString();
        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).isEqualTo("Region \"k\": bounds from k.fsk: parallelism 100.00, burdened parallelism"
                + " 50.00; burden 100 ns per steal edge, calibrated (/c/f.properties, 2026-01-01T00:00:00Z)");
        // independent: the CSV's times by P, straight from its text
        Map<Integer, List<Long>> byP = new java.util.TreeMap<>();
        for (String row : csv.lines().skip(1).toList()) {
            String[] f = row.split(",");
            byP.computeIfAbsent(Integer.parseInt(f[1]), k -> new ArrayList<>()).add(Long.parseLong(f[3]));
        }
        double base = median(byP.get(1));
        for (Map.Entry<Integer, List<Long>> e : byP.entrySet()) {
            int p = e.getKey();
            List<Long> t = e.getValue();
            String row = lines.stream().filter(l -> l.trim().startsWith(p + " ")).findFirst().orElseThrow();
            double med = median(t);
            long min = t.stream().mapToLong(x -> x).min().orElseThrow();
            long max = t.stream().mapToLong(x -> x).max().orElseThrow();
            assertThat(row).contains(String.format(Locale.ROOT, "%.2f ms", med / 1e6))
                    .contains(String.format(Locale.ROOT, "%.2f ms", min / 1e6))
                    .contains(String.format(Locale.ROOT, "%.2f ms", max / 1e6))
                    .contains(String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", base / med, base / max, base / min))
                    .contains(String.format(Locale.ROOT, "%.1f%%", (max - min) / med * 100));
            double upper = Math.min(p, 100.0);
            double lower = Math.min(1e6 / (1e6 / p + 1.7 * 20_000), upper);
            if (p == 1) {      // the baseline: nothing to bound (issue 22: it showed 0.97 - 1.00)
                assertThat(row).doesNotContain(String.format(Locale.ROOT, "%.2f - %.2f", lower, upper));
            } else {
                assertThat(row).contains(String.format(Locale.ROOT, "%.2f - %.2f", lower, upper));
            }
        }
        assertThat(lines.stream().filter(l -> l.trim().startsWith("1 ")).findFirst().orElseThrow()).endsWith("baseline");
        // P=2: 10/5.2 = 1.92 in [1.87, 2]; P=3: best 10/7 = 1.43 < 0.95 · 2.6; P=4 ran on 3 cores
        assertThat(lines.stream().filter(l -> l.trim().startsWith("2 ")).findFirst().orElseThrow()).endsWith("inside");
        assertThat(lines.stream().filter(l -> l.trim().startsWith("3 ")).findFirst().orElseThrow()).endsWith("BELOW");
        assertThat(lines.stream().filter(l -> l.trim().startsWith("4 ")).findFirst().orElseThrow())
                .contains("3 unpinned").endsWith("P > cores");
        assertThat(text).contains("measured speedup falls clearly below the predicted lower bound at P = 3",
                "memory bandwidth, false sharing, contention", "P simultaneous serial runs",
                "P = 4 ran with more workers than cores",
                "Inside the predicted range: 1 of 2 judged points (0 at its edge, 1 clearly below, 0 clearly above");
    }

    @Test
    void withoutBoundsThereIsNoVerdict() throws Exception {
        StringWriter table = new StringWriter();
        ScalingTable.write(ScalingAnalysis.analyze(BenchCsv.parse(csv(), "b.csv"), Map.of()), null, table);
        assertThat(table.toString()).startsWith("Region \"k\"\n").doesNotContain("predicted", "Inside the predicted");
        assertThat(table.toString().lines().toList().get(1)).endsWith("speedup (min-max)");
    }

    @Test
    void theWholeProcessGetsNoVerdictAndNoBlameOnMemory() throws Exception {
        // the CSV of the table above, but of a program without regions: the whole run, timed from
        // the agent's start to its exit, against the same T1, T∞ and bT∞ as the whole run's bounds
        String csv = csv().replace("\nk,", "\n,");
        SectionBounds whole = new SectionBounds("", K.measures(), 1, 1, Unit.TIME, 100, "calibrated");
        StringWriter table = new StringWriter();
        ScalingTable.write(ScalingAnalysis.analyze(BenchCsv.parse(csv, "b.csv"), Map.of("", whole)), "k.fsk", table);
        String text = table.toString();
        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).startsWith("Whole run: bounds from k.fsk: parallelism 100.00");
        assertThat(lines.stream().filter(l -> l.trim().startsWith("1 ")).findFirst().orElseThrow()).endsWith("baseline");
        for (String p : List.of("2 ", "3 ", "4 ")) {
            assertThat(lines.stream().filter(l -> l.trim().startsWith(p)).findFirst().orElseThrow())
                    .endsWith("n/a (whole process timed)");
        }
        assertThat(text).doesNotContain("BELOW", "inside", "memory bandwidth", "P > cores")
                .contains("the program closed no region, so each run was timed whole",
                        "the points at P = 2, 3, 4 are not judged against them. Mark the parallel part with Forkscope.region",
                        "Inside the predicted range: 0 of 0 judged points",
                        "Not comparable with the bounds: 3 point(s) of the whole process");
    }

    @Test
    void aSpreadOverTenPercentIsFlaggedWithTheMachinesLoad() throws Exception {
        // P = 1: 100, 112, 104 ms: spread (112 - 100) / 104 = 11.5% > 10%; others 0%, 30%, 60%: mean 30%, most 60%
        // P = 2: 50, 52, 54 ms: spread 4 / 52 = 7.7%, not flagged; others unknown in its trials, load average 2.5
        MachineLoad la = new MachineLoad(Double.NaN, 2.5, 2);
        List<Measurement> rows = List.of(
                new Measurement("k", 1, 1, 100_000_000, 1, 0, 1, true, new MachineLoad(0.0, 1.0, 2)),
                new Measurement("k", 2, 1, 50_000_000, 1, 0, 2, true, la),
                new Measurement("k", 1, 2, 112_000_000, 1, 0, 1, true, new MachineLoad(0.3, 1.0, 2)),
                new Measurement("k", 2, 2, 52_000_000, 1, 0, 2, true, la),
                new Measurement("k", 1, 3, 104_000_000, 1, 0, 1, true, new MachineLoad(0.6, 1.0, 2)),
                new Measurement("k", 2, 3, 54_000_000, 1, 0, 2, true, la));
        StringWriter table = new StringWriter();
        ScalingTable.write(ScalingAnalysis.analyze(rows, Map.of()), null, table);
        List<String> lines = table.toString().lines().toList();
        assertThat(lines.get(1)).contains("spread  others");
        assertThat(lines.stream().filter(l -> l.trim().startsWith("1 ")).findFirst().orElseThrow())
                .contains("11.5% !", " 30% ");
        assertThat(lines.stream().filter(l -> l.trim().startsWith("2 ")).findFirst().orElseThrow())
                .contains("7.7% ", "la 2.50").doesNotContain("!");
        assertThat(table.toString()).contains("trials spread more than 10% of their median at P = 1 (spread 11.5%;"
                + " others used 30% of 2 cores on average, at most 60%)").doesNotContain("at P = 2");
    }

    @Test
    void theWholeRunIsNamedSo() throws Exception {
        StringWriter table = new StringWriter();
        ScalingTable.write(ScalingAnalysis.analyze(List.of(new Measurement("", 2, 1, 10, 1, 0, 2, true)), Map.of()),
                "r.fsk", table);
        assertThat(table.toString()).startsWith("Whole run: no bounds (r.fsk has no whole-run measures)")
                .contains("no P = 1 runs");
    }

    static double median(List<Long> values) {
        long[] v = values.stream().mapToLong(x -> x).toArray();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
    }
}
