package io.forkscope.model.sites;

import java.util.List;

/**
 * What a recording made with {@code --sites} holds about call sites: the site table (every
 * {@link CallSite} the recorder registered, by id: {@code sites.get(i).id() == i}), the whole
 * run's profiles, and (room for later) labelled region profiles. Every site id a profile names is
 * an index into {@code sites}; the reader refuses a block where it is not.
 */
public record RecordedSites(List<CallSite> sites, SitesResult wholeRun, List<RegionSites> regions) {
    public RecordedSites {
        sites = List.copyOf(sites);
        regions = List.copyOf(regions);
        if (wholeRun == null) {
            throw new IllegalArgumentException("recorded sites need the whole run's result");
        }
        for (int i = 0; i < sites.size(); i++) {
            if (sites.get(i).id() != i) {
                throw new IllegalArgumentException("site " + i + " has id " + sites.get(i).id());
            }
        }
        check(sites.size(), wholeRun);
        for (RegionSites r : regions) {
            check(sites.size(), r.result());
        }
    }

    /** The whole run's profiles only. */
    public RecordedSites(List<CallSite> sites, SitesResult wholeRun) {
        this(sites, wholeRun, List.of());
    }

    /** @return the site with this id */
    public CallSite site(int id) {
        return sites.get(id);
    }

    private static void check(int count, SitesResult r) {
        for (SiteProfile p : new SiteProfile[] {r.onWork(), r.onSpan()}) {
            if (p == null) {
                throw new IllegalArgumentException("a sites result needs both profiles");
            }
            for (SiteMeasures m : p.sites()) {
                if (m.site() < 0 || m.site() >= count) {
                    throw new IllegalArgumentException("a profile names site " + m.site() + " of " + count);
                }
            }
        }
    }
}
