package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ExactPrograms;
import io.forkscope.report.bench.BenchCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * forkscope plot's x axis by default (4 × the largest benchmarked P, at least 8; 64 without
 * --bench) and with --max-p, read back from the gnuplot data (one bounds row per P up to the axis
 * end); and a sweep of a program without regions, which times the whole process and so gets no
 * verdict against the bounds.
 */
class PlotAxisIT {
    @TempDir
    static Path dir;
    static Path rec;

    @BeforeAll
    static void record() throws Exception {
        rec = dir.resolve("exact.fsk");
        CliRunner.Result r = CliRunner.run("record", "-o", rec.toString(), "--unit", "abstract", "--burden-ns", "100",
                "--", CliIT.java(), "-cp", CliIT.cp(), ExactPrograms.class.getName(), "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
    }

    @Test
    void theAxisFitsTheBenchmarkedPUnlessMaxPIsGiven() throws Exception {
        Path csv = dir.resolve("b.csv");
        Files.writeString(csv, BenchCsv.HEADER_V1 + "\n"
                + "snippetB,1,1,1000,1,0,1,true\nsnippetB,2,1,600,1,0,2,true\nsnippetB,3,1,500,1,0,3,true\n");
        assertThat(lastP(plot("fit", "--bench", csv.toString()), "01-snippetB")).isEqualTo(12);   // 4 × 3
        assertThat(lastP(plot("given", "--bench", csv.toString(), "--max-p", "5"), "01-snippetB")).isEqualTo(5);
        Path one = dir.resolve("one.csv");
        Files.writeString(one, BenchCsv.HEADER_V1 + "\nsnippetB,1,1,1000,1,0,1,true\n");
        assertThat(lastP(plot("small", "--bench", one.toString()), "01-snippetB")).isEqualTo(8);   // 4 × 1 → 8
        assertThat(lastP(plot("bounds"), "01-")).isEqualTo(64);
    }

    @Test
    void aWholeProcessSweepGetsNoVerdict() throws Exception {
        Path csv = dir.resolve("whole.csv");
        // a speedup of 1000/900 = 1.11 at P = 2, whatever the bounds say, is not judged against them
        Files.writeString(csv, BenchCsv.HEADER_V1 + "\n,1,1,1000,1,0,1,true\n,2,1,900,1,0,2,true\n");
        Path svg = dir.resolve("whole.svg");
        CliRunner.Result r = CliRunner.run("plot", rec.toString(), "--bench", csv.toString(), "-o", svg.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("Whole run: bounds from " + rec, "n/a (whole process timed)",
                "the program closed no region", "Inside the predicted range: 0 of 0 judged points",
                "Not comparable with the bounds: 1 point(s)").doesNotContain("BELOW", "memory bandwidth", "inside");
        assertThat(Files.readString(svg)).contains("not comparable with the bounds");
    }

    /** @return the gnuplot directory of a plot of the recording with {@code options} */
    private static Path plot(String name, String... options) {
        Path gp = dir.resolve(name);
        String[] args = new String[5 + options.length];
        args[0] = "plot";
        args[1] = rec.toString();
        args[2] = "-o";
        args[3] = dir.resolve(name + ".svg").toString();
        args[4] = "--gnuplot=" + gp;
        System.arraycopy(options, 0, args, 5, options.length);
        CliRunner.Result r = CliRunner.run(args);
        assertThat(r.exitCode()).as(r.err()).isZero();
        return gp;
    }

    /** @return the largest P of the first bounds file whose name starts with {@code prefix} */
    private static int lastP(Path gp, String prefix) throws Exception {
        try (var files = Files.list(gp)) {
            Path bounds = files.filter(f -> f.getFileName().toString().startsWith(prefix)
                    && f.getFileName().toString().endsWith("-bounds.dat")).sorted().findFirst().orElseThrow();
            return Files.readAllLines(bounds).stream().filter(l -> !l.startsWith("#") && !l.isBlank())
                    .mapToInt(l -> Integer.parseInt(l.trim().split("\\s+")[0])).max().orElseThrow();
        }
    }
}
