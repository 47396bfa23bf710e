package io.forkscope.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a recording says about how it was made: unit, burden and where the burden came from, the
 * JVM, the command. Kept as an ordered key/value map so that newer recorders can add keys that
 * older readers carry along without understanding.
 */
public final class RecordingInfo {
    public static final String UNIT = "unit";
    public static final String BURDEN = "burden";
    public static final String BURDEN_SOURCE = "burden.source";
    public static final String MODE = "mode";
    public static final String JAVA_VERSION = "java.version";
    public static final String JAVA_VM = "java.vm";
    public static final String COMMAND = "command";
    public static final String PID = "pid";
    public static final String START_EPOCH_MS = "start.epoch.ms";
    public static final String AVAILABLE_PROCESSORS = "available.processors";
    public static final String RECORDER_VERSION = "recorder.version";
    /**
     * The signal that ended the run ("SIGTERM", "SIGINT", "SIGHUP"), written by the recorder at exit
     * when one did (format 1.6 files from this recorder on; absent otherwise): the program did not
     * finish, so the recording is not {@link Recording#complete() complete}.
     */
    public static final String ENDED_BY = "run.ended.by";

    private final Map<String, String> values;

    public RecordingInfo(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public Map<String, String> asMap() {
        return values;
    }

    public String get(String key, String fallback) {
        return values.getOrDefault(key, fallback);
    }

    public Unit unit() {
        return Unit.fromOptionName(get(UNIT, "time"));
    }

    /** @return the burden put on each edge a thief migrates, in {@link #unit()} */
    public long burden() {
        return Long.parseLong(get(BURDEN, "0"));
    }

    public String burdenSource() {
        return get(BURDEN_SOURCE, "unknown");
    }
}
