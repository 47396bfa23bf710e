package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ExactPrograms;
import io.forkscope.report.bench.BenchCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * forkscope plot on a real recording in abstract units, whose bounds are known by hand: region
 * "snippetB" has work 100, span 50 and burdened span 100 + 10·(100 + 5) = 1150 with burden 100
 * (see ExactUnitsIT), so at P = 4 the range is 100/(25 + 1.7·1150) = 0.0505051 to min(4, 2) = 2.
 */
class PlotIT {
    @Test
    void theChartsCarryTheRecordingsBoundsAndTheBenchPoints(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("exact.fsk");
        CliRunner.Result r = CliRunner.run("record", "-o", rec.toString(), "--unit", "abstract", "--burden-ns", "100",
                "--", CliIT.java(), "-cp", CliIT.cp(), ExactPrograms.class.getName(), "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        Path csv = dir.resolve("b.csv");
        Files.writeString(csv, BenchCsv.HEADER_V1 + "\n"
                + "snippetB,1,1,1000,1,0,1,true\nsnippetB,1,2,1000,1,0,1,true\n"
                + "snippetB,2,1,600,1,0,2,true\nsnippetB,2,2,700,1,0,2,true\n");
        Path svg = dir.resolve("out.svg");
        Path gp = dir.resolve("gp");
        CliRunner.Result plot = CliRunner.run("plot", rec.toString(), "--bench", csv.toString(), "-o", svg.toString(),
                "--gnuplot", gp.toString(), "--max-p", "8");
        assertThat(plot.exitCode()).as(plot.err()).isZero();
        assertThat(plot.err()).contains("1 chart(s) written to " + svg);
        assertThat(Files.readString(svg)).contains("<svg", "data-region='snippetB'", "Burdened lower bound");
        // P = 2's trials, 600 and 700, spread 100 / 650 = 15.4% > 10%: flagged in the caption and the table,
        // with the load of a CSV of the first version (no load columns): unknown
        assertThat(Files.readString(svg)).contains("NOISY: trials spread", "at P = 2 (spread 15.4%; machine load unknown)");
        assertThat(Files.readString(gp.resolve("scaling.gp"))).contains("at P = 2 (spread 15.4%; machine load unknown)");
        assertThat(plot.out()).contains("15.4% !", "trials spread more than 10% of their median at P = 2 (spread 15.4%")
                .doesNotContain("at P = 1 (spread");

        double[] four = row(gp.resolve("01-snippetB-bounds.dat"), 4);
        assertThat(four[1]).isEqualTo(4.0);
        assertThat(four[2]).isEqualTo(2.0);
        assertThat(four[3]).isCloseTo(100 / (25 + 1.7 * 1150), within(1e-6));
        assertThat(four[4]).isEqualTo(2.0);
        double[] two = row(gp.resolve("01-snippetB-measured.dat"), 2);
        assertThat(two[1]).isCloseTo(1000.0 / 650, within(1e-6));
        // 1000/650 = 1.54 lies in [100/(50 + 1955) = 0.0499, 2]
        assertThat(plot.out()).contains("Region \"snippetB\": bounds from " + rec,
                "parallelism 2.00, burdened parallelism 0.09; burden 100 units per steal edge (option)",
                "Inside the predicted range: 1 of 1 judged points");

        CliRunner.Result boundsOnly = CliRunner.run("plot", rec.toString(), "-o", dir.resolve("all.svg").toString());
        assertThat(boundsOnly.exitCode()).as(boundsOnly.err()).isZero();
        assertThat(boundsOnly.err()).contains("7 chart(s) written");

        CliIT.assertOneLineError(CliRunner.run("plot", rec.toString(), "-o", svg.toString()), svg + ": exists");
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, BenchCsv.HEADER_V1 + "\nsnippetB,1,1,soon,1,0,1,true\n");
        CliIT.assertOneLineError(CliRunner.run("plot", rec.toString(), "--bench", bad.toString(), "-o",
                dir.resolve("z.svg").toString()), bad + ":2: time_ns is not a whole number: 'soon'");
        Path notes = dir.resolve("notes.txt");
        Files.writeString(notes, "not a recording");
        CliIT.assertOneLineError(CliRunner.run("plot", notes.toString()), notes + ": not a forkscope recording");
        CliIT.assertOneLineError(CliRunner.run("plot", rec.toString(), "--max-p", "1"), "--max-p must be at least 2");
    }

    /**
     * Issue 22: a region that occurs several times is charted from one occurrence, and the caption says
     * which (RecordedBounds: the median work after the first); above P = 16 the x axis is log 2.
     */
    @Test
    void aRepeatedRegionSaysWhichOccurrenceAndAWideAxisIsLogTwo(@TempDir Path dir) throws Exception {
        Path rec = dir.resolve("qs.fsk");
        CliRunner.Result r = CliRunner.run("example", "quicksort", "--n", "200000", "--repeat", "3", "--record",
                rec.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        Path svg = dir.resolve("qs.svg");
        CliRunner.Result plot = CliRunner.run("plot", rec.toString(), "-o", svg.toString(), "--max-p", "64");
        assertThat(plot.exitCode()).as(plot.err()).isZero();
        String text = Files.readString(svg);
        assertThat(text).containsPattern("bounds: qs\\.fsk occurrence [23] of 3 \\(T1/T");
        assertThat(text).containsPattern("data-x-axis='[0-9.]+ [0-9.]+ 1 64 log2'");
    }

    static double[] row(Path file, int p) throws Exception {
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            if (!line.startsWith("#") && Integer.parseInt(f[0]) == p) {
                double[] v = new double[f.length];
                for (int i = 0; i < f.length; i++) {
                    v[i] = Double.parseDouble(f[i]);
                }
                return v;
            }
        }
        throw new AssertionError("no row for P = " + p + " in " + file);
    }
}
