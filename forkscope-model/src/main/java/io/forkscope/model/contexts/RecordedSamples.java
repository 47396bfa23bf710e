package io.forkscope.model.contexts;

/**
 * The stack samples of a run recorded with {@code --sample}, as the recorder embedded them: the
 * bytes of a JDK Flight Recorder file (format 1.5, {@link io.forkscope.model.RecordingFormat#BLOCK_SAMPLES}).
 * They are kept as JFR bytes, not decoded, so that the model needs no JFR reader; the analysis
 * reads them with {@code jdk.jfr.consumer}.
 */
public final class RecordedSamples {
    private final byte[] jfr;

    public RecordedSamples(byte[] jfr) {
        this.jfr = jfr.clone();
    }

    /** @return a copy of the JFR file's bytes */
    public byte[] jfr() {
        return jfr.clone();
    }

    /** @return the JFR file's size in bytes */
    public int size() {
        return jfr.length;
    }
}
