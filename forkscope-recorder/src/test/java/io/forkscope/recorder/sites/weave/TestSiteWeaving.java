package io.forkscope.recorder.sites.weave;

/** The call-site weaver with {@link TestHooks}, for tests of weavers that run after it (other packages). */
public final class TestSiteWeaving {
    private final SiteWeaver weaver = new SiteWeaver(SiteScope.defaults(), SiteRegistrar.REGISTRY,
            TestHooks.class.getName().replace('.', '/'));

    /** @return {@code bytes} with call sites woven in, as the agent's call-site transformer would */
    public byte[] weave(ClassLoader loader, byte[] bytes) {
        return weaver.weave(loader, bytes);
    }
}
