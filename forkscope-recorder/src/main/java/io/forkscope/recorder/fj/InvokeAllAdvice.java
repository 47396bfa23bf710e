package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into the static {@code ForkJoinTask.invokeAll} overloads taking an array or a collection,
 * which fork, run the first task inline and wait for the rest through the pool's private
 * awaitDone: one wait for all arguments. The two-task overload has {@link InvokeTwoAdvice}.
 */
final class InvokeAllAdvice {
    private InvokeAllAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
        ForkJoinHooks.waitBegin();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.AllArguments Object[] arguments) {
        ForkJoinHooks.waitEndAll(arguments);
    }
}
