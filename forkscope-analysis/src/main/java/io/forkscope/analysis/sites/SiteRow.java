package io.forkscope.analysis.sites;

import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SiteMeasures;

/**
 * One call site with its measures in both profiles (zero measures where the profile has no
 * invocation of it) and its shares in percent: {@code workPercent} = 100 × local work on work / T1,
 * {@code spanPercent} = 100 × local span on span / T∞ (0 when T1 or T∞ is 0).
 */
public record SiteRow(CallSite site, SiteMeasures onWork, SiteMeasures onSpan, double workPercent,
                      double spanPercent) {
    /** @return the measures in one profile */
    public SiteMeasures measures(On on) {
        return on == On.WORK ? onWork : onSpan;
    }

    /** @return the share (in percent) this row is sorted by in a view of {@code on} */
    public double percent(On on) {
        return on == On.WORK ? workPercent : spanPercent;
    }

    /** @return whether the profile holds an invocation of the site */
    public boolean invoked(On on) {
        SiteMeasures m = measures(on);
        return m.local().count() > 0 || m.topCallSite().count() > 0 || m.topCaller().count() > 0;
    }

    /** @return zero measures of a site the profile does not hold */
    static SiteMeasures none(int site) {
        return new SiteMeasures(site, Measurement.ZERO, Measurement.ZERO, Measurement.ZERO);
    }
}
