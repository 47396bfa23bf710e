package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into {@code ForkJoinPool.createWorker()} with {@link ForkOpeningAdvice}: the pool's worker
 * factory, which may be the program's own code, is taken back out of the strand a fork opened before
 * its push ({@link io.forkscope.recorder.engine.SpanEngine#pushCodeBegins}).
 */
final class CreateWorkerAdvice {
    private CreateWorkerAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static long enter() {
        return ForkJoinHooks.createsWorker();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter long before) {
        ForkJoinHooks.workerCreated(before);
    }
}
