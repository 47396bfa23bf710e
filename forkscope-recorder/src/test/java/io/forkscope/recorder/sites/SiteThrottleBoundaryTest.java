package io.forkscope.recorder.sites;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SiteThrottle#check}'s boundaries, on a hand-filled on-work table: a site is turned off when
 * its mean local work is strictly under the threshold (local work &lt; count × threshold), at
 * exactly its {@link SiteThrottle#CHECK_EVERY}-th invocation and no other; another linked site is
 * swept along when it has at least {@link SiteThrottle#SWEEP_AT_LEAST} invocations with a mean
 * strictly under the threshold. Each boundary is tried at, just under and just over.
 */
class SiteThrottleBoundaryTest {
    private static final long LIMIT = 1000;
    private static final int CHECK = SiteThrottle.CHECK_EVERY;
    private static final int SWEEP = SiteThrottle.SWEEP_AT_LEAST;

    @AfterEach
    void reset() {
        SiteThrottle.reset();
    }

    /** A table of {@code sites} sites with site {@code s} at {@code count} calls and {@code local} ns. */
    private static long[] table(int sites) {
        return new long[sites * SiteProf.FIELDS];
    }

    private static void put(long[] table, int site, long count, long local) {
        table[site * SiteProf.FIELDS + 6] = count;
        table[site * SiteProf.FIELDS + 7] = local;
    }

    private static void link(int... sites) throws Exception {
        MethodHandle enter = MethodHandles.lookup().findStatic(SiteThrottleBoundaryTest.class, "enter",
                MethodType.methodType(int.class, int.class, int.class));
        for (int s : sites) {
            SiteLinks.link(enter, s, 0);
        }
    }

    static int enter(int site, int method) {
        return site;
    }

    /** Whether site 0 is turned off by a check with {@code count} calls and {@code local} ns of local work. */
    private static boolean offAfter(long count, long local) {
        SiteThrottle.reset();
        SiteThrottle.configure(LIMIT);
        long[] t = table(1);
        put(t, 0, count, local);
        SiteThrottle.check(t, 0);
        return SiteThrottle.isOff(0);
    }

    @Test
    void aSiteGoesOffOnlyWhenItsMeanIsStrictlyUnderTheThreshold() {
        long atThreshold = CHECK * LIMIT;
        assertThat(offAfter(CHECK, atThreshold - 1)).as("mean just under the threshold").isTrue();
        assertThat(offAfter(CHECK, atThreshold)).as("mean exactly the threshold").isFalse();
        assertThat(offAfter(CHECK, atThreshold + 1)).as("mean just over the threshold").isFalse();
        assertThat(offAfter(CHECK, 0)).as("no local work at all").isTrue();
    }

    @Test
    void theCheckIsAtEveryMultipleOfCheckEveryAndNowhereElse() {
        assertThat(offAfter(CHECK - 1, 0)).as("one call before the check").isFalse();
        assertThat(offAfter(CHECK + 1, 0)).as("one call after the check").isFalse();
        assertThat(offAfter(2L * CHECK, 0)).as("the second check").isTrue();
        assertThat(offAfter(2L * CHECK, 2L * CHECK * LIMIT)).as("the second check, at the threshold").isFalse();
    }

    @Test
    void thresholdZeroNeverThrottles() {
        SiteThrottle.configure(0);
        long[] t = table(1);
        put(t, 0, CHECK, 0);
        SiteThrottle.check(t, 0);
        assertThat(SiteThrottle.isOff(0)).isFalse();
    }

    /**
     * Site 0 reaches its check (tiny); linked sites 1..6 are tried at the sweep's bounds: count just
     * under, at and over {@value SiteThrottle#SWEEP_AT_LEAST} with a tiny mean, and mean just under, at
     * and over the threshold at the sweep's count. Site 7 is tiny and counted enough but not linked.
     */
    @Test
    void theSweepTakesLinkedSitesWithEnoughCallsAndAMeanStrictlyUnder() throws Exception {
        SiteThrottle.configure(LIMIT);
        link(0, 1, 2, 3, 4, 5, 6);
        long[] t = table(8);
        put(t, 0, CHECK, 0);
        put(t, 1, SWEEP - 1, 0);                  // too few calls
        put(t, 2, SWEEP, 0);                      // just enough
        put(t, 3, SWEEP + 1, 0);
        put(t, 4, SWEEP, SWEEP * LIMIT - 1);      // mean just under
        put(t, 5, SWEEP, SWEEP * LIMIT);          // mean exactly the threshold
        put(t, 6, SWEEP, SWEEP * LIMIT + 1);      // mean just over
        put(t, 7, SWEEP, 0);                      // not linked: waits for its own check
        SiteThrottle.check(t, 0);
        assertThat(SiteThrottle.throttled()).containsExactly(0, 2, 3, 4);
    }

    /** A site not at its check sweeps nothing, however tiny the others. */
    @Test
    void noCheckNoSweep() throws Exception {
        SiteThrottle.configure(LIMIT);
        link(0, 1);
        long[] t = table(2);
        put(t, 0, CHECK - 1, 0);
        put(t, 1, SWEEP, 0);
        SiteThrottle.check(t, 0);
        assertThat(SiteThrottle.throttled()).isEmpty();
    }

    /** A kept site (one that starts or waits for tasks) is never turned off, at its check or by a sweep. */
    @Test
    void aKeptSiteStaysOn() throws Exception {
        SiteThrottle.configure(LIMIT);
        link(0, 1);
        SiteThrottle.keep(0);
        SiteThrottle.keep(1);
        long[] t = table(2);
        put(t, 0, CHECK, 0);
        put(t, 1, SWEEP, 0);
        SiteThrottle.check(t, 0);
        assertThat(SiteThrottle.throttled()).isEmpty();
        assertThat(SiteThrottle.isOff(0)).isFalse();
    }
}
