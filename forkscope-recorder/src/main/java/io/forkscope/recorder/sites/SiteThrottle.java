package io.forkscope.recorder.sites;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Stops profiling call sites that cost more to observe than they do: a CALL or LAMBDA site whose
 * invocations, after {@link #CHECK_EVERY} of them on one thread, average less than the threshold
 * of local work (default 1 µs; an enter/exit pair through the engine costs ~90 ns here) is turned
 * off for the rest of the run. Its later invocations are then plain calls: their time is the local
 * work of whatever invocation encloses them, so the totals still add up, and the site's own row
 * counts only the invocations before the cut (the recording names every such site, see
 * {@code sites.throttled}). Sites that start or wait for tasks (a task's {@code compute}/{@code exec}
 * called directly, {@code invoke}, {@code invokeAll}) are never throttled: the DAG runs through them.
 * Only time units are throttled (in abstract units a call that declares no work has none).
 *
 * <p>A throttled site's enter, where it is an {@code invokedynamic}, is relinked to the constant -1
 * ({@link SiteLinks}), so its calls cost nothing at all once the JIT has recompiled them.
 *
 * <p>Concurrency: {@link #isOff} is called by woven code on every call, so it is one volatile read
 * of an array and one element read. {@link #throttle} and {@link #keep} grow and publish a new
 * array under this class's lock (elements are written before the volatile write that publishes
 * the array, so a reader sees them); a thread may see a site as on for a while after another
 * turned it off, which only means a few more profiled invocations.
 */
public final class SiteThrottle {
    /** Invocations of one site on one thread between two checks of its mean local work. */
    static final int CHECK_EVERY = 1 << 16;
    /**
     * At a check, the other linked sites of the thread's table with at least this many invocations
     * are judged too, and all those turned off are relinked in one go (see {@link #check}).
     */
    static final int SWEEP_AT_LEAST = 1 << 12;

    private static volatile long thresholdNs;
    /** Per site: 1 = off (throttled), 2 = never throttle; 0 = profiled, may be throttled. */
    private static volatile byte[] state = new byte[0];
    private static final BitSet THROTTLED = new BitSet();

    private SiteThrottle() {
    }

    /** Sets the threshold of mean local work per invocation in ns; 0 or less turns throttling off. */
    public static void configure(long ns) {
        thresholdNs = Math.max(0, ns);
    }

    /** @return the threshold in ns (0: off) */
    public static long thresholdNs() {
        return thresholdNs;
    }

    /** Whether woven code should skip this site (it was throttled). */
    public static boolean isOff(int site) {
        byte[] s = state;
        return site >= 0 && site < s.length && s[site] == 1;   // never throws: woven code calls it
    }

    /** Marks a site that must never be throttled (it starts or waits for tasks). */
    public static synchronized void keep(int site) {
        byte[] s = grown(site);
        s[site] = 2;
        state = s;
    }

    /**
     * Called when an invocation of {@code site} ended on a thread whose on-work table is
     * {@code table}: every {@link #CHECK_EVERY} local invocations, turns the site off if its mean
     * local work is under the threshold, and with it every other site of the table whose enter is
     * linked ({@code invokedynamic}) and that has had at least {@link #SWEEP_AT_LEAST} invocations
     * here with a mean under the threshold. Relinking a site makes the JIT throw away and later
     * recompile every method that inlined its enter; the hot tiny sites of one method (knapsack's
     * and floorplan's recursive searches have six to eight) reach their checks at nearly the same
     * time but not at once, so one at a time they cost a recompilation each (floorplan's search
     * was compiled 6-8 times), where one sweep relinks them together. The sweep is O(sites) once
     * per {@link #CHECK_EVERY} invocations of a site.
     */
    static void check(long[] table, int site) {
        long limit = thresholdNs;
        if (limit <= 0) {
            return;
        }
        int b = site * SiteProf.FIELDS;
        long count = table[b + 6];
        if ((count & (CHECK_EVERY - 1)) != 0) {
            return;
        }
        int[] off = new int[8];
        int n = 0;
        if (table[b + 7] < count * limit) {
            off[n++] = site;
        }
        byte[] now = state;
        for (int other = 0, sites = table.length / SiteProf.FIELDS; other < sites; other++) {
            int o = other * SiteProf.FIELDS;
            long c = table[o + 6];
            if (other != site && c >= SWEEP_AT_LEAST && table[o + 7] < c * limit
                    && (other >= now.length || now[other] == 0) && SiteLinks.linked(other)) {
                if (n == off.length) {
                    off = java.util.Arrays.copyOf(off, n * 2);
                }
                off[n++] = other;
            }
        }
        if (n > 0) {
            throttle(off, n);
        }
    }

    static void throttle(int site) {
        throttle(new int[] {site}, 1);
    }

    /** Turns off the first {@code n} sites of {@code sites} (those not kept), then relinks them together. */
    static synchronized void throttle(int[] sites, int n) {
        int max = 0;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, sites[i]);
        }
        byte[] s = grown(max);
        int[] relink = new int[n];
        int r = 0;
        for (int i = 0; i < n; i++) {
            int site = sites[i];
            if (s[site] == 0) {
                s[site] = 1;
                THROTTLED.set(site);
            }
            if (s[site] == 1) {
                relink[r++] = site;
            }
        }
        state = s;
        for (int i = 0; i < r; i++) {
            SiteLinks.off(relink[i]);
        }
    }

    /** @return the sites throttled so far, by id */
    public static synchronized List<Integer> throttled() {
        List<Integer> out = new ArrayList<>();
        THROTTLED.stream().forEach(out::add);
        return out;
    }

    /** Forgets everything (tests: one JVM runs many recordings). */
    public static synchronized void reset() {
        thresholdNs = 0;
        state = new byte[0];
        THROTTLED.clear();
        SiteLinks.reset();
    }

    private static byte[] grown(int site) {
        byte[] s = state;
        if (site < s.length) {
            return s.clone();
        }
        byte[] g = new byte[Math.max(site + 1, s.length * 2)];
        System.arraycopy(s, 0, g, 0, s.length);
        return g;
    }
}
