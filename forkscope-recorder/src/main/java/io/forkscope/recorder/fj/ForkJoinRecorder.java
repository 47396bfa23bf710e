package io.forkscope.recorder.fj;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskHandle;
import io.forkscope.recorder.engine.TaskNode;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.pool.TypePool;

/**
 * The recorder for java.util.concurrent's ForkJoinPool (own pools and the common pool,
 * RecursiveTask/Action, CountedCompleter, and through them parallel streams and
 * Arrays.parallelSort). It weaves advice into three JDK classes when they are first loaded:
 *
 * <ul>
 *   <li>ForkJoinTask gains a field holding its {@link TaskNode} and implements {@link TaskHandle};
 *       fork, doExec, the wait methods and the static invokeAll are advised.
 *   <li>ForkJoinPool's submission funnel (17: externalSubmit; 25: poolSubmit and externalSubmit).
 *   <li>CountedCompleter's completion paths.
 *   <li>compute() of the program's RecursiveTask/RecursiveAction subclasses ({@link ComputeWeaver}),
 *       for tasks that tryUnfork took back and then computed directly.
 * </ul>
 *
 * Adding a field is allowed only when a class is first defined, so the recorder must be installed
 * before anything loads ForkJoinTask: from premain, or from an agent loaded into a running JVM that
 * has not loaded it yet (the agent's LateAttach checks).
 */
public final class ForkJoinRecorder {
    static final String TASK = "java.util.concurrent.ForkJoinTask";
    static final String POOL = "java.util.concurrent.ForkJoinPool";
    static final String COMPLETER = "java.util.concurrent.CountedCompleter";
    private static final Set<String> WAIT_METHODS = Set.of("join", "get", "quietlyJoin", "invoke",
            "quietlyInvoke", "joinForPoolInvoke", "getForPoolInvoke", "awaitPoolInvoke",
            "quietlyJoinUninterruptibly", "quietlyJoinPoolInvokeAllTask");

    /** Gives doExec the hook at exec()'s return; says whether it found the call. */
    private final ExecReturnWeaver bodyEnds = new ExecReturnWeaver();
    /** Whether doExec gets that hook: not when the engine would do nothing there ({@link SpanEngine#needsBodyReturns}). */
    private final boolean weavesBodyEnds;

    /**
     * Whether fork() has one hook, at its entry, that also opens the strand after it, and
     * ForkJoinPool.createWorker takes a program's factory back out of that strand
     * ({@link SpanEngine#forkOpensStrand}); else fork's return has the hook that opens it.
     */
    private final boolean forkOpens;

    /** A recorder whose doExec calls the hook at exec()'s return. */
    public ForkJoinRecorder() {
        this(true);
    }

    /** @param bodyEnds whether doExec calls the hook at exec()'s return ({@link SpanEngine#needsBodyReturns}) */
    public ForkJoinRecorder(boolean bodyEnds) {
        this(bodyEnds, false);
    }

    /**
     * @param bodyEnds  whether doExec calls the hook at exec()'s return ({@link SpanEngine#needsBodyReturns})
     * @param forkOpens whether fork()'s entry hook opens the strand after it ({@link SpanEngine#forkOpensStrand})
     */
    public ForkJoinRecorder(boolean bodyEnds, boolean forkOpens) {
        this.weavesBodyEnds = bodyEnds;
        this.forkOpens = forkOpens;
    }

    /** @return the model the engine needs for ForkJoinTasks, also its thread classifier */
    public static ForkJoinTaskModel model() {
        return new ForkJoinTaskModel();
    }

