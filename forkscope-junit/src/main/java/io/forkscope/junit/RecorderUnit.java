package io.forkscope.junit;

import io.forkscope.Forkscope;

/** The unit the recorder in this JVM records in; the one place AgentAccess touches the API. */
final class RecorderUnit {
    private RecorderUnit() {}

    /** @return the agent option's unit name, or null when nothing records spans in this JVM */
    static String current() {
        try {
            return Forkscope.unit();
        } catch (NoSuchMethodError e) {   // the agent's API (boot jar) predates Forkscope.unit
            return null;
        }
    }

    /** @return whether any recorder is installed (the agent, or a test's own hooks) */
    static boolean recording() {
        return Forkscope.isRecording();
    }
}
