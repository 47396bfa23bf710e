package io.forkscope.report;

import io.forkscope.model.machine.MachineLoad;
import io.forkscope.model.RecordingInfo;
import java.util.Locale;

/**
 * The line every text report puts in its header about the machine during the run (issue 20 item
 * 4): how much of its CPUs other processes used, as the agent measured from its start to the close
 * ({@link MachineLoad#of(RecordingInfo)}). A measured time on a busy machine holds waits for a CPU
 * that are not the program's; the line says how busy, and from {@value #BUSY_SHARE} on says so.
 */
public final class MachineLine {
    /** Others' share of the CPUs from which the line calls the machine busy. */
    public static final double BUSY_SHARE = 0.25;

    private MachineLine() {
    }

    /** @return "machine: other processes used 41% of its 2 CPUs during the run ...", or null when the recording does not say */
    public static String of(RecordingInfo info) {
        return of(MachineLoad.of(info), null);
    }

    /**
     * As {@link #of(RecordingInfo)}, and when the code was still being compiled ({@link
     * Compilation#cold()}), the JIT compilers' time: this JVM's own threads that took CPUs from the
     * program's.
     */
    public static String of(RecordingInfo info, io.forkscope.model.Compilation jit) {
        return of(MachineLoad.of(info), jit);
    }

    static String of(MachineLoad load, io.forkscope.model.Compilation jit) {
        String compiling = jit != null && jit.cold()
                ? String.format(Locale.ROOT, "; this JVM's JIT compilers ran %.0f ms in its %.0f ms", jit.compileNs() / 1e6,
                        jit.elapsedNs() / 1e6)
                : "";
        if (load.othersKnown()) {
            String line = String.format(Locale.ROOT, "machine: other processes used %.0f%% of its %d CPUs during the run",
                    load.othersShare() * 100, load.cpus()) + compiling;
            return load.othersShare() >= BUSY_SHARE
                    ? line + " (busy: its threads waited for CPUs; times hold waits that are not the program's)"
                    : line;
        }
        if (!Double.isNaN(load.loadAverage())) {
            return String.format(Locale.ROOT, "machine: load average %.2f at the end of the run (others' share unknown)",
                    load.loadAverage());
        }
        return null;
    }

    /** A short form for a column: "others 41% of 2 CPUs", or "" when unknown. */
    public static String shortForm(RecordingInfo info) {
        MachineLoad load = MachineLoad.of(info);
        return load.othersKnown()
                ? String.format(Locale.ROOT, "others %.0f%% of %d CPUs", load.othersShare() * 100, load.cpus()) : "";
    }
}
