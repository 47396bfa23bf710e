package io.forkscope.recorder.sites.weave;

import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import io.forkscope.recorder.sites.SiteRegistry;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Weaves call sites into application classes as they are defined ({@code record --sites}). Every
 * class the JVM defines passes through here, so the filter is cheap first: classes of the bootstrap
 * and platform loaders, redefinitions, lambda proxies and hidden classes (which never reach a
 * transformer on JDK 15+) and classes outside the {@link SiteScope} are left alone.
 *
 * <p>A class that cannot be woven is left as it is and counted (here and in
 * {@link SiteRegistry#unwovenClasses}, for the recording); the first one is named on stderr, in one
 * line, and no other. Classes defined by this thread while it weaves one (a class loader
 * that loads classes to find a resource) are left alone too, as weaving them could need the very
 * class being defined.
 *
 * <p>Installed before the fork/join recorder's transformer, so this weaver reads the class file as
 * compiled (exact bytecode indexes) and {@code ComputeWeaver}'s advice then wraps the woven
 * {@code compute()}.
 */
public final class SiteTransformer implements ClassFileTransformer {
    private final SiteWeaver weaver;
    private final SiteScope scope;
    private final ThreadLocal<Boolean> weaving = new ThreadLocal<>();
    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();

    public SiteTransformer(SiteScope scope) {
        this.scope = scope;
        this.weaver = SiteWeaver.forRegistry(scope);
    }

    /**
     * Warms the weaver up on a class of its own (registering nothing: ASM's and this package's classes
     * are then loaded before the first application class is, not from inside its definition) and
     * adds it to {@code inst}.
     */
    public void install(Instrumentation inst) throws Exception {
        // by name: loading WarmUp would load ForkJoinTask before the recorder can weave it
        String warmUp = SiteTransformer.class.getPackageName() + ".WarmUp";
        ClassLoader own = SiteTransformer.class.getClassLoader();
        try (InputStream in = own.getResourceAsStream(warmUp.replace('.', '/') + ".class")) {
            new SiteWeaver(SiteScope.only(warmUp), SiteRegistrar.NOWHERE, SiteWeaver.HOOKS)
                    .weave(own, in.readAllBytes());
        }
        inst.addTransformer(io.forkscope.recorder.count.weave.PausingTransformer.of(this));
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) {
        if (!scope.weaves(loader, redefined, internalName)) {
            return null;
        }
        if (weaving.get() != null) {
            // defined while this thread weaves another class: runs without its sites, counted
            SiteRegistry.classWeaving(false, true, 0);
            return null;
        }
        weaving.set(Boolean.TRUE);
        long start = System.nanoTime();
        byte[] out = null;
        boolean failed = false;
        try {
            // a woven class of a named module links to the hooks (the boot loader's unnamed module):
            // the JVM makes the module of every transformed class read the unnamed modules of the
            // bootstrap loader and of the agent's loader (java.lang.instrument, "Deploying agents")
            out = weaver.weave(loader, bytes);
            return out;
        } catch (Throwable t) {
            failed = true;
            if (failures.getAndIncrement() == 0) {
                System.err.println("forkscope: cannot weave call sites into " + internalName.replace('/', '.') + " ("
                        + t + "); it runs without them (further such classes are not reported)");
            }
            return null;
        } finally {
            long ns = System.nanoTime() - start;
            nanos.addAndGet(ns);
            if (out != null) {
                woven.incrementAndGet();
            }
            weaving.remove();
            SiteRegistry.classWeaving(out != null, failed, ns);
        }
    }

    /** @return application classes that got call sites */
    public long wovenClasses() {
        return woven.get();
    }

    /** @return application classes that could not be woven and run without call sites */
    public long failures() {
        return failures.get();
    }

    /** @return time spent weaving (and deciding not to), in nanoseconds, over all classes */
    public long weavingNanos() {
        return nanos.get();
    }
}