    /**
     * Weaves the advice. Throws if ForkJoinTask is already loaded, since its new field could not be
     * added any more.
     */
    public void install(Instrumentation inst) {
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getName().equals(TASK)) {
                throw new IllegalStateException("ForkJoinTask was loaded before the agent started"
                        + " (attaching to a running JVM is not supported; use -javaagent)");
            }
        }
        // java.base must read the module our hooks live in (the bootstrap loader's unnamed module)
        // for ForkJoinTask to implement TaskHandle and for the woven calls to link.
        Module base = Object.class.getModule();
        Module hooks = TaskHandle.class.getModule();
        if (!base.canRead(hooks)) {
            inst.redefineModule(base, Set.of(hooks), Map.of(), Map.of(), Set.of(), Map.of());
        }
        inst.addTransformer(io.forkscope.recorder.count.weave.PausingTransformer.of(new Weaver()));
        // Weave now, at start-up, rather than inside the program's first parallel section: the
        // first weaving costs ByteBuddy's warm-up, some 100 ms, which would land in a strand.
        for (String name : new String[] {TASK, POOL, COMPLETER}) {
            try {
                Class.forName(name, false, null);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("cannot load " + name, e);
            }
        }
    }

    /**
     * @return whether ForkJoinTask.doExec got the hook at its exec() call's return (after {@link
     *     #install}): if not, a task's last strand ends after the runtime marked it done and woke its
     *     joiners (true when the hook was not wanted)
     */
    public boolean bodyEndsSeen() {
        return !weavesBodyEnds || bodyEnds.woven() > 0;
    }

    /** Turns the hooks on for this engine. */
    public void enable(SpanEngine engine, java.util.function.Consumer<Throwable> onFailure) {
        ForkJoinHooks.enable(engine, onFailure);
    }

    /** Turns the hooks off (at JVM exit, before the sink's final drain). */
    public void disable() {
        ForkJoinHooks.disable();
    }

    /**
     * Weaves the three JDK classes as they are defined. A plain transformer over ByteBuddy's
     * redefinition, not ByteBuddy's AgentBuilder, whose set-up touches sun.misc.Unsafe and makes
     * JDK 24+ print warnings into the program's stderr.
     */
    private final class Weaver implements ClassFileTransformer {
        private final ClassFileLocator adviceLocator = ClassFileLocator.ForClassLoader.ofSystemLoader();
        private final ComputeWeaver computeWeaver = new ComputeWeaver(Advice.to(ComputeAdvice.class, adviceLocator));

        @Override
        public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
                                byte[] bytes) {
            if (loader != null && internalName != null) {
                return computeWeaver.transform(loader, internalName, bytes);
            }
            if (loader != null || internalName == null || !internalName.startsWith("java/util/concurrent/")) {
                return null;
            }
            String name = internalName.replace('/', '.');
            if (!name.equals(TASK) && !name.equals(POOL) && !name.equals(COMPLETER)) {
                return null;
            }
            try {
                ClassFileLocator locator = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(name, bytes),
                        ClassFileLocator.ForClassLoader.ofBootLoader());
                TypeDescription type = TypePool.Default.of(locator).describe(name).resolve();
                DynamicType.Builder<?> builder = new ByteBuddy().redefine(type, locator);
                return weave(name, builder).make().getBytes();
            } catch (Throwable t) {
                ForkJoinHooks.fail(new IllegalStateException("cannot instrument " + name + ": " + t, t));
                return null;
            }
        }

        private DynamicType.Builder<?> weave(String name, DynamicType.Builder<?> builder) {
            switch (name) {
                case TASK:
                    builder = builder
                            .defineField("forkscopeNode", TaskNode.class, Modifier.PRIVATE | Modifier.TRANSIENT)
                            .implement(TaskHandle.class).intercept(FieldAccessor.ofBeanProperty())
                            .visit(advice(forkOpens ? ForkOpeningAdvice.class : ForkAdvice.class)
                                    .on(named("fork").and(takesArguments(0))))
                            .visit(advice(ExecAdvice.class).on(named("doExec").and(takesArguments(0))));
                    if (weavesBodyEnds) {
                        builder = builder.visit(new AsmVisitorWrapper.ForDeclaredMethods()
                                .method(named("doExec").and(takesArguments(0)), bodyEnds));
                    }
                    return builder
                            .visit(advice(WaitAdvice.class)
                                    .on(namedOneOf(WAIT_METHODS.toArray(new String[0])).and(not(isStatic()))))
                            .visit(advice(InvokeTwoAdvice.class).on(named("invokeAll").and(isStatic())
                                    .and(takesArguments(2)).and(takesArgument(0, named(TASK)))))
                            .visit(advice(InvokeAllAdvice.class).on(named("invokeAll").and(isStatic())
                                    .and(takesArguments(1))))
                            .visit(advice(UnforkAdvice.class).on(named("tryUnfork").and(takesArguments(0))))
                            .visit(advice(ReinitializeAdvice.class).on(named("reinitialize").and(takesArguments(0))))
                            .visit(advice(QuiescenceAdvice.class).on(named("helpQuiesce").and(isStatic())
                                    .and(takesArguments(0))));
                case POOL:
                    if (forkOpens) {
                        builder = builder.visit(advice(CreateWorkerAdvice.class).on(named("createWorker")
                                .and(takesArguments(0))));
                    }
                    return builder
                            .visit(advice(SubmitAdvice.class).on(named("externalSubmit")
                                    .and(takesArguments(1)).and(takesArgument(0, named(TASK)))))
                            .visit(advice(PoolSubmitAdvice.class).on(named("poolSubmit")
                                    .and(takesArguments(2)).and(takesArgument(1, named(TASK)))))
                            .visit(advice(QuiescenceAdvice.Timed.class).on(
                                    namedOneOf("awaitQuiescence", "awaitTermination").and(takesArguments(2))
                                            .and(returns(boolean.class))));
                default:
                    return builder.visit(advice(CompletionAdvice.class).on(
                            named("tryComplete").and(takesArguments(0))
                                    .or(named("propagateCompletion").and(takesArguments(0)))
                                    .or(named("complete").and(takesArguments(1)))
                                    .or(named("quietlyCompleteRoot").and(takesArguments(0)))));
            }
        }

        private Advice advice(Class<?> adviceClass) {
            return Advice.to(adviceClass, adviceLocator);
        }
    }
}
