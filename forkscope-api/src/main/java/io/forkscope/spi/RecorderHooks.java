package io.forkscope.spi;

import io.forkscope.Measurement;

/**
 * What the API hands to a recorder. Implemented by the forkscope agent; programs never call it.
 * Implementations must not throw: a recorder that fails disables itself and the program runs on.
 */
public interface RecorderHooks {
    /** @return a token that identifies the region to {@link #regionStop(Object)} */
    Object regionStart(String label);

    void regionStop(Object token);

    void work(long units);

    /**
     * Ends the region as {@link #regionStop(Object)} does and hands back what was measured in it
     * (for {@code Forkscope.measure}). A recorder that measures no work and span says so in a
     * {@link Measurement#notMeasured not-measured} result.
     */
    default Measurement regionStopMeasured(Object token) {
        regionStop(token);
        return Measurement.notMeasured("this forkscope recorder measures no work or span");
    }

    /**
     * @return the unit strand lengths are recorded in, as the agent option {@code unit} names it
     *     ({@code time}, {@code abstract}, ...), or null when this recorder measures no strands
     */
    default String unit() {
        return null;
    }
}
