package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into CountedCompleter's completion paths (tryComplete, propagateCompletion, complete,
 * quietlyCompleteRoot): at their start the current strand's values flow into the completer chain,
 * before the pool can mark the root done and wake its waiter.
 */
final class CompletionAdvice {
    private CompletionAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object completer) {
        ForkJoinHooks.completion(completer);
    }
}
