package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.StackSample;

import java.util.List;
import java.util.Map;

/**
 * The samples read from a JFR file, with what it says about their quality: per thread, the number of
 * samples and the span between its first and last sample (so samples per second per thread), the
 * samples whose stack JFR truncated at its depth limit, the CPU-time samples JFR failed to walk, and
 * the samples JFR reported lost ({@code jdk.CPUTimeSamplesLost}: the CPU-time sampler only; the
 * execution sampler reports no losses); which engine sampled ({@link Sampler}); each thread's CPU
 * time while sampled, where the agent recorded it ({@code cpuNs}, by Java thread id, with
 * {@code cpuNames}); the samples of the JVM's own threads that have no Java thread (GC, compilers:
 * async-profiler samples them with no Java frame), left out of {@code samples}.
 */
public record JfrSamples(String eventName, List<StackSample> samples, Map<Long, ThreadRate> perThread,
                         long truncated, long failed, long lost, Sampler sampler, Map<Long, Long> cpuNs,
                         Map<Long, String> cpuNames, long vmThreadSamples) {
    /** A thread's samples: count, first and last sample times (ns), its name. */
    public record ThreadRate(long threadId, String threadName, long count, long firstNs, long lastNs) {
        /** Samples per second between the first and the last sample (0 with fewer than 2). */
        public double perSecond() {
            return count < 2 || lastNs == firstNs ? 0 : (count - 1) * 1e9 / (lastNs - firstNs);
        }
    }

    /**
     * The engine that took the samples: {@code engine} (e.g. "async-profiler 4.1", "jfr"), what
     * triggers a sample ({@code event}: "cpu (perf_events)", "cpu (ctimer)", itimer, jdk.ExecutionSample), and why JFR sampled when
     * async-profiler was the default ({@code note}, else empty).
     */
    public record Sampler(String engine, String event, String note) {
        /** What a file without the agent's sampler event holds: JFR's samples (the only engine before it). */
        public static final Sampler JFR_UNNAMED = new Sampler("jfr", "", "");

        /** @return "async-profiler 4.1 (cpu (perf_events))", "jfr (jdk.ExecutionSample)", or the engine alone */
        public String text() {
            return event.isEmpty() ? engine : engine + " (" + event + ")";
        }
    }

    public JfrSamples {
        samples = List.copyOf(samples);
        perThread = Map.copyOf(perThread);
        cpuNs = Map.copyOf(cpuNs);
        cpuNames = Map.copyOf(cpuNames);
    }

    /** Samples without the agent's engine or CPU times (tests, and files from before them). */
    public JfrSamples(String eventName, List<StackSample> samples, Map<Long, ThreadRate> perThread,
                      long truncated, long failed, long lost) {
        this(eventName, samples, perThread, truncated, failed, lost, Sampler.JFR_UNNAMED, Map.of(), Map.of(), 0);
    }

    /** The same, with only {@code kept} as samples. */
    public JfrSamples withSamples(List<StackSample> kept) {
        return new JfrSamples(eventName, kept, perThread, truncated, failed, lost, sampler, cpuNs, cpuNames,
                vmThreadSamples);
    }

    /**
     * The same, with each thread's CPU time the larger of the JFR events' and {@code closing}'s (the
     * values the recorder read at the close and wrote into the recording's information).
     */
    public JfrSamples withCpuTimes(Map<Long, io.forkscope.model.RecordingInfo.ThreadCpu> closing) {
        if (closing.isEmpty()) {
            return this;
        }
        Map<Long, Long> ns = new java.util.HashMap<>(cpuNs);
        Map<Long, String> names = new java.util.HashMap<>(cpuNames);
        closing.forEach((id, c) -> {
            ns.merge(id, c.cpuNs(), Math::max);
            names.putIfAbsent(id, c.name());
        });
        return new JfrSamples(eventName, samples, perThread, truncated, failed, lost, sampler, ns, names,
                vmThreadSamples);
    }

    /** Rows of threads without samples are shown from this many periods of CPU time. */
    static final int SHOWN_WITHOUT_SAMPLES_PERIODS = 5;
    /** The name the JVM gives the main thread at exit (the launcher re-attaches it to destroy the VM). */
    static final String DESTROY_JAVA_VM = "DestroyJavaVM";

    /**
     * One row per thread for the reports: every thread with samples, and every thread whose CPU time
     * while sampled is at least {@value #SHOWN_WITHOUT_SAMPLES_PERIODS} periods (a thread that ran and
     * got no sample shows with 0), sorted by name then id. {@code cpuNs} is -1 where the agent did not
     * record it (files from before). async-profiler names a thread as it was at the end, and the main
     * thread ends as {@value #DESTROY_JAVA_VM}, a Java thread of its own: its samples are shown on the
     * row of "main", where the agent recorded the main thread's CPU time.
     */
    public List<ThreadYield> threads(long periodNs) {
        java.util.Set<Long> ids = new java.util.TreeSet<>(perThread.keySet());
        cpuNs.forEach((id, cpu) -> {
            if (cpu >= SHOWN_WITHOUT_SAMPLES_PERIODS * periodNs) {
                ids.add(id);
            }
        });
        Long mainId = cpuNames.entrySet().stream().filter(e -> "main".equals(e.getValue())).map(Map.Entry::getKey)
                .findFirst().orElse(null);
        Long destroyId = perThread.values().stream().filter(r -> DESTROY_JAVA_VM.equals(r.threadName())
                && !cpuNs.containsKey(r.threadId())).map(ThreadRate::threadId).findFirst().orElse(null);
        boolean fold = mainId != null && destroyId != null && !perThread.containsKey(mainId);
        if (fold) {
            ids.remove(destroyId);
            ids.add(mainId);
        }
        return ids.stream().map(id -> {
            ThreadRate r = fold && id.equals(mainId) ? perThread.get(destroyId) : perThread.get(id);
            String name = fold && id.equals(mainId) ? "main"
                    : r != null && r.threadName() != null ? r.threadName() : cpuNames.getOrDefault(id, "?");
            return new ThreadYield(id, name == null ? "?" : name, r == null ? 0 : r.count(),
                    r == null ? 0 : r.perSecond(), cpuNs.getOrDefault(id, -1L), periodNs);
        }).sorted(java.util.Comparator.comparing(ThreadYield::threadName).thenComparing(ThreadYield::threadId))
                .toList();
    }

    /**
     * A thread's samples against those its CPU time while sampled should give: expected = CPU time /
     * period (a sampler firing per period of the thread's CPU time owes it that many; a thread that
     * was busy but preempted, or blocked, owes none for that time).
     */
    public record ThreadYield(long threadId, String threadName, long samples, double perSecond, long cpuNs,
                              long periodNs) {
        /** Whether the thread's CPU time is known. */
        public boolean cpuKnown() {
            return cpuNs >= 0;
        }

        /** CPU time / period; 0 when unknown. */
        public double expected() {
            return cpuNs <= 0 ? 0 : (double) cpuNs / Math.max(1, periodNs);
        }

        /** samples / expected (1: one sample per period of CPU time); NaN when nothing was expected. */
        public double yield() {
            double e = expected();
            return e <= 0 ? Double.NaN : samples / e;
        }
    }
}
