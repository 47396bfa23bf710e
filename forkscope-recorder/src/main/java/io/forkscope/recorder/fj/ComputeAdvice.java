package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code compute()} of the program's RecursiveTask and RecursiveAction subclasses, and into
 * {@code exec()} of its direct ForkJoinTask subclasses ({@link ComputeWeaver}).
 * Calling compute() directly never reaches doExec, so after a successful tryUnfork this is the
 * only place where the unforked task can be seen to run. For every other compute (inside doExec,
 * or of a task never forked) the engine answers false after one field read.
 */
final class ComputeAdvice {
    private ComputeAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static boolean enter(@Advice.This Object task) {
        return ForkJoinHooks.inlineBegin(task);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object task, @Advice.Enter boolean tracked) {
        if (tracked) {
            ForkJoinHooks.inlineEnd(task);
        }
    }
}
