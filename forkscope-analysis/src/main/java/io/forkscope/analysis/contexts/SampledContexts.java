package io.forkscope.analysis.contexts;

import io.forkscope.model.Recording;
import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.RecordedSamples;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.StackSample;
import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.WorkerBusy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A recording made with {@code --sample} to a {@link ContextProfile} (the first end-to-end slice of
 * issue 12). Contexts: each sample's physical stack cut at the pool's run loop
 * ({@link LogicalStacks}), below one task context, the root: tasks are not yet prefixed with the
 * context that forked them (issue 12 §3; see docs/contexts-design.md). Idleness, one of two ways:
 * <ul>
 * <li>{@link Idleness#EXACT}, when the recording has the workers' busy intervals ({@code --mode dag}):
 * each pool worker is WORKING (in the root task context) while busy and IDLE otherwise; the exact
 * sweep ({@link IdlenessSweep}) integrates idleness, and the samples, placed on the recorder's clock
 * by the clock anchors, say where inside the tasks work and idleness went ({@link ContextAttribution});</li>
 * <li>{@link Idleness#ESTIMATED} otherwise, the paper's: samples are grouped into rounds of one sampling
 * period; in a round, a worker is working when it has a sample inside a task (a stack through
 * ForkJoinTask.doExec), other threads with a sample are working too, and n_idle = P − working workers
 * (P: the recording's worker count). Each working sample adds one period of work (program code on
 * top) or overhead (pool or forkscope code on top) and period × n_idle / n_working of idleness.
 * Samples of workers outside any task (scanning) are idle and dropped.</li>
 * </ul>
 */
public final class SampledContexts {
    /** JFR's event of the recorder's clock anchors (field sinceOriginNs). */
    public static final String CLOCK_ANCHOR = "io.forkscope.ClockAnchor";
    static final String WORKER_THREAD = "java.util.concurrent.ForkJoinWorkerThread";

    /** How idleness was obtained. */
    public enum Idleness {
        EXACT("exact, from the workers' busy intervals (--mode dag) and the exact sweep"),
        ESTIMATED("estimated per sample (n_idle / n_working at each sampling round, the paper's); record with"
                + " --mode dag for exact idleness");

        private final String text;

        Idleness(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * The profile and what it rests on: the sample event used, its period, the samples read (rates per
     * thread, truncated, failed, lost), how idleness was obtained, P, and the samples left out.
     */
    public record Result(ContextProfile profile, Idleness idleness, JfrSamples samples, long periodNs, int workers,
                         long unplaced, long idleDropped, List<String> otherEvents, long toolThreadSamples) {
        Result withToolThreadSamples(long n) {
            return new Result(profile, idleness, samples, periodNs, workers, unplaced, idleDropped, otherEvents, n);
        }
    }

    private SampledContexts() {
    }

    /**
     * @param eventName  {@link JfrSampleReader#EXECUTION_SAMPLE} or {@link JfrSampleReader#CPU_TIME_SAMPLE}
     * @param lines      one context node per source line (else per method)
     * @param progress   told what is being done (for a terminal), may ignore it
     * @throws IllegalArgumentException when the recording has no samples
     */
    public static Result of(Recording rec, String eventName, boolean lines, Consumer<String> progress) throws IOException {
        RecordedSamples recorded = rec.recordedSamples()
                .orElseThrow(() -> new IllegalArgumentException("the recording has no samples"));
        Path tmp = Files.createTempFile("forkscope-contexts-", ".jfr");
        try {
            Files.write(tmp, recorded.jfr());
            progress.accept("reading " + recorded.size() / 1024 + " KiB of samples");
            JfrSamples all = JfrSampleReader.read(tmp, eventName);
            JfrSamples read = withoutToolThreads(all);
            long toolSamples = all.samples().size() - read.samples().size();
            Scan scan = scan(tmp);
            List<String> others = new ArrayList<>();
            scan.counts.forEach((name, n) -> {
                if (!name.equals(eventName) && (name.equals(JfrSampleReader.EXECUTION_SAMPLE) || name.equals(JfrSampleReader.CPU_TIME_SAMPLE))) {
                    others.add(name + " (" + n + " samples)");
                }
            });
            long periodNs = periodNs(rec);
            Set<Long> workerIds = workerThreads(read);
            int p = Math.max(rec.wholeRun().workers(), 1);
            progress.accept("attributing " + read.samples().size() + " samples");
            Dag dag = rec.recordedDag().orElse(null);
            if (dag != null && !dag.busy().isEmpty() && scan.anchorOffset != null) {
                Result exact = exact(read, dag, scan.anchorOffset, workerIds, periodNs, lines, others);
                if (exact != null) {
                    return exact.withToolThreadSamples(toolSamples);
                }
            }
            return estimated(read, workerIds, p, periodNs, lines, others).withToolThreadSamples(toolSamples);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * The samples less those of JFR's and forkscope's own threads (named "JFR ..." and "forkscope-..."):
     * the tool's threads, not the program's; their counts stay in the per-thread rates.
     */
    static JfrSamples withoutToolThreads(JfrSamples all) {
        Set<Long> tool = new HashSet<>();
        all.perThread().values().forEach(r -> {
            String n = r.threadName() == null ? "" : r.threadName();
            if (n.startsWith("JFR ") || n.startsWith("forkscope-")) {
                tool.add(r.threadId());
            }
        });
        if (tool.isEmpty()) {
            return all;
        }
        List<StackSample> kept = all.samples().stream().filter(s -> !tool.contains(s.threadId())).toList();
        return new JfrSamples(all.eventName(), kept, all.perThread(), all.truncated(), all.failed(), all.lost());
    }

    /** The sampling period the agent used (info sample.period.ms; 10 ms when absent). */
    static long periodNs(Recording rec) {
        try {
            return Long.parseLong(rec.info().asMap().getOrDefault("sample.period.ms", "10")) * 1_000_000L;
        } catch (NumberFormatException e) {
            return 10_000_000L;
        }
    }

    /** The exact path; null when no busy interval names a thread (nothing to sweep). */
    private static Result exact(JfrSamples read, Dag dag, long offset, Set<Long> workerIds, long periodNs, boolean lines,
                                List<String> others) {
        Map<String, Long> idByName = new HashMap<>();
        read.perThread().values().forEach(r -> idByName.putIfAbsent(r.threadName(), r.threadId()));
        List<WorkerBusy> workers = new ArrayList<>();
        for (WorkerBusy b : dag.busy()) {
            Long id = idByName.get(b.thread());
            if ((id != null && workerIds.contains(id)) || b.thread().contains("ForkJoinPool")) {
                workers.add(b);
            }
        }
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (WorkerBusy b : workers) {
            if (b.count() > 0) {
                start = Math.min(start, b.start(0));
                end = Math.max(end, b.end(b.count() - 1));
            }
        }
        if (workers.isEmpty() || end <= start) {
            return null;
        }
        List<WorkerTimeline> timelines = new ArrayList<>();
        long synthetic = -1;
        for (WorkerBusy b : workers) {
            List<StateInterval> intervals = new ArrayList<>();
            long at = start;
            for (int i = 0; i < b.count(); i++) {
                long s = Math.max(b.start(i), at);
                long e = Math.min(b.end(i), end);
                if (e <= s) {
                    continue;
                }
                if (s > at) {
                    intervals.add(StateInterval.idle(at, s));
                }
                intervals.add(StateInterval.working(s, e, ContextTree.ROOT));
                at = e;
            }
            if (at < end) {
                intervals.add(StateInterval.idle(at, end));
            }
            Long id = idByName.get(b.thread());
            timelines.add(new WorkerTimeline(id != null ? id : synthetic--, intervals));
        }
        ContextTree tree = new ContextTree();
        List<Sample> samples = new ArrayList<>();
        for (StackSample s : read.samples()) {
            StackSample onRecorderClock = new StackSample(s.threadId(), s.timeNs() - offset, frames(s, lines), s.truncated());
            samples.add(LogicalStacks.resolve(tree, ContextTree.ROOT, onRecorderClock));
        }
        WorkerTimelines all = new WorkerTimelines(timelines);
        TimelineAttribution exact = IdlenessSweep.attribute(all, tree.size());
        SampleAttribution sampled = SampleAttribution.attribute(all, samples, periodNs);
        ContextProfile profile = ContextAttribution.combine(tree, exact, sampled);
        return new Result(profile, Idleness.EXACT, read, periodNs, all.size(), sampled.unplaced(), sampled.droppedIdle(), others,
                0);
    }

    private static Result estimated(JfrSamples read, Set<Long> workerIds, int p, long periodNs, boolean lines,
                                    List<String> others) {
        ContextTree tree = new ContextTree();
        List<StackSample> sorted = new ArrayList<>(read.samples());
        sorted.sort(Comparator.comparingLong(StackSample::timeNs));
        List<double[]> amounts = new ArrayList<>(); // per working sample: node, work, overhead, idleness
        long idleDropped = 0;
        int i = 0;
        while (i < sorted.size()) {
            long round = Math.floorDiv(sorted.get(i).timeNs(), periodNs);
            int j = i;
            Set<Long> workingWorkers = new HashSet<>();
            long workerSamples = 0;
            List<Sample> resolved = new ArrayList<>();
            List<Boolean> ofWorker = new ArrayList<>();
            while (j < sorted.size() && Math.floorDiv(sorted.get(j).timeNs(), periodNs) == round) {
                StackSample s = sorted.get(j++);
                boolean worker = workerIds.contains(s.threadId());
                if (worker && !inTask(s)) {
                    idleDropped++;
                    continue;
                }
                if (worker) {
                    workingWorkers.add(s.threadId());
                    workerSamples++;
                }
                StackSample framed = new StackSample(s.threadId(), s.timeNs(), frames(s, lines), s.truncated());
                resolved.add(LogicalStacks.resolve(tree, ContextTree.ROOT, framed));
                ofWorker.add(worker);
            }
            // n_idle / n_working over the pool's workers: threads outside the pools do work but are not
            // among the P whose idleness is shared out (as in the exact path, where they have no timeline)
            // (n_idle × one period) of idleness in this round, shared by its workers' samples: with one
            // sample per working worker, n_idle / n_working periods each (the paper's)
            double idlePerSample = workerSamples == 0 ? 0 : (double) Math.max(0, p - workingWorkers.size()) / workerSamples;
            for (int k = 0; k < resolved.size(); k++) {
                Sample s = resolved.get(k);
                boolean work = s.inProgramCode();
                double idle = ofWorker.get(k) ? periodNs * idlePerSample : 0;
                amounts.add(new double[] {s.node(), work ? periodNs : 0, work ? 0 : periodNs, idle});
            }
            i = j;
        }
        int n = tree.size();
        double[] work = new double[n];
        double[] overhead = new double[n];
        double[] idleness = new double[n];
        for (double[] a : amounts) {
            int node = (int) a[0];
            work[node] += a[1];
            overhead[node] += a[2];
            idleness[node] += a[3];
        }
        return new Result(new ContextProfile(tree, work, idleness, overhead), Idleness.ESTIMATED, read, periodNs, p, 0,
                idleDropped, others, 0);
    }

    /** Whether a sample's stack runs a task's code (through ForkJoinTask.doExec). */
    static boolean inTask(StackSample s) {
        for (Frame f : s.stackTopFirst()) {
            if (f.methodName().equals(LogicalStacks.DO_EXEC) && f.className().equals(LogicalStacks.TASK)) {
                return true;
            }
        }
        return false;
    }

    /** The frames as context nodes key them: per method, or per method and line (never per bci). */
    static List<Frame> frames(StackSample s, boolean lines) {
        List<Frame> out = new ArrayList<>(s.stackTopFirst().size());
        for (Frame f : s.stackTopFirst()) {
            out.add(lines ? new Frame(f.className(), f.methodName(), f.line(), -1, f.kind()) : f.methodOnly());
        }
        return out;
    }

    /**
     * Pool workers: threads with a sample whose stack reaches ForkJoinWorkerThread (its run loop) or
     * whose name says so (a truncated stack may not reach the loop).
     */
    static Set<Long> workerThreads(JfrSamples read) {
        Set<Long> ids = new HashSet<>();
        for (StackSample s : read.samples()) {
            List<Frame> stack = s.stackTopFirst();
            if (!stack.isEmpty() && stack.get(stack.size() - 1).className().equals(WORKER_THREAD)) {
                ids.add(s.threadId());
            }
        }
        read.perThread().values().forEach(r -> {
            if (r.threadName() != null && r.threadName().contains("ForkJoinPool") && r.threadName().contains("worker")) {
                ids.add(r.threadId());
            }
        });
        return ids;
    }

    /** What else the JFR file holds: events per name, and the clock offset of the first anchor. */
    private static final class Scan {
        final Map<String, Long> counts = new HashMap<>();
        Long anchorOffset;
    }

    private static Scan scan(Path file) throws IOException {
        Scan scan = new Scan();
        try (RecordingFile f = new RecordingFile(file)) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                String name = e.getEventType().getName();
                scan.counts.merge(name, 1L, Long::sum);
                if (name.equals(CLOCK_ANCHOR) && scan.anchorOffset == null) {
                    long epochNs = e.getStartTime().getEpochSecond() * 1_000_000_000L + e.getStartTime().getNano();
                    scan.anchorOffset = epochNs - e.getLong("sinceOriginNs");
                }
            }
        }
        return scan;
    }
}
