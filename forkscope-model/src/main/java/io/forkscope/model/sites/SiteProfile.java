package io.forkscope.model.sites;

import java.util.List;

/**
 * One Cilkprof profile: the measures of every site that has an invocation in it, ordered by site
 * id. {@code outsideWork} and {@code outsideSpan} are what no site accounts for locally (the
 * strands of the computation's root outside any invocation), so that
 * {@code Σ local.work + outsideWork} and {@code Σ local.span + outsideSpan} are the profile's total
 * (T1 and, on span, T∞).
 */
public record SiteProfile(List<SiteMeasures> sites, long outsideWork, long outsideSpan) {
    public SiteProfile {
        sites = List.copyOf(sites);
    }

    /** The measures of one site, or {@code null} when it has no invocation in this profile. */
    public SiteMeasures of(int site) {
        for (SiteMeasures m : sites) {
            if (m.site() == site) {
                return m;
            }
        }
        return null;
    }
}
