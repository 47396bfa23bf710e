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
 * Weaves {@link ComputeAdvice} into the body of program task classes (any class loader but the
 * bootstrap one): {@code compute()} of classes that extend RecursiveTask or RecursiveAction, and
 * {@code exec()} of classes that extend ForkJoinTask directly (their body; called directly after a
 * successful tryUnfork just as compute() is). CountedCompleter subclasses are left alone: a
 * completer's compute() called directly does not complete it, so it is no join.
 *
 * <p>Every program class passes through here once, so the test is cheap first: the class file must
 * mention "compute" or "exec" and have a superclass outside the JDK, or one of the three JDK task
 * classes itself; only then is the superclass chain read (as class files through the class's loader,
 * without loading anything; a subclass is transformed before its superclass is loaded, so asking the
 * JVM would not do). A class that cannot be read or woven is left as it is: the only loss is the
 * tryUnfork idiom in that class.
 */
final class ComputeWeaver {
    private static final byte[] COMPUTE_BYTES = "compute".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EXEC_BYTES = "exec".getBytes(StandardCharsets.US_ASCII);
    private static final String RECURSIVE_TASK = "java.util.concurrent.RecursiveTask";
    private static final String RECURSIVE_ACTION = "java.util.concurrent.RecursiveAction";
    private static final String FORK_JOIN_TASK = "java.util.concurrent.ForkJoinTask";

    /** What a program class's task body is, as far as the tryUnfork idiom goes. */
    enum Body {
        /** Not a task class, or a CountedCompleter: nothing to weave. */
        NONE,
        /** A RecursiveTask or RecursiveAction subclass: its body is compute(). */
        COMPUTE,
        /** A direct ForkJoinTask subclass: its body is exec(). */
        EXEC;

        String method() {
            return this == COMPUTE ? "compute" : "exec";
        }
    }

    /** Loaded with this class, in premain, rather than inside the first program class's load. */
    private static final Class<?>[] PRELOADED = {ClassReader.class, TypePool.Default.class,
            ClassFileLocator.Compound.class};

    private final Advice advice;
    /** Superclasses already classified (binary name to the body of their subclasses). */
    private final Map<String, Body> known = new ConcurrentHashMap<>();
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
                || !(mentions(bytes, COMPUTE_BYTES) || mentions(bytes, EXEC_BYTES)) || weaving.get() != null) {
            return null;
        }
        weaving.set(Boolean.TRUE);
        try {
            String superName = new ClassReader(bytes).getSuperName();
            Body body = superName == null ? Body.NONE : bodyOfSubclasses(loader, superName.replace('/', '.'));
            if (body == Body.NONE) {
                return null;
            }
            String name = internalName.replace('/', '.');
            ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(name, bytes),
                    ClassFileLocator.ForClassLoader.of(loader));
            TypeDescription type = TypePool.Default.of(locator).describe(name).resolve();
            return new ByteBuddy().redefine(type, locator)
                    .visit(advice.on(named(body.method()).and(takesArguments(0)).and(not(isBridge()))
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

    /** What the body of a class with this superclass is (cached per superclass). */
    private Body bodyOfSubclasses(ClassLoader loader, String superName) {
        if (superName.equals(RECURSIVE_TASK) || superName.equals(RECURSIVE_ACTION)) {
            return Body.COMPUTE;
        }
        if (superName.equals(FORK_JOIN_TASK)) {
            return Body.EXEC;
        }
        if (superName.startsWith("java.") || superName.startsWith("javax.") || superName.startsWith("jdk.")
                || superName.startsWith("sun.")) {
            return Body.NONE;
        }
        Body k = known.get(superName);
        if (k != null) {
            return k;
        }
        Body r;
        try {
            TypeDescription d = TypePool.Default.of(ClassFileLocator.ForClassLoader.of(loader)).describe(superName)
                    .resolve();
            if (d.isAssignableTo(java.util.concurrent.RecursiveTask.class)
                    || d.isAssignableTo(java.util.concurrent.RecursiveAction.class)) {
                r = Body.COMPUTE;
            } else if (d.isAssignableTo(java.util.concurrent.CountedCompleter.class)) {
                r = Body.NONE;
            } else if (d.isAssignableTo(java.util.concurrent.ForkJoinTask.class)) {
                r = Body.EXEC;
            } else {
                r = Body.NONE;
            }
        } catch (RuntimeException | LinkageError e) {
            r = Body.NONE;
        }
        if (known.size() < 10_000) {
            known.put(superName, r);
        }
        return r;
    }

    private static boolean mentions(byte[] b, byte[] word) {
        outer:
        for (int i = 0, n = b.length - word.length; i <= n; i++) {
            for (int j = 0; j < word.length; j++) {
                if (b[i + j] != word[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
