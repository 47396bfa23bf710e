package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/** Woven into JDK 25's {@code poolSubmit(signalIfEmpty, task)}: the task is the second parameter. */
final class PoolSubmitAdvice {
    private PoolSubmitAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(1) Object task) {
        ForkJoinHooks.create(task);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
        ForkJoinHooks.resume();
    }
}
