package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into the public and pool-internal ways to wait for one task: join, get, quietlyJoin,
 * invoke, quietlyInvoke and the pool's invoke variants. They skip the pool's awaitDone when the
 * task is already done, so only these methods see every join edge (JVM-NOTES).
 */
final class WaitAdvice {
    private WaitAdvice() {}

    /** @return the thread's engine state (found once, kept for the exit), or null */
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
        return ForkJoinHooks.waitBegins();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.This Object task, @Advice.Enter Object state) {
        ForkJoinHooks.waitEnds(task, state);
    }
}
