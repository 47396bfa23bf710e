package io.forkscope.recorder.fj;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.pool.TypePool;

/**
 * Weaves {@link ComputeAdvice} into {@code compute()} of program classes (any class loader but the
 * bootstrap one) that extend RecursiveTask or RecursiveAction. Every program class passes through
 * here once, so the test is cheap first: the class file must mention "compute" and have a
 * superclass outside the JDK, or RecursiveTask/RecursiveAction itself; only then is the superclass
 * chain read (as class files through the class's loader, without loading anything; a subclass is
 * transformed before its superclass is loaded, so asking the JVM would not do). A class that cannot
 * be read or woven is left as it is: the only loss is the tryUnfork idiom in that class.
 */
final class ComputeWeaver {
    private static final byte[] COMPUTE = "compute".getBytes(StandardCharsets.US_ASCII);
    private static final String RECURSIVE_TASK = "java.util.concurrent.RecursiveTask";
    private static final String RECURSIVE_ACTION = "java.util.concurrent.RecursiveAction";

    /** Loaded with this class, in premain, rather than inside the first program class's load. */
    private static final Class<?>[] PRELOADED = {ClassReader.class, TypePool.Default.class,
            ClassFileLocator.Compound.class};

    private final Advice advice;
    /** Superclasses already classified (binary name to whether it is a RecursiveTask/Action). */
    private final Map<String, Boolean> known = new ConcurrentHashMap<>();
    private final AtomicLong failures = new AtomicLong();

    ComputeWeaver(Advice advice) {
        this.advice = advice;
    }

    /**
     * Classes loaded while this thread is already weaving one (ByteBuddy's own, say) are left
     * alone: weaving them could need the very class being loaded (ClassCircularityError).
     */
    private final ThreadLocal<Boolean> weaving = new ThreadLocal<>();

    /** @return the woven class file, or null to leave the class as it is */
    byte[] transform(ClassLoader loader, String internalName, byte[] bytes) {
        if (internalName.startsWith("io/forkscope/recorder/") || internalName.startsWith("io/forkscope/shaded/")
                || !mentionsCompute(bytes) || weaving.get() != null) {
            return null;
        }
        weaving.set(Boolean.TRUE);
        try {
            String superName = new ClassReader(bytes).getSuperName();
            if (superName == null || !isRecursive(loader, superName.replace('/', '.'))) {
                return null;
            }
            String name = internalName.replace('/', '.');
            ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(name, bytes),
                    ClassFileLocator.ForClassLoader.of(loader));
            TypeDescription type = TypePool.Default.of(locator).describe(name).resolve();
            return new ByteBuddy().redefine(type, locator)
                    .visit(advice.on(named("compute").and(takesArguments(0)).and(not(isBridge()))
                            .and(not(isAbstract()))))
                    .make().getBytes();
        } catch (Throwable t) {
            failures.incrementAndGet();
            return null;
        } finally {
            weaving.remove();
        }
    }

    /** @return program classes whose compute() could not be woven */
    long failures() {
        return failures.get();
    }

    private boolean isRecursive(ClassLoader loader, String superName) {
        if (superName.equals(RECURSIVE_TASK) || superName.equals(RECURSIVE_ACTION)) {
            return true;
        }
        if (superName.startsWith("java.") || superName.startsWith("javax.") || superName.startsWith("jdk.")
                || superName.startsWith("sun.")) {
            return false;
        }
        Boolean k = known.get(superName);
        if (k != null) {
            return k;
        }
        boolean r;
        try {
            TypeDescription d = TypePool.Default.of(ClassFileLocator.ForClassLoader.of(loader)).describe(superName)
                    .resolve();
            r = d.isAssignableTo(TypeDescription.ForLoadedType.of(java.util.concurrent.RecursiveTask.class))
                    || d.isAssignableTo(TypeDescription.ForLoadedType.of(java.util.concurrent.RecursiveAction.class));
        } catch (RuntimeException | LinkageError e) {
            r = false;
        }
        if (known.size() < 10_000) {
            known.put(superName, r);
        }
        return r;
    }

    private static boolean mentionsCompute(byte[] b) {
        outer:
        for (int i = 0, n = b.length - COMPUTE.length; i <= n; i++) {
            for (int j = 0; j < COMPUTE.length; j++) {
                if (b[i + j] != COMPUTE[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
