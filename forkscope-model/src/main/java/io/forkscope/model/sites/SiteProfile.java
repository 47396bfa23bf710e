package io.forkscope.model.sites;

import java.util.List;

/**
 * One Cilkprof profile: the measures of every site that has an invocation in it, ordered by site
 * id. What no site accounts for locally is the computation root's own strands (outside any
 * invocation): {@code outsideWork} is their work, {@code outsideSpan} the part of them on the
 * critical path (the same in both profiles). So {@code Σ local.work + outsideWork} = T1 in the
 * on-work profile, and {@code Σ local.span + outsideSpan} = T∞ in the on-span one.
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
