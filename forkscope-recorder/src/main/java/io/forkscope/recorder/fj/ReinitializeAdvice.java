package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code ForkJoinTask.reinitialize()}: the program starts a new life of a task it ran
 * before (a solver reusing its CountedCompleter tree each iteration), so its next fork is a new
 * task, not the same one forked again before it completed (see SpanEngine.reinitialized).
 */
final class ReinitializeAdvice {
    private ReinitializeAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object task) {
        ForkJoinHooks.reinitialized(task);
    }
}
