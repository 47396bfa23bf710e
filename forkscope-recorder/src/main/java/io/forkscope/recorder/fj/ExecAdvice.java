package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code ForkJoinTask.doExec()}, through which every path runs a task body. Kept to one
 * static call at each end: this is the hottest hook.
 */
final class ExecAdvice {
    private ExecAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static boolean enter(@Advice.This Object task) {
        return ForkJoinHooks.execBegin(task);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object task, @Advice.Enter boolean tracked) {
        if (tracked) {
            ForkJoinHooks.execEnd(task);
        }
    }
}
