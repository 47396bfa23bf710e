package io.forkscope.report;

import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.io.IOException;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Recordings built by hand, and a format's output for them. */
final class Fixtures {
    private Fixtures() {}

    /** work 1000, span 100, burdened span 160: parallelism 10, burdened parallelism 6.25. */
    static final WorkSpan WHOLE = new WorkSpan(1000, 100, 160, 10, 12, 1_234_567);
    static final RegionRecord SORT_1 = new RegionRecord("sort", "main", 2_500_000, new WorkSpan(400, 40, 40, 1, 1, 50_000), 0);
    static final RegionRecord COMMA = new RegionRecord("merge, \"final\"", "ForkJoinPool-1-worker-3", 3_000_000,
            new WorkSpan(300, 300, 300, 0, 0, 700), 3);
    static final RegionRecord SORT_2 = new RegionRecord("sort", "main", 4_000_000, new WorkSpan(500, 20, 50, 2, 2, 60_000), 0);

    static Recording recording(String unit, WorkSpan whole, List<RegionRecord> regions, List<String> warnings,
                               boolean complete) {
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.UNIT, unit);
        info.put(RecordingInfo.BURDEN, unit.equals("time") ? "6250" : "100");
        info.put(RecordingInfo.BURDEN_SOURCE, unit.equals("time") ? "default" : "option");
        info.put(RecordingInfo.JAVA_VERSION, "17.0.21");
        return new Recording(new RecordingInfo(info), new WholeRun(whole, 4, 5, 11, complete), regions, warnings, complete);
    }

    static Recording timeRecording() {
        return recording("time", WHOLE, List.of(SORT_1, COMMA, SORT_2), List.of("x.fsk: something odd"), true);
    }

    /** Diagnosis for 8 processors, P = 2, 4, 8: independent of the machine the tests run on. */
    static final AnalysisOptions OPTIONS = new AnalysisOptions(8, 8);

    static String render(ReportFormat format, Recording rec, AnalysisOptions opts) throws IOException {
        ScalabilityReport report = ScalabilityAnalysis.analyze(rec, opts);
        StringWriter out = new StringWriter();
        format.write(report, rec, out);
        return out.toString();
    }

    static String render(ReportFormat format, Recording rec) throws IOException {
        return render(format, rec, OPTIONS);
    }
}
