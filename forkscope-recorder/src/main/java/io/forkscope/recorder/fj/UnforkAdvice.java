package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code ForkJoinTask.tryUnfork()}: when it succeeds the task is back in the calling
 * thread's hands, and a direct {@code compute()} that follows is the task running and being joined
 * (see {@link ComputeAdvice} and SpanEngine.inlineBegin).
 */
final class UnforkAdvice {
    private UnforkAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object task, @Advice.Return boolean unforked) {
        if (unforked) {
            ForkJoinHooks.unforked(task);
        }
    }
}
