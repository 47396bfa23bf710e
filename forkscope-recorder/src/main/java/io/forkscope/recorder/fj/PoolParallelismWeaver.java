package io.forkscope.recorder.fj;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

/**
 * Imposes one parallelism on every ForkJoinPool the program creates (agent option
 * {@code workers=P}, used by {@code forkscope bench}): advice at the start of the public
 * constructors {@code ForkJoinPool(int)}, {@code ForkJoinPool(int, factory, handler, asyncMode)} and
 * the full ten-argument one replaces the parallelism argument; {@code ForkJoinPool()} delegates to
 * the full one on JDK 17 and 25. The common pool is built by a private constructor from the system
 * property {@code java.util.concurrent.ForkJoinPool.common.parallelism} and is left alone.
 *
 * <p>Only constructors are touched, so a program pays nothing per task. Like
 * {@link ForkJoinRecorder}, a plain transformer over ByteBuddy's redefinition, installed in premain
 * before ForkJoinPool is loaded; it works with or without the recorder.
 */
public final class PoolParallelismWeaver {
    private volatile boolean woven;
    private volatile Throwable failure;
    private volatile Instrumentation installedOn;
    private volatile ClassFileTransformer transformer;

    /**
     * Imposes {@code p} on every pool created from now on and weaves ForkJoinPool when it loads.
     * Throws if ForkJoinPool is already loaded.
     */
    public void install(Instrumentation inst, int p) {
        install(inst, p, null);
    }

    /**
     * Imposes parallelism {@code p} (0: keep the program's) and, unless {@code fifo} is null, the FIFO
     * or LIFO mode on every pool created from now on.
     */
    public void install(Instrumentation inst, int p, Boolean fifo) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getName().equals(ForkJoinRecorder.POOL)) {
                throw new IllegalStateException("ForkJoinPool was loaded before the agent started;"
                        + " its pools' parallelism cannot be set (use -javaagent)");
            }
        }
        Module base = Object.class.getModule();
        Module hooks = PoolParallelism.class.getModule();
        if (!base.canRead(hooks)) {
            inst.redefineModule(base, Set.of(hooks), Map.of(), Map.of(), Set.of(), Map.of());
        }
        if (p > 0) {
            PoolParallelism.impose(p);
        }
        if (fifo != null) {
            PoolParallelism.imposeFifo(fifo);
        }
        Weaver weaver = new Weaver();
        transformer = io.forkscope.recorder.count.weave.PausingTransformer.of(weaver);
        installedOn = inst;
        inst.addTransformer(transformer);
    }

    /**
     * Loads ForkJoinPool now (without initialising it: its static initialiser, which builds the common
     * pool from the system properties, still runs at the program's first use), so that it is woven
     * here rather than wherever the program first touches it, then removes the transformer. For
     * {@code mode=regions}, where nothing else loads ForkJoinPool in premain: otherwise the weaving
     * (ByteBuddy's ~800 classes and the redefinition itself, hundreds of ms) would fall into the
     * program's first parallel operation, i.e. into the very time {@code bench} measures. Not for
     * the recorder's mode: its own transformer must see ForkJoinPool's first load, and loads it
     * itself. Call after {@link #install}.
     *
     * @return whether ForkJoinPool is woven (false: the weaving failed, see {@link #failure()})
     */
    public boolean weaveNow() throws ClassNotFoundException {
        Class.forName(ForkJoinRecorder.POOL, false, null);
        Instrumentation inst = installedOn;
        ClassFileTransformer t = transformer;
        if (inst != null && t != null) {
            inst.removeTransformer(t);   // its one class is loaded: every later load would only pass through
        }
        return woven;
    }

    /** @return whether ForkJoinPool has been woven (it is, once the program touches it) */
    public boolean woven() {
        return woven;
    }

    /** @return why weaving failed, or null */
    public Throwable failure() {
        return failure;
    }

    private final class Weaver implements ClassFileTransformer {
        private final ClassFileLocator adviceLocator = ClassFileLocator.ForClassLoader.ofSystemLoader();

        @Override
        public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
                                byte[] bytes) {
            if (loader != null || !"java/util/concurrent/ForkJoinPool".equals(internalName)) {
                return null;
            }
            String name = ForkJoinRecorder.POOL;
            try {
                ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(name, bytes),
                        ClassFileLocator.ForClassLoader.ofBootLoader());
                TypeDescription type = TypePool.Default.of(locator).describe(name).resolve();
                byte[] out = new ByteBuddy().redefine(type, locator)
                        .visit(Advice.to(PoolParallelismAdvice.class, adviceLocator).on(isConstructor().and(isPublic())
                                .and(takesArgument(0, int.class)).and(takesArguments(1).or(takesArguments(4)))))
                        .visit(Advice.to(PoolParallelismAdvice.WithMaximum.class, adviceLocator).on(isConstructor()
                                .and(isPublic()).and(takesArgument(0, int.class)).and(takesArguments(10))
                                .and(takesArgument(5, int.class))))
                        .visit(Advice.to(PoolParallelismAdvice.Mode.class, adviceLocator).on(isConstructor()
                                .and(isPublic()).and(takesArgument(0, int.class)).and(takesArgument(3, boolean.class))
                                .and(takesArguments(4).or(takesArguments(10)))))
                        .make().getBytes();
                woven = true;
                return out;
            } catch (Throwable t) {
                failure = t;
                System.err.println("forkscope: cannot set the parallelism of ForkJoinPools (" + t
                        + "); pools keep their own");
                return null;
            }
        }
    }
}
