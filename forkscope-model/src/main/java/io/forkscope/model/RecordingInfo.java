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
    /**
     * Prefix of a thread's CPU time while sampled, read at the close: key {@code sample.cpu.<java
     * thread id>}, value {@code "<ns> <thread name>"} (recorder with --sample, format 1.8 files from
     * this recorder on). The JFR events that carry the same values during the run can miss the last
     * read (JFR's shutdown hook may stop its recording first); these cannot.
     */
    public static final String SAMPLE_CPU_PREFIX = "sample.cpu.";
    /**
     * The share of the machine's CPUs that processes other than the recorded JVM used from the
     * agent's start to the close, in [0, 1] ("0.4132"; analysis/machine/MachineLoad), written at the
     * close (format 1.9 files from this recorder on, where {@code /proc} is readable).
     */
    public static final String MACHINE_OTHERS_SHARE = "machine.others.share";
    /** The machine's CPUs as {@code /proc/stat} lists them, with {@link #MACHINE_OTHERS_SHARE}. */
    public static final String MACHINE_CPUS = "machine.cpus";
    /** The 1-minute load average at the close (it counts the run itself and lags), with {@link #MACHINE_OTHERS_SHARE}. */
    public static final String MACHINE_LOAD_AVERAGE = "machine.load.average";

    /**
     * The DAG budget (record --dag-max-nodes; format 1.11 files from this recorder on, mode dag, absent
     * without a bound): the nodes the recorder writes before the DAG's window ends.
     */
    public static final String DAG_MAX_NODES = "dag.max.nodes";
    /**
     * Where the DAG's window ended, in ns from the recording's origin, written at the close when the
     * budget was reached: the file holds every node that started before it and none after, and
     * readers end the analysed frame there. Absent when the whole run's DAG is in the file.
     */
    public static final String DAG_WINDOW_END_NS = "dag.window.end.ns";
    /** How many nodes the recorder left out after the window ended, with {@link #DAG_WINDOW_END_NS}. */
    public static final String DAG_DROPPED_NODES = "dag.dropped.nodes";

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

    /**
     * Every thread's CPU time while sampled that the recorder wrote at the close ({@link
     * #SAMPLE_CPU_PREFIX}), by Java thread id; values that do not parse are left out.
     */
    public Map<Long, ThreadCpu> sampledThreadCpu() {
        Map<Long, ThreadCpu> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (!k.startsWith(SAMPLE_CPU_PREFIX)) {
                return;
            }
            int space = v.indexOf(' ');
            try {
                long id = Long.parseLong(k.substring(SAMPLE_CPU_PREFIX.length()));
                long ns = Long.parseLong(space < 0 ? v : v.substring(0, space));
                out.put(id, new ThreadCpu(ns, space < 0 ? "?" : v.substring(space + 1)));
            } catch (NumberFormatException e) {
                // not ours to understand
            }
        });
        return out;
    }

    /** The info entry for a thread's CPU time while sampled ({@link #SAMPLE_CPU_PREFIX}). */
    public static Map.Entry<String, String> sampledThreadCpuEntry(long javaThreadId, long cpuNs, String name) {
        return Map.entry(SAMPLE_CPU_PREFIX + javaThreadId, cpuNs + " " + name);
    }

    /** A thread's CPU time while sampled and its name. */
    public record ThreadCpu(long cpuNs, String name) {
    }

    public String burdenSource() {
        return get(BURDEN_SOURCE, "unknown");
    }

    /** @return where the DAG's window ended (ns from the origin), when the recorder's budget ended it */
    public java.util.OptionalLong dagWindowEnd() {
        return optionalLong(DAG_WINDOW_END_NS);
    }

    /** @return how many nodes the recorder left out after the window, when the budget ended it */
    public java.util.OptionalLong dagDroppedNodes() {
        return optionalLong(DAG_DROPPED_NODES);
    }

    /** @return the DAG budget the run was recorded with, when it had one */
    public java.util.OptionalLong dagMaxNodes() {
        return optionalLong(DAG_MAX_NODES);
    }

    private java.util.OptionalLong optionalLong(String key) {
        String v = values.get(key);
        if (v == null) {
            return java.util.OptionalLong.empty();
        }
        try {
            return java.util.OptionalLong.of(Long.parseLong(v.trim()));
        } catch (NumberFormatException e) {
            return java.util.OptionalLong.empty();
        }
    }
}
