package io.forkscope.recorder.sites;

import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SiteProfile;
import java.util.ArrayList;
import java.util.List;

/** Helpers for dense per-site arrays of {@link SiteProf#FIELDS} longs per site. */
final class SiteTable {
    private SiteTable() {
    }

    /** {@code a} grown (by doubling) so that it has a slot for {@code site}. */
    static long[] ensure(long[] a, int site) {
        int need = (site + 1) * SiteProf.FIELDS;
        if (a.length >= need) {
            return a;
        }
        long[] grown = new long[Math.max(need, a.length * 2)];
        System.arraycopy(a, 0, grown, 0, a.length);
        return grown;
    }

    /** The profile of a dense array: every site with at least one invocation, by id. */
    static SiteProfile profile(long[] a, long outsideWork, long outsideSpan) {
        List<SiteMeasures> out = new ArrayList<>();
        for (int s = 0; s * SiteProf.FIELDS < a.length; s++) {
            int b = s * SiteProf.FIELDS;
            if (a[b + 6] == 0) {
                continue;
            }
            out.add(new SiteMeasures(s, new Measurement(a[b], a[b + 1], a[b + 2]),
                    new Measurement(a[b + 3], a[b + 4], a[b + 5]), new Measurement(a[b + 6], a[b + 7], a[b + 8])));
        }
        return new SiteProfile(out, outsideWork, outsideSpan);
    }
}
