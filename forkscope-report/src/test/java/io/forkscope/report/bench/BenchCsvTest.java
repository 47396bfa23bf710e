package io.forkscope.report.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.model.machine.MachineLoad;
import io.forkscope.analysis.scaling.Measurement;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCsvTest {
    static final List<Measurement> ROWS = List.of(
            new Measurement("quicksort", 1, 1, 812_345_678, 2, 1, 1, true),
            new Measurement("a,b \"c\"", 2, 1, 5, 1, 0, 2, true),
            new Measurement("", 4, 3, 7, 1, 0, 2, false, new MachineLoad(0.4125, 3.5, 2)));

    @Test
    void rowsGoOutAsTheyComeAndReadBackTheSame(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        try (BenchCsv.Appender csv = new BenchCsv.Appender(out)) {
            for (Measurement m : ROWS) {
                csv.append(m);
            }
        }
        assertThat(out.toString()).isEqualTo("region,p,trial,time_ns,repetitions,warmup,cpus,pinned,"
                + "others_cpu,load_average,machine_cpus,spread,noisy\n"
                + "quicksort,1,1,812345678,2,1,1,true,,,,,\n"
                + "\"a,b \"\"c\"\"\",2,1,5,1,0,2,true,,,,,\n"
                + ",4,3,7,1,0,2,false,0.4125,3.50,2,,\n");
        Path file = dir.resolve("b.csv");
        Files.writeString(file, out.toString());
        assertThat(BenchCsv.read(file)).isEqualTo(ROWS);
    }

    @Test
    void filesOfTheFirstVersionStillRead() throws Exception {
        String old = "region,p,trial,time_ns,repetitions,warmup,cpus,pinned\n"
                + "quicksort,1,1,812345678,2,1,1,true\n"
                + "\"a,b \"\"c\"\"\",2,1,5,1,0,2,true\n";
        assertThat(BenchCsv.parse(old, "old.csv")).containsExactly(ROWS.get(0), ROWS.get(1));
        assertThat(BenchCsv.parse(old, "old.csv").get(0).load()).isEqualTo(MachineLoad.UNKNOWN);
    }

    @Test
    void theRewriteAddsEachPointsSpreadAndWhetherItIsNoisy(@TempDir Path dir) throws Exception {
        // P = 1: 100, 104, 102 ms -> median 102, spread (104 - 100) / 102 = 0.0392: not noisy
        // P = 2: 50, 80, 60 ms -> median 60, spread (80 - 50) / 60 = 0.5: noisy
        List<Measurement> rows = List.of(
                new Measurement("r", 1, 1, 100_000_000, 1, 0, 1, true, new MachineLoad(0.0, 0.5, 2)),
                new Measurement("r", 2, 1, 50_000_000, 1, 0, 2, true, new MachineLoad(0.0, 0.5, 2)),
                new Measurement("r", 1, 2, 104_000_000, 1, 0, 1, true, new MachineLoad(0.25, 1.0, 2)),
                new Measurement("r", 2, 2, 80_000_000, 1, 0, 2, true, new MachineLoad(0.75, 1.5, 2)),
                new Measurement("r", 1, 3, 102_000_000, 1, 0, 1, true, MachineLoad.UNKNOWN),
                new Measurement("r", 2, 3, 60_000_000, 1, 0, 2, true, MachineLoad.UNKNOWN));
        Path file = dir.resolve("r.csv");
        Files.writeString(file, "whatever was there");
        BenchCsv.rewrite(file, rows);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).containsExactly(BenchCsv.HEADER,
                "r,1,1,100000000,1,0,1,true,0.0000,0.50,2,0.0392,false",
                "r,2,1,50000000,1,0,2,true,0.0000,0.50,2,0.5000,true",
                "r,1,2,104000000,1,0,1,true,0.2500,1.00,2,0.0392,false",
                "r,2,2,80000000,1,0,2,true,0.7500,1.50,2,0.5000,true",
                "r,1,3,102000000,1,0,1,true,,,,0.0392,false",
                "r,2,3,60000000,1,0,2,true,,,,0.5000,true");
        assertThat(BenchCsv.read(file)).isEqualTo(rows);
        assertThat(Files.list(dir)).containsExactly(file);   // no temporary file left
    }

    @Test
    void aTornLastRowIsIgnored() throws Exception {
        String text = BenchCsv.HEADER + "\n" + BenchCsv.row(ROWS.get(0)) + "quicksort,2,1,81";
        assertThat(BenchCsv.parse(text, "x.csv")).containsExactly(ROWS.get(0));
    }

    @Test
    void aLineBreakInALabelBecomesASpace() throws Exception {
        Measurement m = new Measurement("two\nlines", 1, 1, 3, 1, 0, 1, true);
        assertThat(BenchCsv.parse(BenchCsv.HEADER + "\n" + BenchCsv.row(m), "x").get(0).region()).isEqualTo("two lines");
    }

    @Test
    void badFilesNameTheFileAndLine(@TempDir Path dir) {
        assertThatThrownBy(() -> BenchCsv.parse("tag,work\n", "w.csv")).isInstanceOf(BenchCsvException.class)
                .hasMessageStartingWith("w.csv: not a forkscope bench CSV");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER_V1 + "\nq,1,1,x,1,0,1,true\n", "w.csv"))
                .hasMessage("w.csv:2: time_ns is not a whole number: 'x'");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER_V1 + "\nq,1,1,5,1,0,1\n", "w.csv"))
                .hasMessage("w.csv:2: expected 8 fields, found 7");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,1,1,5,1,0,1,true\n", "w.csv"))
                .hasMessage("w.csv:2: expected 13 fields, found 8");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,1,1,5,1,0,1,true,-1,,,,\n", "w.csv"))
                .hasMessage("w.csv:2: others_cpu is not a non-negative number: '-1'");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,1,1,5,1,0,1,true,1.5,,,,\n", "w.csv"))
                .hasMessageStartingWith("w.csv:2: othersShare must be in [0, 1]");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,1,1,5,1,0,1,true,,,,0.1,maybe\n", "w.csv"))
                .hasMessage("w.csv:2: noisy must be true, false or empty, not 'maybe'");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER_V1 + "\nq,0,1,5,1,0,1,true\n", "w.csv"))
                .hasMessageStartingWith("w.csv:2: impossible measurement");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER_V1 + "\nq,1,1,5,1,0,1,yes\n", "w.csv"))
                .hasMessage("w.csv:2: pinned must be true or false, not 'yes'");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\n\"q,1,1,5,1,0,1,true\n", "w.csv"))
                .hasMessage("w.csv:2: a quoted field is not closed");
        assertThatThrownBy(() -> BenchCsv.read(dir.resolve("none.csv"))).hasMessageEndingWith("none.csv: no such file");
    }
}
