package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into the pool's submission funnel, whose task argument is the first parameter: JDK 17's
 * private {@code externalSubmit(task)} (behind invoke, execute and submit) and JDK 25's public
 * {@code externalSubmit(task)}. A submission is a create edge from the submitting strand.
 */
final class SubmitAdvice {
    private SubmitAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(0) Object task) {
        ForkJoinHooks.create(task);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
        ForkJoinHooks.resume();
    }
}
