package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/** Woven into {@code ForkJoinTask.fork()}: a create edge; the push itself is runtime time. */
final class ForkAdvice {
    private ForkAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object task) {
        ForkJoinHooks.create(task);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
        ForkJoinHooks.resume();
    }
}
