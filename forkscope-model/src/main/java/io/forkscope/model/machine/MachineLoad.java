package io.forkscope.model.machine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * How busy the rest of the machine was while something ran (a benchmark run, a recording): a
 * measured time means little when other processes took the cores it needed.
 *
 * <p>The measure, on Linux: the CPU time that processes <em>other</em> than this JVM and the
 * children it waited for used during the interval, as a share of the machine's capacity over it.
 * From {@code /proc/stat}'s first line (all CPUs, clock ticks): busy = user + nice + system + irq +
 * softirq + steal (steal: a hypervisor gave the CPU to another guest, which this machine's processes
 * lose as well), all = busy + idle + iowait (guest and guest_nice are already inside user and nice).
 * From {@code /proc/self/stat}: own = utime + stime + cutime + cstime; a child's CPU time joins
 * cutime/cstime when it is reaped, so an interval that ends after {@code Process.waitFor} counts the
 * whole run, its JVM's every thread and the processes it waited for, as own. Then
 * {@code others = (Δbusy − Δown) / Δall}, clamped to [0, 1]: 0 on an idle machine whatever the run
 * itself did, 0.5 when other processes kept one of two cores busy throughout. It needs no wall clock
 * and no clock-tick rate: every term is in the same ticks. The CPUs are those {@code /proc/stat}
 * lists (in a container limited to fewer cores than its host's, the host's).
 *
 * <p>Also kept: the 1-minute load average at the end ({@code /proc/loadavg}, elsewhere the
 * platform's {@code getSystemLoadAverage}), which counts the run itself and lags by a minute, so it
 * is only the fallback where {@code /proc} is missing. Either may be unknown (NaN).
 *
 * @param othersShare the share of the machine's cores other processes used, in [0, 1]; NaN if unknown
 * @param loadAverage the 1-minute load average at the end; NaN if unknown
 * @param cpus        the machine's CPUs ({@code /proc/stat}'s cpuN lines, else the JVM's processors)
 */
public record MachineLoad(double othersShare, double loadAverage, int cpus) {
    /** Nothing known. */
    public static final MachineLoad UNKNOWN = new MachineLoad(Double.NaN, Double.NaN, 0);

    public MachineLoad {
        if (!Double.isNaN(othersShare) && (othersShare < 0 || othersShare > 1)) {
            throw new IllegalArgumentException("othersShare must be in [0, 1], got " + othersShare);
        }
        if (!Double.isNaN(loadAverage) && loadAverage < 0) {
            loadAverage = Double.NaN;   // getSystemLoadAverage's "not available"
        }
    }

    /**
     * The load a recording's information holds (the agent measures from its start to the close:
     * {@link io.forkscope.model.RecordingInfo#MACHINE_OTHERS_SHARE}); {@link #UNKNOWN} for a recording
     * without it (older recorders, no {@code /proc}).
     */
    public static MachineLoad of(io.forkscope.model.RecordingInfo info) {
        String share = info.get(io.forkscope.model.RecordingInfo.MACHINE_OTHERS_SHARE, null);
        String avg = info.get(io.forkscope.model.RecordingInfo.MACHINE_LOAD_AVERAGE, null);
        if (share == null && avg == null) {
            return UNKNOWN;
        }
        try {
            double s = share == null ? Double.NaN : Double.parseDouble(share);
            double a = avg == null ? Double.NaN : Double.parseDouble(avg);
            int cpus = Integer.parseInt(info.get(io.forkscope.model.RecordingInfo.MACHINE_CPUS, "0"));
            return new MachineLoad(Double.isNaN(s) ? s : Math.min(1, Math.max(0, s)), a, cpus);
        } catch (NumberFormatException e) {
            return UNKNOWN;
        }
    }

    /** The information entries that say this load ({@link #of(io.forkscope.model.RecordingInfo)} reads them back). */
    public java.util.Map<String, String> asInfo() {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        if (othersKnown()) {
            out.put(io.forkscope.model.RecordingInfo.MACHINE_OTHERS_SHARE, String.format(Locale.ROOT, "%.4f", othersShare));
        }
        if (!Double.isNaN(loadAverage)) {
            out.put(io.forkscope.model.RecordingInfo.MACHINE_LOAD_AVERAGE, String.format(Locale.ROOT, "%.2f", loadAverage));
        }
        if (!out.isEmpty()) {
            out.put(io.forkscope.model.RecordingInfo.MACHINE_CPUS, Integer.toString(cpus));
        }
        return out;
    }

    /** @return whether the others' share was measured */
    public boolean othersKnown() {
        return !Double.isNaN(othersShare);
    }

    /** @return whether anything is known */
    public boolean known() {
        return othersKnown() || !Double.isNaN(loadAverage);
    }

    /** @return for people: "others used 41% of 2 cores", "load average 3.20" (fallback) or "unknown" */
    public String describe() {
        if (othersKnown()) {
            return String.format(Locale.ROOT, "others used %.0f%% of %d cores", othersShare * 100, cpus);
        }
        if (!Double.isNaN(loadAverage)) {
            return String.format(Locale.ROOT, "load average %.2f", loadAverage);
        }
        return "load unknown";
    }

    /**
     * The CPU counters at one instant, in clock ticks.
     *
     * @param busyTicks all CPUs' non-idle ticks
     * @param allTicks  all CPUs' ticks, idle included
     * @param ownTicks  this process's and its reaped children's CPU ticks
     * @param cpus      how many CPUs {@code /proc/stat} lists
     */
    public record Counters(long busyTicks, long allTicks, long ownTicks, int cpus) {}

    /** Measures the load from now until {@link #stop}. */
    public static Meter meter() {
        return new Meter(Path.of("/proc"));
    }

    /** One interval's measurement: counters read at the start, again at {@link #stop}. */
    public static final class Meter {
        private final Path proc;
        private final Optional<Counters> start;

        /** @param proc where procfs is mounted (a directory of canned files in tests) */
        public Meter(Path proc) {
            this.proc = proc;
            this.start = counters(proc);
        }

        /** @return the load since this meter was made; call after the measured child was reaped */
        public MachineLoad stop() {
            Optional<Counters> end = counters(proc);
            double avg = loadAverage(proc);
            if (start.isPresent() && end.isPresent()) {
                return between(start.get(), end.get(), avg);
            }
            return new MachineLoad(Double.NaN, avg, Runtime.getRuntime().availableProcessors());
        }
    }

    /** @return the counters from {@code proc/stat} and {@code proc/self/stat}; empty when unreadable */
    public static Optional<Counters> counters(Path proc) {
        try {
            return Optional.of(parse(Files.readString(proc.resolve("stat"), StandardCharsets.US_ASCII),
                    Files.readString(proc.resolve("self/stat"), StandardCharsets.US_ASCII)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * @param stat     the text of /proc/stat
     * @param selfStat the text of /proc/self/stat
     * @throws IllegalArgumentException when either is not what Linux writes
     */
    public static Counters parse(String stat, String selfStat) {
        long busy = -1;
        long all = -1;
        int cpus = 0;
        for (String line : stat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("cpu")) {
                if (f.length < 5) {
                    throw new IllegalArgumentException("/proc/stat: short cpu line: " + line);
                }
                long user = field(f, 1);
                long nice = field(f, 2);
                long system = field(f, 3);
                long idle = field(f, 4);
                long iowait = optional(f, 5);
                long irq = optional(f, 6);
                long softirq = optional(f, 7);
                long steal = optional(f, 8);
                busy = user + nice + system + irq + softirq + steal;
                all = busy + idle + iowait;
            } else if (f[0].startsWith("cpu") && f[0].length() > 3 && Character.isDigit(f[0].charAt(3))) {
                cpus++;
            }
        }
        if (busy < 0) {
            throw new IllegalArgumentException("/proc/stat: no cpu line");
        }
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so count from the last ')'
        int close = selfStat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("/proc/self/stat: no command name");
        }
        String[] f = selfStat.substring(close + 1).trim().split("\\s+");
        // f[0] is field 3 (state); utime, stime, cutime, cstime are fields 14-17
        if (f.length < 15) {
            throw new IllegalArgumentException("/proc/self/stat: too few fields");
        }
        long own = field(f, 11) + field(f, 12) + field(f, 13) + field(f, 14);
        return new Counters(busy, all, own, Math.max(cpus, 1));
    }

    /** @return the load over the interval between two readings */
    public static MachineLoad between(Counters before, Counters after, double loadAverage) {
        long all = after.allTicks() - before.allTicks();
        if (all <= 0) {
            return new MachineLoad(Double.NaN, loadAverage, after.cpus());   // too short to tell
        }
        long others = (after.busyTicks() - before.busyTicks()) - (after.ownTicks() - before.ownTicks());
        double share = Math.min(1, Math.max(0, (double) others / all));
        return new MachineLoad(share, loadAverage, after.cpus());
    }

    /** @return the 1-minute load average: {@code proc/loadavg}, else the platform's; NaN if neither */
    static double loadAverage(Path proc) {
        try {
            String text = Files.readString(proc.resolve("loadavg"), StandardCharsets.US_ASCII).trim();
            return Double.parseDouble(text.split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            double avg = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return avg < 0 ? Double.NaN : avg;
        }
    }

    private static long field(String[] f, int i) {
        long v = Long.parseLong(f[i]);
        if (v < 0) {
            throw new IllegalArgumentException("negative counter " + v);
        }
        return v;
    }

    private static long optional(String[] f, int i) {
        return i < f.length ? field(f, i) : 0;
    }
}
