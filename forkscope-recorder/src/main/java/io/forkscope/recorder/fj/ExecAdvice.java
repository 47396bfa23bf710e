package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code ForkJoinTask.doExec()}, through which every path runs a task body. Kept to one
 * static call at each end: this is the hottest hook. The entry's result, the thread's engine state,
 * rides in a local to the exit, which so does not look it up again.
 */
final class ExecAdvice {
    private ExecAdvice() {}

    /** @return the thread's state when the execution is tracked (found once, kept for the exit), else null */
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter(@Advice.This Object task) {
        return ForkJoinHooks.execBegins(task);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object task, @Advice.Enter Object tracked) {
        if (tracked != null) {
            ForkJoinHooks.execEnds(task, tracked);
        }
    }
}
