package io.forkscope.spi;

/**
 * What the API hands to a recorder. Implemented by the forkscope agent; programs never call it.
 * Implementations must not throw: a recorder that fails disables itself and the program runs on.
 */
public interface RecorderHooks {
    /** @return a token that identifies the region to {@link #regionStop(Object)} */
    Object regionStart(String label);

    void regionStop(Object token);

    void work(long units);
}
