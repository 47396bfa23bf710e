package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into the waits for a quiescent pool: the static {@code ForkJoinTask.helpQuiesce()}, and
 * {@code ForkJoinPool.awaitQuiescence} and {@code awaitTermination}. On return the waiting frame
 * joins every task it forked that nobody joined, and what those left unjoined in turn.
 */
final class QuiescenceAdvice {
    private QuiescenceAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
        ForkJoinHooks.waitBegin();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Thrown Throwable thrown) {
        ForkJoinHooks.quiescenceEnd(thrown == null);
    }

    /** For awaitQuiescence and awaitTermination, which say whether the pool became quiescent. */
    static final class Timed {
        private Timed() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            ForkJoinHooks.waitBegin();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Return boolean quiescent) {
            ForkJoinHooks.quiescenceEnd(quiescent);
        }
    }
}
