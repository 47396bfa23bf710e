package io.forkscope.recorder.engine;

/** Tells the engine what a thread is, once, when the engine first meets it. */
public interface ThreadClassifier {
    /** @return true for threads whose tasks are not the program's (e.g. virtual-thread carriers) */
    boolean ignore(Thread thread);

    /** @return the parallelism of the pool the thread works for, or 0 outside any pool */
    int poolParallelism(Thread thread);
}
