package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/** Woven into {@code ForkJoinTask.invokeAll(t1, t2)}, the common divide-and-conquer step: no allocation. */
final class InvokeTwoAdvice {
    private InvokeTwoAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
        ForkJoinHooks.waitBegin();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Argument(0) Object first, @Advice.Argument(1) Object second) {
        ForkJoinHooks.waitEnd(first, second);
    }
}
