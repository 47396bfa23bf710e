package io.forkscope.report.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
            new Measurement("", 4, 3, 7, 1, 0, 2, false));

    @Test
    void rowsGoOutAsTheyComeAndReadBackTheSame(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        try (BenchCsv.Appender csv = new BenchCsv.Appender(out)) {
            for (Measurement m : ROWS) {
                csv.append(m);
            }
        }
        assertThat(out.toString()).isEqualTo("region,p,trial,time_ns,repetitions,warmup,cpus,pinned\n"
                + "quicksort,1,1,812345678,2,1,1,true\n"
                + "\"a,b \"\"c\"\"\",2,1,5,1,0,2,true\n"
                + ",4,3,7,1,0,2,false\n");
        Path file = dir.resolve("b.csv");
        Files.writeString(file, out.toString());
        assertThat(BenchCsv.read(file)).isEqualTo(ROWS);
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
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,1,1,x,1,0,1,true\n", "w.csv"))
                .hasMessage("w.csv:2: time_ns is not a whole number: 'x'");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,1,1,5,1,0,1\n", "w.csv"))
                .hasMessage("w.csv:2: expected 8 fields, found 7");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,0,1,5,1,0,1,true\n", "w.csv"))
                .hasMessageStartingWith("w.csv:2: impossible measurement");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\nq,1,1,5,1,0,1,yes\n", "w.csv"))
                .hasMessage("w.csv:2: pinned must be true or false, not 'yes'");
        assertThatThrownBy(() -> BenchCsv.parse(BenchCsv.HEADER + "\n\"q,1,1,5,1,0,1,true\n", "w.csv"))
                .hasMessage("w.csv:2: a quoted field is not closed");
        assertThatThrownBy(() -> BenchCsv.read(dir.resolve("none.csv"))).hasMessageEndingWith("none.csv: no such file");
    }
}
