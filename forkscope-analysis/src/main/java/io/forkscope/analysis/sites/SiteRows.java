package io.forkscope.analysis.sites;

import io.forkscope.model.Unit;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The call-site view of a recording, independent of any output format: every site of the table
 * joined with its measures in both profiles, sorted by its share in the chosen profile (largest
 * first; equal shares by top-call-site span on span, or work on work, largest first, then by site
 * id), with the run's T1 and T∞ and the two totals that must add up.
 *
 * @param unit         the recording's unit (time: nanoseconds; abstract: units)
 * @param on           the profile the rows are sorted by
 * @param work         T1 of the profiled computation
 * @param span         T∞ of the profiled computation
 * @param foreignJoins joins by a method other than the forker's, left out of the profiles: when
 *                     non-zero, the on-span profile is approximate
 * @param rows         every site of the table, sorted; sites without an invocation in {@code on} last
 * @param workTotal    Σ local work on work + outside work against T1
 * @param spanTotal    Σ local span on span + outside span against T∞
 */
public record SiteRows(Unit unit, On on, long work, long span, long foreignJoins, List<SiteRow> rows,
                       TotalCheck workTotal, TotalCheck spanTotal) {
    public SiteRows {
        rows = List.copyOf(rows);
    }

    /** The whole run's view of {@code sites}, sorted by {@code on}. */
    public static SiteRows of(RecordedSites sites, Unit unit, On on) {
        return of(sites, sites.wholeRun(), unit, on);
    }

    /**
     * The view of one result of {@code sites} (the whole run's, or a region's: its T1 and T∞ are
     * the region's own, and so are the shares), sorted by {@code on}.
     */
    public static SiteRows of(RecordedSites sites, SitesResult r, Unit unit, On on) {
        SiteMeasures[] onWork = byId(r.onWork(), sites.sites().size());
        SiteMeasures[] onSpan = byId(r.onSpan(), sites.sites().size());
        List<SiteRow> rows = new ArrayList<>(sites.sites().size());
        for (CallSite s : sites.sites()) {
            SiteMeasures w = onWork[s.id()];
            SiteMeasures p = onSpan[s.id()];
            rows.add(new SiteRow(s, w, p, percent(w.local().work(), r.work()), percent(p.local().span(), r.span())));
        }
        Comparator<SiteRow> order = Comparator.comparing((SiteRow row) -> !row.invoked(on))
                .thenComparing(Comparator.comparingDouble((SiteRow row) -> row.percent(on)).reversed())
                .thenComparing(Comparator.comparingLong((SiteRow row) -> on == On.WORK
                        ? row.onWork().local().work() : row.onSpan().local().span()).reversed())
                // among equal local shares (often none: a site whose callee only calls others), the
                // outer ones first: by what their top-call-site invocations contain
                .thenComparing(Comparator.comparingLong((SiteRow row) -> on == On.WORK
                        ? row.onWork().topCallSite().work() : row.onSpan().topCallSite().span()).reversed())
                .thenComparingInt(row -> row.site().id());
        rows.sort(order);
        long localWork = 0;
        for (SiteMeasures m : r.onWork().sites()) {
            localWork += m.local().work();
        }
        long localSpan = 0;
        for (SiteMeasures m : r.onSpan().sites()) {
            localSpan += m.local().span();
        }
        return new SiteRows(unit, on, r.work(), r.span(), r.foreignJoins(), rows,
                new TotalCheck(localWork, r.onWork().outsideWork(), r.work()),
                new TotalCheck(localSpan, r.onSpan().outsideSpan(), r.span()));
    }

    /** @return the rows with an invocation in {@code on}, at most {@code top} of them (0: all) */
    public List<SiteRow> shown(int top) {
        List<SiteRow> out = new ArrayList<>();
        for (SiteRow row : rows) {
            if (!row.invoked(on) || (top > 0 && out.size() == top)) {
                break;
            }
            out.add(row);
        }
        return out;
    }

    /** @return how many sites have an invocation in {@code on} */
    public int invoked() {
        return (int) rows.stream().filter(row -> row.invoked(on)).count();
    }

    /** @return whether the on-span profile is approximate (joins it could not follow) */
    public boolean approximate() {
        return foreignJoins > 0;
    }

    /**
     * @return the profile's measures by site id; a site listed twice (which no recorder writes)
     *         keeps its first entry, as {@link SiteProfile#of} does
     */
    private static SiteMeasures[] byId(SiteProfile profile, int sites) {
        SiteMeasures[] out = new SiteMeasures[sites];
        for (SiteMeasures m : profile.sites()) {
            if (out[m.site()] == null) {
                out[m.site()] = m;
            }
        }
        for (int i = 0; i < sites; i++) {
            if (out[i] == null) {
                out[i] = SiteRow.none(i);
            }
        }
        return out;
    }

    /** @return 100 × part / whole in one division (72.0 for 180 of 250, not 72.00000000000001), 0 without whole */
    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
