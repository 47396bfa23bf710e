package io.forkscope.recorder.sites;

/** Lets tests of other packages start from an empty {@link SiteRegistry}. */
public final class SiteRegistryForTests {
    private SiteRegistryForTests() {
    }

    public static void clear() {
        SiteRegistry.clear();
    }

    /** Turns {@code site} off as the throttle does, relinking its woven enter. */
    public static void throttle(int site) {
        SiteThrottle.throttle(site);
    }

    /** Forgets every throttled site and link. */
    public static void resetThrottle() {
        SiteThrottle.reset();
    }
}
