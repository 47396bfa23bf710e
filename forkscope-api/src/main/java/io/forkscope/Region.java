package io.forkscope;

import io.forkscope.spi.RecorderHooks;

/** An open region (see {@link Forkscope#region(String)}); closing it ends the section. */
public final class Region implements AutoCloseable {
    static final Region NONE = new Region(null, null);

    private final RecorderHooks hooks;
    private final Object token;
    private boolean closed;

    Region(RecorderHooks hooks, Object token) {
        this.hooks = hooks;
        this.token = token;
    }

    /** Ends the region. A second close is ignored. */
    @Override
    public void close() {
        if (hooks != null && !closed) {
            closed = true;
            hooks.regionStop(token);
        }
    }
}
