package io.forkscope.report;

import static io.forkscope.report.Fixtures.recording;
import static io.forkscope.report.Fixtures.render;
import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvReportTest {
    @Test
    void cilkscaleLayoutWholeRunLast() throws Exception {
        assertThat(render(new CsvReport(), Fixtures.timeRecording())).isEqualTo("""
                tag,work (seconds),span (seconds),parallelism,burdened_span (seconds),burdened_parallelism
                sort,0.000000400,0.000000040,10,0.000000040,10
                "merge, ""final""\",0.000000300,0.000000300,1,0.000000300,1
                sort,0.000000500,0.000000020,25,0.000000050,10
                ,0.000001000,0.000000100,10,0.000000160,6.25
                """);
    }

    /** Cilkview Fig. 6's quicksort read as nanoseconds. */
    @Test
    void secondsAreExact() throws Exception {
        WorkSpan quicksort = new WorkSpan(5_570_609_776L, 261_374_874L, 262_078_779L, 8_518_398, 8_518_398, 0);
        String csv = render(new CsvReport(), recording("time", quicksort, List.of(), List.of(), true));
        assertThat(csv.lines().toList()).containsExactly(
                "tag,work (seconds),span (seconds),parallelism,burdened_span (seconds),burdened_parallelism",
                ",5.570609776,0.261374874,21.312721,0.262078779,21.255478");
    }

    @Test
    void abstractUnits() throws Exception {
        RegionRecord r = new RegionRecord("r", "main", 0, new WorkSpan(40, 4, 8, 1, 1, 900), 0);
        String csv = render(new CsvReport(), recording("abstract", new WorkSpan(4000, 400, 500, 2, 2, 1), List.of(r),
                List.of(), true));
        assertThat(csv).isEqualTo("""
                tag,work (units),span (units),parallelism,burdened_span (units),burdened_parallelism
                r,40,4,10,8,5
                ,4000,400,10,500,8
                """);
    }

    @Test
    void noWorkIsZeroNotNaN() throws Exception {
        String csv = render(new CsvReport(), recording("time", WorkSpan.ZERO, List.of(), List.of(), true));
        assertThat(csv.lines().toList()).last().isEqualTo(",0.000000000,0.000000000,0,0.000000000,0");
    }

    @Test
    void quoting() {
        assertThat(CsvReport.quote("plain label")).isEqualTo("plain label");
        assertThat(CsvReport.quote("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvReport.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReport.quote("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(CsvReport.quote("cr\r")).isEqualTo("\"cr\r\"");
        assertThat(CsvReport.quote("")).isEmpty();
    }
}
