package io.forkscope.recorder.sites;

/** Lets tests of other packages start from an empty {@link SiteRegistry}. */
public final class SiteRegistryForTests {
    private SiteRegistryForTests() {
    }

    public static void clear() {
        SiteRegistry.clear();
    }
}
