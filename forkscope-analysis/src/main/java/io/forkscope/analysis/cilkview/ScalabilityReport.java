package io.forkscope.analysis.cilkview;

import io.forkscope.analysis.sites.SiteRow;
import io.forkscope.analysis.sites.SpanHolders;
import io.forkscope.model.Unit;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of {@link ScalabilityAnalysis}: the whole run and every region occurrence.
 *
 * @param unit     the unit of work and spans (elapsed times are always ns)
 * @param options  the options the analysis ran with
 * @param wholeRun the whole run
 * @param regions  one section per region occurrence, in the recording's order (the order regions closed)
 * @param spanHolders the call sites with the largest local span on span, largest first (at most
 *                 {@link SpanHolders#TOP}); empty for a recording without call sites
 */
public record ScalabilityReport(Unit unit, AnalysisOptions options, SectionScalability wholeRun,
                                List<SectionScalability> regions, List<SiteRow> spanHolders) {
    public ScalabilityReport {
        regions = List.copyOf(regions);
        spanHolders = List.copyOf(spanHolders);
    }

    /** A report of a recording without call sites. */
    public ScalabilityReport(Unit unit, AnalysisOptions options, SectionScalability wholeRun,
                             List<SectionScalability> regions) {
        this(unit, options, wholeRun, regions, List.of());
    }

    /** @return the whole run, then the regions in order */
    public List<SectionScalability> sections() {
        List<SectionScalability> all = new ArrayList<>(regions.size() + 1);
        all.add(wholeRun);
        all.addAll(regions);
        return List.copyOf(all);
    }
}
