package io.forkscope.recorder.engine;

/** Tells the engine what a thread is, once, when the engine first meets it. */
public interface ThreadClassifier {
    /** @return true for threads whose tasks are not the program's (e.g. virtual-thread carriers) */
    boolean ignore(Thread thread);

    /** @return the parallelism of the pool the thread works for, or 0 outside any pool */
    int poolParallelism(Thread thread);

    /** @return the pool the thread works for (a key for its {@link PoolRecord}), or null outside any pool */
    default Object pool(Thread thread) {
        return null;
    }

    /** @return whether {@code pool} (as {@link #pool} gave it) is the common pool */
    default boolean isCommonPool(Object pool) {
        return false;
    }
}
