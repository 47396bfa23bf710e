package io.forkscope.recorder.count.weave;

import io.forkscope.recorder.sites.weave.SiteScope;
import io.forkscope.recorder.sites.weave.SiteWeaver;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Weaves instruction counting into application classes as they are defined ({@code --unit
 * bytecodes}; docs/counted-work.md). The classes are the call-site weaver's application classes at
 * their defaults ({@link SiteScope#defaults}: everything outside the JDK and forkscope, the bundled
 * samples included), whatever {@code --sites-include}/{@code --sites-exclude} say: those narrow the
 * call-site table, not the work. The JDK's classes are never counted (the fork/join runtime is the
 * runtime, and a leaf's call of a JDK method counts as that one call instruction), nor forkscope's.
 *
 * <p>Installed after the call-site weaver, whose insertions {@link CountingMethod} recognises and does
 * not count, and before the fork/join recorder's (whose advice around {@code compute()} is then not
 * counted either). A class that cannot be woven runs uncounted: the first one is named on stderr, the
 * others only counted ({@link #failures}). Classes this thread defines while weaving another are left
 * alone (a loader that loads classes to find a resource).
 */
public final class CountTransformer implements ClassFileTransformer {
    private final SiteScope scope = SiteScope.defaults();
    private final ThreadLocal<Boolean> weaving = new ThreadLocal<>();
    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong uncountedMethods = new AtomicLong();
    private final AtomicLong nested = new AtomicLong();

    /**
     * Weaves a class of its own first (so that ASM's classes and this package's are loaded now, not
     * inside the first application class's definition) and adds this transformer to {@code inst}.
     */
    public void install(Instrumentation inst) throws Exception {
        ClassLoader own = CountTransformer.class.getClassLoader();
        String self = CountTransformer.class.getName().replace('.', '/') + ".class";
        try (InputStream in = own.getResourceAsStream(self)) {
            new CountWeaver(SiteWeaver.HOOKS).weave(in.readAllBytes());
        }
        inst.addTransformer(PausingTransformer.of(this));
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) {
        if (!scope.weaves(loader, redefined, internalName)) {
            return null;
        }
        if (weaving.get() != null) {
            nested.incrementAndGet();
            return null;
        }
        weaving.set(Boolean.TRUE);
        try {
            CountWeaver weaver = new CountWeaver(SiteWeaver.HOOKS);
            byte[] out = weaver.weave(bytes);
            woven.incrementAndGet();
            uncountedMethods.addAndGet(weaver.uncountedMethods());
            return out;
        } catch (Throwable t) {
            if (failures.getAndIncrement() == 0) {
                System.err.println("forkscope: cannot weave bytecode counting into " + internalName.replace('/', '.')
                        + " (" + t + "); its instructions are not counted (further such classes are not reported)");
            }
            return null;
        } finally {
            weaving.remove();
        }
    }

    /** @return application classes woven to count */
    public long wovenClasses() {
        return woven.get();
    }

    /** @return application classes that could not be woven: their instructions are not counted */
    public long failures() {
        return failures.get() + nested.get();
    }

    /** @return methods of woven classes left uncounted (jsr/ret, or too large once counted) */
    public long uncountedMethods() {
        return uncountedMethods.get();
    }
}
