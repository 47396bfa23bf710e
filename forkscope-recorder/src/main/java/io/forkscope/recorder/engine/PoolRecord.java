package io.forkscope.recorder.engine;

/**
 * What the recorder keeps of one ForkJoinPool for the worker slots (measures.md §2): its target
 * parallelism, whether it is the common pool, and the totals of its workers that died (their first
 * and last event, how many ran tasks); the live workers' share is added when the slots are taken
 * ({@link ThreadRegistry#slots}). Holds no reference to the pool. Its retired fields are written
 * and read under the registry's lock only.
 */
final class PoolRecord {
    final int parallelism;
    final boolean common;
    long retiredFirst = Long.MAX_VALUE;
    long retiredLast = Long.MIN_VALUE;
    int retiredThreads;

    PoolRecord(int parallelism, boolean common) {
        this.parallelism = Math.max(1, parallelism);
        this.common = common;
    }
}
