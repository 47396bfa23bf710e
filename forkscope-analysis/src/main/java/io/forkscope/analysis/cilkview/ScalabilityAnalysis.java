package io.forkscope.analysis.cilkview;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingGaps;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * Cilkview's scalability analysis (measures.md §3): for the whole run and for each region occurrence,
 * parallelism, burdened parallelism, average maximal strand, the speedup range for P = 2, 4, 8, …
 * and the diagnoses.
 */
public final class ScalabilityAnalysis {
    private ScalabilityAnalysis() {}

    /** @return the analysis with {@link AnalysisOptions#defaults()} */
    public static ScalabilityReport analyze(Recording rec) {
        return analyze(rec, AnalysisOptions.defaults());
    }

    public static ScalabilityReport analyze(Recording rec, AnalysisOptions opts) {
        Unit unit = rec.info().unit();
        RecordingGaps gaps = RecordingGaps.of(rec.info());
        SectionScalability whole = section(null, null, 0, 0, rec.wholeRun().measures(), unit, opts, gaps);
        List<SectionScalability> regions = new ArrayList<>(rec.regions().size());
        for (RegionRecord r : rec.regions()) {
            // a null label would read as the whole run
            String label = r.label() == null ? "" : r.label();
            regions.add(section(label, r.thread(), r.startNs(), r.unjoined(), r.measures(), unit, opts, gaps));
        }
        return new ScalabilityReport(unit, opts, whole, regions);
    }

    private static SectionScalability section(String label, String thread, long startNs, long unjoined,
                                              WorkSpan ws, Unit unit, AnalysisOptions opts, RecordingGaps gaps) {
        return new SectionScalability(label, thread, startNs, unjoined, ws,
                ws.parallelism(), ws.burdenedParallelism(), ws.averageMaximalStrand(),
                SpeedupBounds.estimates(ws, opts.processorCounts()),
                Diagnostician.diagnose(ws, unit, opts.processors(), gaps));
    }
}
