package io.forkscope.analysis.sites;

import io.forkscope.analysis.cilkview.Diagnosis;
import io.forkscope.model.Unit;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SitesResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The call sites that hold the span, for the summary's diagnosis: those with the largest local span
 * on span (their own strands on the critical path), at most {@value #TOP}, each with a share of T∞.
 */
public final class SpanHolders {
    /** How many the diagnosis names. */
    public static final int TOP = 3;

    private SpanHolders() {}

    /** @return the sites with the largest local span on span, largest first; those with none left out */
    public static List<SiteRow> top(RecordedSites sites, Unit unit) {
        return top(sites, sites.wholeRun(), unit);
    }

    /** As {@link #top(RecordedSites, Unit)}, for one result of {@code sites} (a region's). */
    public static List<SiteRow> top(RecordedSites sites, SitesResult result, Unit unit) {
        List<SiteRow> out = new ArrayList<>();
        for (SiteRow row : SiteRows.of(sites, result, unit, On.SPAN).shown(TOP)) {
            if (row.onSpan().local().span() > 0) {
                out.add(row);
            }
        }
        return out;
    }

    /**
     * @return "the span is QuickSort.partition at QuickSort.java:41 (92% of the span), ...", or
     *         nothing when no site holds any of it
     */
    public static Optional<Diagnosis> diagnosis(RecordedSites sites, Unit unit) {
        return diagnosis(sites, sites.wholeRun(), unit);
    }

    /** As {@link #diagnosis(RecordedSites, Unit)}, for one result of {@code sites} (a region's: shares of its span). */
    public static Optional<Diagnosis> diagnosis(RecordedSites sites, SitesResult result, Unit unit) {
        List<SiteRow> top = top(sites, result, unit);
        if (top.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder m = new StringBuilder("the span is ");
        for (int i = 0; i < top.size(); i++) {
            SiteRow row = top.get(i);
            m.append(i == 0 ? "" : i == top.size() - 1 ? " and " : ", ")
                    .append(SiteNames.holder(row.site())).append(" at ").append(row.site().where())
                    .append(" (").append(percent(row.spanPercent())).append(i == 0 ? " of the span)" : ")");
        }
        long foreign = result.foreignJoins();
        if (foreign > 0) {
            m.append("; approximate: ").append(foreign).append(" join(s) of a task by another method than its forker's"
                    + " are left out of the on-span profile");
        }
        m.append(" (local span on the critical path; see forkscope sites)");
        return Optional.of(new Diagnosis(Diagnosis.Kind.SPAN_HOLDERS, m.toString()));
    }

    /** @return a percentage for people: "92%" from 10% up, "5.1%" below, "<0.1%" for less */
    public static String percent(double p) {
        if (p >= 9.95) {
            return String.format(Locale.ROOT, "%.0f%%", p);
        }
        if (p > 0 && p < 0.05) {
            return "<0.1%";
        }
        return String.format(Locale.ROOT, "%.1f%%", p);
    }
}
