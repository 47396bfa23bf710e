package io.forkscope.recorder.agent;

import io.forkscope.Measurement;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.recorder.engine.StoppedRegion;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns a region the engine just closed into the API's {@link Measurement} (Forkscope.measure):
 * the region's work and spans as the recording will hold them, its on-span call sites with names
 * (largest local span first, as {@code forkscope sites} sorts its on-span view) and what the
 * reader should know. Runs on the program's thread, after the region's hook: it may allocate.
 */
final class MeasuredRegion {
    /** On-span sites handed back at most (a test's failure message shows the first few). */
    static final int MAX_SITES = 20;

    private MeasuredRegion() {}

    /**
     * @param unit  the agent option's name of the unit
     * @param sites whether the agent weaves call sites
     */
    static Measurement of(StoppedRegion r, String unit, boolean sites) {
        if (r == null) {
            return Measurement.notMeasured("the forkscope recorder did not take the region's end (it stopped after"
                    + " an internal error, which the recording names)");
        }
        WorkSpan ws = r.measures();
        if (ws == null) {
            return Measurement.notMeasured("region '" + r.label() + "' was closed on another thread or in another task"
                    + " than it was opened in");
        }
        List<String> notes = new ArrayList<>();
        if (r.outstanding() > 0) {
            notes.add(r.outstanding() + " task(s) forked inside had not finished when it ended: their work may be"
                    + " missing (join every task the section forks)");
        }
        List<Measurement.SpanSite> onSpan = null;
        if (sites) {
            List<SiteMeasures> measured = r.sites() == null ? null : r.sites().onSpanSites();
            if (measured == null) {
                notes.add("call sites: this region has none (it stopped in another invocation than it started in,"
                        + " or came after the first " + io.forkscope.recorder.sites.SiteProfiler.MAX_REGIONS
                        + " regions)");
            } else {
                onSpan = spanSites(measured, r.sites().span(), io.forkscope.recorder.sites.SiteRegistry.sites());
            }
        }
        return Measurement.measured(unit, ws.work(), ws.span(), ws.burdenedSpan(), ws.spawns(), ws.syncs(),
                ws.elapsedNs(), onSpan, notes);
    }

    /**
     * The sites with local span on the span, named from {@code names} (by id), largest first (ties by
     * place); shares of {@code span}; at most {@link #MAX_SITES}.
     */
    static List<Measurement.SpanSite> spanSites(List<SiteMeasures> measured, long span, List<CallSite> names) {
        List<Measurement.SpanSite> out = new ArrayList<>();
        for (SiteMeasures m : measured) {
            if (m.local().span() <= 0) {
                continue;
            }
            CallSite site = m.site() < names.size() ? names.get(m.site()) : null;
            String where = site == null ? "site #" + m.site() : site.where();
            String callee = site == null ? null : site.callee();
            out.add(new Measurement.SpanSite(where, callee, m.local().count(), m.local().span(),
                    span <= 0 ? 0 : 100.0 * m.local().span() / span));
        }
        out.sort(Comparator.comparingLong(Measurement.SpanSite::localSpan).reversed()
                .thenComparing(Measurement.SpanSite::where));
        return out.size() > MAX_SITES ? List.copyOf(out.subList(0, MAX_SITES)) : out;
    }
}
