package io.forkscope.recorder.sites;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hybrid store's space bound (Cilkprof Theorem 6: a log of at most ~2S entries next to one
 * array) and its sums, against a plain array, under random updates and unions with sites
 * appearing as the run goes on (the store must grow its array).
 */
class SiteProfTest {

    @Test
    void logStaysBelowTwiceTheSitesAndSumsMatch() {
        Random rng = new Random(7);
        for (int round = 0; round < 200; round++) {
            int sites = 1 + rng.nextInt(12);
            SiteProf[] stores = new SiteProf[4];
            long[][] naive = new long[4][64 * SiteProf.FIELDS];
            for (int i = 0; i < stores.length; i++) {
                stores[i] = new SiteProf();
            }
            for (int op = 0; op < 400; op++) {
                if (rng.nextInt(10) == 0) {
                    sites++; // a new site discovered on the fly
                }
                int i = rng.nextInt(stores.length);
                if (rng.nextInt(4) == 0) {
                    int j = rng.nextInt(stores.length);
                    if (j != i) {
                        stores[i].union(stores[j], sites);
                        for (int k = 0; k < naive[i].length; k++) {
                            naive[i][k] += naive[j][k];
                            naive[j][k] = 0;
                        }
                        assertThat(stores[j].isEmpty()).as("union empties its argument").isTrue();
                    }
                } else {
                    int site = rng.nextInt(sites);
                    boolean tcs = rng.nextBoolean();
                    boolean tc = rng.nextBoolean();
                    long w = rng.nextInt(100);
                    long s = rng.nextInt(100);
                    long lw = rng.nextInt(100);
                    long ls = rng.nextInt(100);
                    stores[i].update(site, tcs, tc, w, s, lw, ls, sites);
                    SiteProf.add(naive[i], site, tcs, tc, w, s, lw, ls);
                }
                for (SiteProf p : stores) {
                    assertThat(p.logLength()).as("log entries vs 2S").isLessThanOrEqualTo(2 * sites);
                }
            }
            for (int i = 0; i < stores.length; i++) {
                long[] got = stores[i].addTo(new long[0]);
                long[] want = naive[i];
                for (int k = 0; k < want.length; k++) {
                    assertThat(k < got.length ? got[k] : 0).as("field " + k).isEqualTo(want[k]);
                }
            }
        }
    }
}
