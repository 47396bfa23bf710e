package io.forkscope.recorder.count.weave;

import io.forkscope.recorder.count.BytecodeCounter;
import io.forkscope.recorder.sites.weave.SiteWeaver;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Weaves instruction counting into the JDK's classes too ({@code count.jdk=true}, {@link JdkScope};
 * docs/counted-work.md): those the program loads from now on as they load, and those already loaded
 * (most of java.lang and java.util, loaded before any agent) by retransforming them. Retransformation
 * may not add fields or methods, and the counting weaver adds neither: a local per method, code and
 * constant-pool entries. The woven code hands its counts over with {@link BytecodeCounter#addJdk}, which
 * adds nothing while the thread runs forkscope's own code ({@link BytecodeCounter#pause}) or the
 * JVM's up-calls to load a class or link a call site ({@link PausedMethods}, also woven here).
 *
 * <p>Never breaks the program: a class that cannot be woven (the weaver throws, or the JVM refuses the
 * retransformed class) runs uncounted, as it was; the first such class is named on stderr, the others
 * only counted ({@link #failures}). The loaded classes are retransformed in batches of {@value #BATCH};
 * when a batch is refused (the JVM then changes none of it), its classes are retried one at a time.
 */
public final class JdkCountTransformer implements ClassFileTransformer {
    private static final int BATCH = 64;

    private final ThreadLocal<Boolean> weaving = new ThreadLocal<>();
    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong intrinsics = new AtomicLong();
    private final AtomicLong uncountedMethods = new AtomicLong();

    /**
     * Turns on the JDK's counting in {@link BytecodeCounter}, adds this transformer (as one that
     * retransformations see) and retransforms the JDK's loaded classes in {@link JdkScope}.
     */
    public void install(Instrumentation inst) {
        BytecodeCounter.countJdk();
        // java.base's woven classes call BytecodeCounter, in the bootstrap loader's unnamed module
        Module base = Object.class.getModule();
        Module counter = BytecodeCounter.class.getModule();
        if (!base.canRead(counter)) {
            inst.redefineModule(base, Set.of(counter), Map.of(), Map.of(), Set.of(), Map.of());
        }
        inst.addTransformer(this, true);
        if (!inst.isRetransformClassesSupported()) {
            say("this JVM cannot retransform classes (the agent jar's Can-Retransform-Classes): the JDK's classes"
                    + " loaded before the agent are not counted");
            return;
        }
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (!c.isArray() && !c.isPrimitive() && !c.isHidden() && c.getClassLoader() == null
                    && (JdkScope.weaves(null, c.getName().replace('.', '/'))
                        || PausedMethods.wraps(c.getName().replace('.', '/')))
                    && inst.isModifiableClass(c)) {
                loaded.add(c);
            }
        }
        for (int from = 0; from < loaded.size(); from += BATCH) {
            List<Class<?>> batch = loaded.subList(from, Math.min(loaded.size(), from + BATCH));
            long before = woven.get();
            try {
                inst.retransformClasses(batch.toArray(Class<?>[]::new));
            } catch (Throwable refused) {
                woven.set(before);             // the JVM changed none of the batch: one at a time
                for (Class<?> c : batch) {
                    long one = woven.get();
                    try {
                        inst.retransformClasses(c);
                    } catch (Throwable t) {
                        woven.set(one);
                        failed(c.getName().replace('.', '/'), t);
                    }
                }
            }
        }
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) {
        // first of all: the JVM calls this on whichever thread loads a class, the bootstrap loader's too
        // (natively, not through ClassLoader.loadClass), often inside a strand; all of it is forkscope's
        BytecodeCounter.pause();
        try {
            return weave(loader, internalName, redefined, bytes);
        } finally {
            BytecodeCounter.resume();
        }
    }

    private byte[] weave(ClassLoader loader, String internalName, Class<?> redefined, byte[] bytes) {
        if (loader != null || internalName == null || weaving.get() != null) {
            return null;
        }
        boolean counted = JdkScope.weaves(loader, internalName);
        Set<String> paused = new java.util.HashSet<>(PausedMethods.METHODS.getOrDefault(internalName, Set.of()));
        paused.add("<clinit>");     // harmless in a class already initialised: it never runs again
        if (!counted && paused.isEmpty()) {
            return null;
        }
        weaving.set(Boolean.TRUE);
        try {
            byte[] out = bytes;
            if (counted) {
                CountWeaver weaver = new CountWeaver(SiteWeaver.HOOKS, true);
                out = weaver.weave(bytes);
                woven.incrementAndGet();
                intrinsics.addAndGet(weaver.intrinsicMethods());
                uncountedMethods.addAndGet(weaver.uncountedMethods());
            }
            byte[] wrapped = paused.isEmpty() ? null : PausedMethods.weave(out, paused);
            return wrapped != null ? wrapped : counted ? out : null;
        } catch (Throwable t) {
            failed(internalName, t);
            return null;
        } finally {
            weaving.remove();
        }
    }

    private void failed(String internalName, Throwable t) {
        if (failures.getAndIncrement() == 0) {
            say("cannot weave bytecode counting into the JDK's " + internalName.replace('/', '.') + " (" + t
                    + "); its instructions are not counted (further such classes are not reported)");
        }
    }

    private static void say(String line) {
        System.err.println("forkscope: " + line);
    }

    /** @return the JDK's classes woven to count */
    public long wovenClasses() {
        return woven.get();
    }

    /** @return the JDK's classes that could not be woven: their instructions are not counted */
    public long failures() {
        return failures.get();
    }

    /** @return {@code @IntrinsicCandidate} methods of woven classes left uncounted */
    public long intrinsicMethods() {
        return intrinsics.get();
    }

    /** @return other methods of woven classes left uncounted (too large once counted) */
    public long uncountedMethods() {
        return uncountedMethods.get();
    }
}
