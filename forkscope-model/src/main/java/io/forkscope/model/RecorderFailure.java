package io.forkscope.model;

/**
 * The recorder's internal failure, after which it recorded nothing more (a
 * {@link RecordingFormat#BLOCK_FAILURE} block).
 *
 * @param epochMs when it failed, as {@link System#currentTimeMillis()}
 * @param text    what failed (the error's description)
 */
public record RecorderFailure(long epochMs, String text) {
    public RecorderFailure {
        if (text == null) {
            throw new IllegalArgumentException("a failure needs a text");
        }
    }
}
