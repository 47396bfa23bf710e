package io.forkscope.analysis.cilkview;

import io.forkscope.analysis.sites.SiteRow;
import io.forkscope.analysis.sites.SpanHolders;
import io.forkscope.model.Compilation;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingGaps;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.RecordedSites;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Cilkview's scalability analysis (measures.md §3): for the whole run and for each region occurrence,
 * parallelism, burdened parallelism, average maximal strand, the speedup range for P = 2, 4, 8, …
 * and the diagnoses. A recording with call sites also gets the sites that hold the span, named in
 * the whole run's diagnosis ({@link SpanHolders}).
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
        SectionScalability whole = section(null, null, 0, 0, rec.wholeRun().measures(), unit, opts, gaps,
                rec.wholeRun().compilation());
        List<SiteRow> holders = List.of();
        if (rec.recordedSites().isPresent()) {
            RecordedSites sites = rec.recordedSites().get();
            holders = SpanHolders.top(sites, unit);
            // with a DAG known to be incomplete no finding is made, this one included (Diagnostician)
            boolean diagnosed = whole.diagnoses().stream().noneMatch(x -> x.kind() == Diagnosis.Kind.INCOMPLETE_DAG);
            Optional<Diagnosis> d = diagnosed && whole.measures().work() > 0
                    ? SpanHolders.diagnosis(sites, unit) : Optional.empty();
            if (d.isPresent()) {
                whole = whole.with(d.get(), false);
            }
        }
        List<SectionScalability> regions = new ArrayList<>(rec.regions().size());
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        for (RegionRecord r : rec.regions()) {
            // a null label would read as the whole run
            String label = r.label() == null ? "" : r.label();
            SectionScalability s = section(label, r.thread(), r.startNs(), r.unjoined(), r.measures(), unit, opts, gaps,
                    r.compilation());
            int occurrence = seen.merge(label, 1, Integer::sum);
            if (rec.recordedSites().isPresent()) {
                s = withSpanHolders(s, rec.recordedSites().get(), label, occurrence, unit);
            }
            regions.add(s);
        }
        boolean warmRegions = !regions.isEmpty() && regions.stream().allMatch(r -> r.compilation().known()
                && !r.compilation().cold());
        if (warmRegions) {
            // the program measured its warm runs in regions: the whole run's compilation is its warm-up
            Optional<Diagnosis> warmedUp = ColdCode.warmedUp(rec.wholeRun().compilation(), unit);
            if (warmedUp.isPresent()) {
                whole = whole.replacing(Diagnosis.Kind.COLD_CODE, warmedUp.get());
            }
        }
        return new ScalabilityReport(unit, opts, whole, regions, holders);
    }

    /**
     * A region's section with the sites that hold its own span named in its diagnosis, when the
     * recording has that region's profiles: the {@code occurrence}-th of its label in both lists
     * (both are in the order the regions closed; a region the recorder left out of one is left
     * out of the other too), and its T1 and T∞ are the section's (else the profiles are not this
     * occurrence's, and nothing is said).
     */
    private static SectionScalability withSpanHolders(SectionScalability s, RecordedSites sites, String label,
                                                      int occurrence, Unit unit) {
        int n = 0;
        for (io.forkscope.model.sites.RegionSites r : sites.regions()) {
            if (!r.label().equals(label) || ++n < occurrence) {
                continue;
            }
            boolean same = r.result().work() == s.measures().work() && r.result().span() == s.measures().span();
            boolean diagnosed = s.diagnoses().stream().noneMatch(x -> x.kind() == Diagnosis.Kind.INCOMPLETE_DAG);
            Optional<Diagnosis> d = same && diagnosed && s.measures().work() > 0
                    ? SpanHolders.diagnosis(sites, r.result(), unit) : Optional.empty();
            if (d.isEmpty()) {
                return s;
            }
            return s.with(d.get(), false);
        }
        return s;
    }

    private static SectionScalability section(String label, String thread, long startNs, long unjoined,
                                              WorkSpan ws, Unit unit, AnalysisOptions opts, RecordingGaps gaps,
                                              Compilation compilation) {
        SectionScalability s = new SectionScalability(label, thread, startNs, unjoined, ws,
                ws.parallelism(), ws.burdenedParallelism(), ws.averageMaximalStrand(),
                SpeedupBounds.estimates(ws, opts.processorCounts()),
                Diagnostician.diagnose(ws, unit, opts.processors(), gaps, unjoined), compilation);
        // cold code qualifies every other finding, so it comes first
        Optional<Diagnosis> cold = ColdCode.diagnosis(compilation, unit, label == null);
        return cold.isPresent() ? s.with(cold.get(), true) : s;
    }
}
