package io.forkscope.recorder.fj;

import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.forkscope.recorder.engine.SpanEngine;
import io.forkscope.recorder.engine.TaskHandle;
import io.forkscope.recorder.engine.TaskNode;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.utility.JavaModule;

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
 * </ul>
 *
 * Adding a field is allowed only when a class is first defined, so the recorder must be installed
 * before anything loads ForkJoinTask: from premain, not by attaching to a running JVM.
 */
public final class ForkJoinRecorder {
    static final String TASK = "java.util.concurrent.ForkJoinTask";
    static final String POOL = "java.util.concurrent.ForkJoinPool";
    static final String COMPLETER = "java.util.concurrent.CountedCompleter";
    private static final Set<String> WAIT_METHODS = Set.of("join", "get", "quietlyJoin", "invoke",
            "quietlyInvoke", "joinForPoolInvoke", "getForPoolInvoke", "awaitPoolInvoke",
            "quietlyJoinUninterruptibly", "quietlyJoinPoolInvokeAllTask");

    private final Set<String> transformed = ConcurrentHashMap.newKeySet();
    private final Set<String> failed = ConcurrentHashMap.newKeySet();

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
        ClassFileLocator advice = ClassFileLocator.ForClassLoader.ofSystemLoader();
        new AgentBuilder.Default()
                .with(AgentBuilder.RedefinitionStrategy.DISABLED)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.TypeStrategy.Default.REBASE)
                .ignore(not(nameStartsWith("java.util.concurrent.")))
                .with(new Listener())
                .type(named(TASK))
                .transform((builder, type, loader, module, domain) -> builder
                        .defineField("forkscopeNode", TaskNode.class, Modifier.PRIVATE | Modifier.TRANSIENT)
                        .implement(TaskHandle.class).intercept(FieldAccessor.ofBeanProperty())
                        .visit(Advice.to(ForkAdvice.class, advice).on(named("fork").and(takesArguments(0))))
                        .visit(Advice.to(ExecAdvice.class, advice).on(named("doExec").and(takesArguments(0))))
                        .visit(Advice.to(WaitAdvice.class, advice)
                                .on(namedOneOf(WAIT_METHODS.toArray(new String[0])).and(not(isStatic()))))
                        .visit(Advice.to(InvokeAllAdvice.class, advice).on(named("invokeAll").and(isStatic()))))
                .type(named(POOL))
                .transform((builder, type, loader, module, domain) -> builder
                        .visit(Advice.to(SubmitAdvice.class, advice).on(named("externalSubmit")
                                .and(takesArguments(1)).and(takesArgument(0, named(TASK)))))
                        .visit(Advice.to(PoolSubmitAdvice.class, advice).on(named("poolSubmit")
                                .and(takesArguments(2)).and(takesArgument(1, named(TASK))))))
                .type(named(COMPLETER))
                .transform((builder, type, loader, module, domain) -> builder
                        .visit(Advice.to(CompletionAdvice.class, advice).on(
                                named("tryComplete").and(takesArguments(0))
                                        .or(named("propagateCompletion").and(takesArguments(0)))
                                        .or(named("complete").and(takesArguments(1)))
                                        .or(named("quietlyCompleteRoot").and(takesArguments(0))))))
                .installOn(inst);
    }

    /** Turns the hooks on for this engine. */
    public void enable(SpanEngine engine, Runnable onFailure) {
        ForkJoinHooks.enable(engine, onFailure);
    }

    public void disable() {
        ForkJoinHooks.disable();
    }

    /** @return the JDK classes woven so far */
    public Set<String> transformed() {
        return transformed;
    }

    /** @return the JDK classes that could not be woven */
    public Set<String> failed() {
        return failed;
    }

    private final class Listener extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                                     DynamicType dynamicType) {
            transformed.add(type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            failed.add(typeName);
            ForkJoinHooks.fail(new IllegalStateException("cannot instrument " + typeName + ": " + error, error));
        }
    }
}
