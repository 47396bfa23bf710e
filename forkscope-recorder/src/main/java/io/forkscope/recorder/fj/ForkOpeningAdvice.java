package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code ForkJoinTask.fork()} in place of {@link ForkAdvice} when the strand after a fork
 * opens in its entry hook ({@link io.forkscope.recorder.engine.SpanEngine#forkOpensStrand}): one hook
 * a fork, none at its return.
 */
final class ForkOpeningAdvice {
    private ForkOpeningAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object task) {
        ForkJoinHooks.createOpening(task);
    }
}
