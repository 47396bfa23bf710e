package io.forkscope.recorder.engine;

/** For engine tests: threads named pool-* work for a pool of parallelism 2; others are outside any pool. */
final class PoolThreads implements ThreadClassifier {
    @Override
    public boolean ignore(Thread thread) {
        return false;
    }

    @Override
    public int poolParallelism(Thread thread) {
        return thread.getName().startsWith("pool-") ? 2 : 0;
    }
}
