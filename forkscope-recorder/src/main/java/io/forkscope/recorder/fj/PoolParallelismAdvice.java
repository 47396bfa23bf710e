package io.forkscope.recorder.fj;

import net.bytebuddy.asm.Advice;

/**
 * Woven into the start of ForkJoinPool's public constructors that take a parallelism (the ones
 * without it delegate to one that does): the parallelism argument becomes the one
 * {@link PoolParallelism} imposes. Constructors delegate to each other, so a pool may pass here
 * more than once; the replacement is idempotent.
 */
final class PoolParallelismAdvice {
    private PoolParallelismAdvice() {}

    @Advice.OnMethodEnter
    static void enter(@Advice.Argument(value = 0, readOnly = false) int parallelism) {
        parallelism = PoolParallelism.parallelism(parallelism);
    }

    /** For the full constructor, whose sixth argument is the maximum pool size. */
    static final class WithMaximum {
        private WithMaximum() {}

        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(value = 0, readOnly = false) int parallelism,
                          @Advice.Argument(value = 5, readOnly = false) int maximumPoolSize) {
            parallelism = PoolParallelism.parallelism(parallelism);
            maximumPoolSize = PoolParallelism.maximumPoolSize(maximumPoolSize);
        }
    }

    /** For the constructors whose fourth argument is asyncMode (FIFO when true): agent option pool.mode. */
    static final class Mode {
        private Mode() {}

        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(value = 3, readOnly = false) boolean asyncMode) {
            asyncMode = PoolParallelism.asyncMode(asyncMode);
        }
    }
}
