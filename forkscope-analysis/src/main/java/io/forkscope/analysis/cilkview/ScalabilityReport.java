package io.forkscope.analysis.cilkview;

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
 */
public record ScalabilityReport(Unit unit, AnalysisOptions options, SectionScalability wholeRun,
                                List<SectionScalability> regions) {
    public ScalabilityReport {
        regions = List.copyOf(regions);
    }

    /** @return the whole run, then the regions in order */
    public List<SectionScalability> sections() {
        List<SectionScalability> all = new ArrayList<>(regions.size() + 1);
        all.add(wholeRun);
        all.addAll(regions);
        return List.copyOf(all);
    }
}
