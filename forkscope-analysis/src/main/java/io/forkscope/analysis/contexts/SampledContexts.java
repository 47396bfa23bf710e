package io.forkscope.analysis.contexts;

import io.forkscope.model.Recording;
import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;
import io.forkscope.model.contexts.RecordedSamples;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.StackSample;
import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.slots.WorkerSlots;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
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
 * A recording made with {@code --sample} to a {@link ContextProfile} (issue 12). Contexts: each
 * sample's physical stack cut at the pool's run loop ({@link LogicalStacks}), below its task's
 * logical context: with a DAG and call sites ({@code --mode dag --sites}) the fork sites of the task
 * and its ancestors ({@link ForkContexts}, by the DAG node the sampled worker ran at the sample's
 * time), otherwise the root. Idleness, one of two ways:
 * <ul>
 * <li>{@link Idleness#EXACT}, when the recording has the workers' busy intervals ({@code --mode dag}):
 * each pool worker is WORKING while busy and IDLE otherwise; the exact sweep ({@link IdlenessSweep})
 * integrates idleness per worker and window of time, and the samples, placed on the recorder's clock
 * by the clock anchors, say where inside the tasks that work and idleness went (see {@link #exact});</li>
 * <li>{@link Idleness#ESTIMATED} otherwise, the paper's: at each sample of a worker inside a task (a
 * stack through ForkJoinTask.doExec), idleness += one period × n_idle / n_working, where a worker
 * counts as working when it has a task sample within a few periods (see {@link #estimated}) and
 * n_idle = max(0, slots(t) − n_working) (the pools' worker slots at the sample's time, measures.md §2;
 * P, their peak, when the samples' clock has no anchor or the recording no slots). Each sample in a task, or of a thread
 * outside the pools, adds one period of work (program code on top) or overhead (pool or forkscope
 * code on top). Samples of workers outside any task (scanning) are idle and dropped.</li>
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
     * thread, truncated, failed, lost), how idleness was obtained, P, the samples left out, notes
     * on what the numbers rest on (a worker the sampler seldom reached), and, for the estimated
     * (physical) profile, whose every amount is a count of samples, each node's own sample count
     * ({@code samplesPerNode}, null for the exact profile): Table 1 is applied only to contexts with
     * enough of them ({@link Advisor#minSamples}).
     */
    public record Result(ContextProfile profile, Idleness idleness, JfrSamples samples, long periodNs, int workers,
                         long unplaced, long idleDropped, List<String> otherEvents, long toolThreadSamples,
                         boolean forkSitePrefixes, List<String> notes, long[] samplesPerNode, String slots,
                         long notRunningNs) {
        public Result {
            notes = List.copyOf(notes);
        }

        /** A result without a measure of not-running time ({@link #notRunningNs} -1). */
        public Result(ContextProfile profile, Idleness idleness, JfrSamples samples, long periodNs, int workers,
                      long unplaced, long idleDropped, List<String> otherEvents, long toolThreadSamples,
                      boolean forkSitePrefixes, List<String> notes, long[] samplesPerNode, String slots) {
            this(profile, idleness, samples, periodNs, workers, unplaced, idleDropped, otherEvents, toolThreadSamples,
                    forkSitePrefixes, notes, samplesPerNode, slots, -1);
        }

        /** A result without the slots' text (P printed as a number of slots). */
        public Result(ContextProfile profile, Idleness idleness, JfrSamples samples, long periodNs, int workers,
                      long unplaced, long idleDropped, List<String> otherEvents, long toolThreadSamples,
                      boolean forkSitePrefixes, List<String> notes, long[] samplesPerNode) {
            this(profile, idleness, samples, periodNs, workers, unplaced, idleDropped, otherEvents, toolThreadSamples,
                    forkSitePrefixes, notes, samplesPerNode, workers + " slots");
        }

        Result withToolThreadSamples(long n) {
            return new Result(profile, idleness, samples, periodNs, workers, unplaced, idleDropped, otherEvents, n,
                    forkSitePrefixes, notes, samplesPerNode, slots, notRunningNs);
        }

        /** The same, P printed from the recording's worker slots (measures.md §2). */
        Result withSlots(String text) {
            return new Result(profile, idleness, samples, periodNs, workers, unplaced, idleDropped, otherEvents,
                    toolThreadSamples, forkSitePrefixes, notes, samplesPerNode, text, notRunningNs);
        }

        /**
         * The same with the run's not-running time (measures.md §1): the time workers held a task but
         * were off their CPU, from the DAG's nodes. A CPU-time sampler takes no sample then, and the
         * timelines count it neither idle nor runtime, so it is in no context.
         */
        Result withNotRunning(long ns) {
            return new Result(profile, idleness, samples, periodNs, workers, unplaced, idleDropped, otherEvents,
                    toolThreadSamples, forkSitePrefixes, notes, samplesPerNode, slots, ns);
        }

        /** @return the samples the profile rests on (those placed in a context), or -1 when not counted */
        public long samplesInContexts() {
            if (samplesPerNode == null) {
                return -1;
            }
            long n = 0;
            for (long c : samplesPerNode) {
                n += c;
            }
            return n;
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
            JfrSamples all = JfrSampleReader.read(tmp, eventName).withCpuTimes(rec.info().sampledThreadCpu());
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
            WorkerSlots slots = rec.workerSlots();
            progress.accept("attributing " + read.samples().size() + " samples");
            Dag dag = rec.recordedDag().orElse(null);
            if (dag != null && !dag.busy().isEmpty() && scan.anchorOffset != null) {
                Result exact = exact(read, dag, rec.recordedSites().orElse(null), scan.submitters, scan.anchorOffset,
                        workerIds, periodNs, lines, others);
                if (exact != null) {
                    return exact.withToolThreadSamples(toolSamples).withNotRunning(notRunning(dag));
                }
            }
            // the estimate measures idleness against slots(t) where the samples' clock is anchored
            WorkerSlots pools = slots.poolsOnly();
            long anchor = scan.anchorOffset == null ? 0 : scan.anchorOffset;
            java.util.function.LongUnaryOperator slotsAt = slots.recorded() && scan.anchorOffset != null
                    ? jfrNs -> pools.at(jfrNs - anchor) : jfrNs -> Math.max(1, slots.peak());
            Result estimated = estimated(read, workerIds, slotsAt, Math.max(1, slots.peak()), periodNs, lines, others)
                    .withToolThreadSamples(toolSamples).withSlots(slots.describe());
            return dag == null ? estimated : estimated.withNotRunning(notRunning(dag));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The not-running time taken out of the DAG's nodes (measures.md §1), summed. */
    static long notRunning(Dag dag) {
        long sum = 0;
        for (io.forkscope.model.dag.DagNode n : dag.nodes()) {
            sum += n.notRunning();
        }
        return sum;
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
        return all.withSamples(kept);
    }

    /** The sampling period the agent used (info sample.period.ms; 10 ms when absent). */
    static long periodNs(Recording rec) {
        try {
            return Long.parseLong(rec.info().asMap().getOrDefault("sample.period.ms", "10")) * 1_000_000L;
        } catch (NumberFormatException e) {
            return 10_000_000L;
        }
    }

    /**
     * Each sample's share of a piece [from, to): the time closer to it than to the piece's other
     * samples (from the midpoint with the previous sample, or from, to the midpoint with the next,
     * or to). Shares add up to 1. Where a piece's samples change from one context to another, the
     * piece's time so changes at the midpoint between them, not in proportion to sample counts: a
     * sampler that misses periods then moves less time across the change.
     */
    static double[] timeShares(List<Sample> samples, long from, long to) {
        int k = samples.size();
        long[] times = new long[k];
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
            times[i] = Math.min(Math.max(samples.get(i).timeNs(), from), to);
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingLong(i -> times[i]));
        double[] share = new double[k];
        double length = Math.max(1, to - from);
        for (int r = 0; r < k; r++) {
            double lo = r == 0 ? from : (times[order[r - 1]] + times[order[r]]) / 2.0;
            double hi = r == k - 1 ? to : (times[order[r]] + times[order[r + 1]]) / 2.0;
            share[order[r]] = (hi - lo) / length;
        }
        return share;
    }

    /** Windows of the exact path, in sampling periods (see {@link #exact}). */
    static final int WINDOW_PERIODS = 20;

    /**
     * A piece of one worker's busy time: inside one busy interval and one window, and (with call sites)
     * in one task context {@code task}; the root without.
     */
    private record Piece(int worker, long from, long to, long busyFrom, long busyTo, int task, boolean runtime,
                         int depth, int[] held) {
    }

    /** How far (in pieces of the same worker and busy interval) a sample's piece is looked for: see {@link #place}. */
    static final int NEAR_PIECES = 2;
    /**
     * How far (ns) outside its piece a sample may lie to be moved there ({@link #place}). The clocks
     * agree to some µs (the anchors' and the two JFR files' chunk headers: within 3 µs, measured), but a
     * sample's time can lie after the moment of its stack: async-profiler on JDK 25 with both cores
     * loaded stamped samples of a leaf 238 and 364 µs after the leaf's recorded end, both on a worker
     * preempted there, so by as much as the scheduler keeps a thread off its core (milliseconds). The
     * other whole stacks that did not fit their piece (4 in 24 loaded runs) were the agent loading its
     * own classes at a task's start, 0.8–3.8 ms from the piece their stack fits: moved there too.
     */
    static final long MAX_SKEW_NS = 5_000_000;

    /**
     * The piece a sample of piece {@code at} belongs to, by the tasks its stack runs.
     * Its {@code doExec} frames should be the tasks the worker holds, one each (inside a collapsed
     * node, at least those: its nested tasks add more). JFR's and the recorder's clocks agree to some
     * µs, so a sample taken just before a nested task started or just after it ended can fall on the
     * wrong side of the boundary: with k {@code doExec} frames and h held tasks, k = h (or k > h in a
     * collapsed node), the piece itself; else the nearest piece of the same worker and busy interval
     * (at most {@value #NEAR_PIECES} away, the sample at most {@value #MAX_SKEW_NS} ns outside it) that
     * holds k tasks; without one the piece itself (not a boundary effect: a task computed directly
     * after {@code tryUnfork} has no {@code doExec} of its own, say). Hung below the wrong task's
     * context, its frames would repeat or drop the path between the two tasks; moved, not re-hung, it
     * keeps each piece's exact time in the piece's own task context. Truncated stacks, and pieces
     * that hold no task, stay where they are.
     */
    private static int place(List<Piece> pieces, int at, StackSample s) {
        Piece piece = pieces.get(at);
        int h = piece.held() == null ? 0 : piece.held().length;
        if (h == 0 || s.truncated()) {
            return at;
        }
        int k = LogicalStacks.doExecs(s.stackTopFirst());
        if (k == 0 || k == h || (k > h && piece.depth() != 0)) {
            return at;
        }
        int best = -1;
        for (int d = 1; d <= NEAR_PIECES; d++) {
            for (int i : new int[] {at - d, at + d}) {
                Piece q = i >= 0 && i < pieces.size() ? pieces.get(i) : null;
                if (q != null && q.worker() == piece.worker() && q.busyFrom() == piece.busyFrom()
                        && q.held() != null && q.held().length == k && gap(q, s.timeNs()) <= MAX_SKEW_NS
                        && (best < 0 || gap(q, s.timeNs()) < gap(pieces.get(best), s.timeNs()))) {
                    best = i;
                }
            }
        }
        return best >= 0 ? best : at;
    }

    /** How far {@code t} lies outside a piece (0 inside). */
    private static long gap(Piece p, long t) {
        return t < p.from() ? p.from() - t : t >= p.to() ? t - p.to() + 1 : 0;
    }

    /**
     * Builds one worker's timeline and its pieces: WORKING pieces cut at windows of the run and (with
     * call sites) wherever the worker's task context changes, RUNTIME pieces cut at windows; each piece
     * is a context of its own for the sweep (its index in {@code pieces}).
     */
    private static final class Cutter {
        final List<StateInterval> intervals = new ArrayList<>();
        private final int worker;
        private final int dagWorker;
        private final long start;
        private final long window;
        private final ForkContexts forks;
        private final List<Piece> pieces;
        private long busyFrom;
        private long busyTo;

        Cutter(int worker, int dagWorker, long start, long window, ForkContexts forks, List<Piece> pieces) {
            this.worker = worker;
            this.dagWorker = dagWorker;
            this.start = start;
            this.window = window;
            this.forks = forks;
            this.pieces = pieces;
        }

        void busy(long from, long to) {
            busyFrom = from;
            busyTo = to;
        }

        private long windowEnd(long t) {
            return start + ((t - start) / window + 1) * window;
        }

        /**
         * @param depth for a collapsed node, how many tasks the worker holds (its own included), else 0
         * @param held  the contexts of the tasks the worker holds, outermost first
         */
        void working(long from, long to, int depth, int[] held) {
            for (long cut = from; cut < to; ) {
                long next = Math.min(to, windowEnd(cut));
                int task = ContextTree.ROOT;
                if (forks != null) {
                    task = forks.contextAt(dagWorker, cut);
                    next = Math.min(next, forks.nextChange(dagWorker, cut));
                }
                intervals.add(StateInterval.working(cut, next, pieces.size()));
                pieces.add(new Piece(worker, cut, next, busyFrom, busyTo, task, false, depth, held));
                cut = next;
            }
        }

        /** @param held the contexts of the tasks the worker holds, outermost first (the last is {@code task}'s) */
        void runtime(long from, long to, int task, int[] held) {
            for (long cut = from; cut < to; ) {
                long next = Math.min(to, windowEnd(cut));
                intervals.add(StateInterval.runtime(cut, next, pieces.size()));
                pieces.add(new Piece(worker, cut, next, busyFrom, busyTo, task, true, 0, held));
                cut = next;
            }
        }
    }

    /** Whether a node starts a task (a CREATE edge into it). */
    private static boolean startsTask(DagNode n) {
        for (Edge e : n.in()) {
            if (e.kind() == EdgeKind.CREATE) {
                return true;
            }
        }
        return false;
    }

    /** Each worker's nodes (by DAG worker index), sorted by start (then id). */
    private static List<List<DagNode>> nodesByWorker(Dag dag) {
        List<List<DagNode>> per = new ArrayList<>();
        for (DagNode n : dag.nodes()) {
            while (per.size() <= n.worker()) {
                per.add(new ArrayList<>());
            }
            per.get(n.worker()).add(n);
        }
        per.forEach(list -> list.sort(Comparator.comparingLong(DagNode::start).thenComparingInt(DagNode::id)));
        return per;
    }

    /** A worker whose sampler delivered under this share of one sample per period of its busy time gets a note. */
    static final double FEW_SAMPLES = 0.25;

    /**
     * The exact path; null when no busy interval names a pool worker (nothing to sweep). Each worker's
     * busy intervals are cut at windows of {@value #WINDOW_PERIODS} sampling periods and, with call
     * sites, wherever the worker's task context changes ({@link ForkContexts#nextChange}); every piece
     * is a context of its own for the exact sweep, which so gives each piece its exact working time
     * and idleness. A piece's amounts are spread over that worker's samples inside it by their
     * {@link #timeShares} (program code on top: work; pool or tool code: overhead); a piece without a
     * sample gives them to the worker's sample nearest in time within the same busy interval and the
     * same task context (the sampler skips periods, more so on a loaded machine), and without one to
     * the task context itself. So with call sites the amounts of every logical context are exact
     * whatever the sampler delivers, and samples only say which frames below it they go to. Spreading
     * per piece, not over all samples of the run at once, keeps a sampler whose rate varies over the
     * run (JFR's does, with the number of running threads and the machine's load) from moving work
     * between phases. The idle time while no worker works is the synthetic node
     * {@link Frame#NO_WORK_ANYWHERE}.
     */
    static Result exact(JfrSamples read, Dag dag, io.forkscope.model.sites.RecordedSites sites, long offset,
                        Set<Long> workerIds, long periodNs, boolean lines, List<String> others) {
        return exact(read, dag, sites, SubmitterStacks.none(), offset, workerIds, periodNs, lines, others);
    }

    /** As above, tasks submitted from outside the pools hanging below their submitters' stacks. */
    static Result exact(JfrSamples read, Dag dag, io.forkscope.model.sites.RecordedSites sites,
                        SubmitterStacks submitters, long offset, Set<Long> workerIds, long periodNs, boolean lines,
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
        ContextTree tree = new ContextTree();
        // with call sites, each sample hangs below its task's fork-site context (built first, so its
        // nodes come before the samples' frames)
        ForkContexts forks = sites == null ? null : ForkContexts.of(dag, sites, tree, lines, submitters);
        long window = Math.max(1, WINDOW_PERIODS * periodNs);
        ReadyTimes ready = ReadyTimes.of(dag);
        List<List<DagNode>> nodesOf = nodesByWorker(dag);
        List<Piece> pieces = new ArrayList<>();
        List<WorkerTimeline> timelines = new ArrayList<>();
        long synthetic = -1;
        for (int w = 0; w < workers.size(); w++) {
            WorkerBusy b = workers.get(w);
            List<DagNode> nodes = b.worker() < nodesOf.size() ? nodesOf.get(b.worker()) : List.of();
            Cutter cut = new Cutter(w, b.worker(), start, window, forks, pieces);
            int next = 0;
            long at = start;
            for (int i = 0; i < b.count(); i++) {
                long s = Math.max(b.start(i), at);
                long e = Math.min(b.end(i), end);
                if (e <= s) {
                    continue;
                }
                if (s > at) {
                    cut.intervals.add(StateInterval.idle(at, s));
                }
                cut.busy(s, e);
                while (next < nodes.size() && nodes.get(next).end() <= s && nodes.get(next).start() < s) {
                    next++;                     // nodes before this busy interval (none should be)
                }
                long cursor = s;
                int lastContext = forks == null ? ContextTree.ROOT : forks.contextAt(b.worker(), s);
                // the task contexts the worker holds, innermost first: a task nested in another's join
                // (helped) is pushed when its first node runs and popped when a node of it ends the task
                ArrayDeque<Integer> held = new ArrayDeque<>();
                while (next < nodes.size() && nodes.get(next).start() < e) {
                    DagNode n = nodes.get(next++);
                    long ns = Math.max(n.start(), cursor);
                    long ne = Math.max(ns, Math.min(n.end(), e));
                    int context = forks == null ? ContextTree.ROOT : forks.contextOfNode(n.id());
                    if (ns > cursor) {
                        // the worker holds a task but runs no node: blocked until n is ready (idle), then
                        // the runtime's time (pushing a fork, joining, waking, finding a task to help) on
                        // behalf of the innermost task it holds, whose frames are on top of its stack
                        long readyAt = Math.min(Math.max(ready.ready(n.id()), cursor), ns);
                        if (readyAt > cursor) {
                            cut.intervals.add(StateInterval.idle(cursor, readyAt));
                        }
                        cut.runtime(readyAt, ns, held.isEmpty() ? context : held.peek(), outermostFirst(held));
                    }
                    if (held.isEmpty() || startsTask(n)) {
                        held.push(context);
                    }
                    // inside a collapsed node the nested tasks are on the worker's stack, not in the DAG: a
                    // sample there is cut at the node's own task (by depth), not at the innermost
                    cut.working(ns, ne, n.collapsed() ? held.size() : 0, outermostFirst(held));
                    if (n.ends() == NodeEnd.END && n.taskEnds() > 0 && !held.isEmpty()) {   // a body ended, not a completion
                        held.pop();
                    }
                    cursor = Math.max(cursor, ne);
                    lastContext = held.isEmpty() ? context : held.peek();
                }
                if (cursor < e) {
                    // after its last node inside the interval: the runtime's, for the task it holds
                    cut.runtime(cursor, e, lastContext, outermostFirst(held));
                }
                at = e;
            }
            if (at < end) {
                cut.intervals.add(StateInterval.idle(at, end));
            }
            Long id = idByName.get(b.thread());
            timelines.add(new WorkerTimeline(id != null ? id : synthetic--, cut.intervals));
        }
        WorkerTimelines all = new WorkerTimelines(timelines);
        // idleness against the pools' slots(t) (the sweep has the pool workers' timelines only, so
        // outside threads' slots are left out); recordings without slots: the threads themselves
        WorkerSlots slots = dag.slots().recorded() ? dag.slots().poolsOnly() : null;
        TimelineAttribution swept = IdlenessSweep.attribute(all, Math.max(1, pieces.size()), slots);

        Map<Long, Integer> workerOf = new HashMap<>();
        for (int w = 0; w < timelines.size(); w++) {
            workerOf.put(timelines.get(w).threadId(), w);
        }
        Map<Integer, List<Sample>> byPiece = new HashMap<>();
        Map<Long, List<Sample>> byWorkerAndTask = new HashMap<>();   // WORKING samples, by workerAndTask(w, task)
        Map<Long, List<Sample>> anyByWorkerAndTask = new HashMap<>(); // WORKING or RUNTIME samples
        long[] working = new long[workers.size()];
        long unplaced = 0;
        long idle = 0;
        for (StackSample s : read.samples()) {
            long t = s.timeNs() - offset;
            Integer w = workerOf.get(s.threadId());
            StateInterval state = w == null ? null : timelines.get(w).at(t);
            if (state == null) {
                unplaced++;
                continue;
            }
            if (state.state() == io.forkscope.model.contexts.WorkerState.IDLE) {
                idle++;
                continue;
            }
            StackSample stack = new StackSample(s.threadId(), t, frames(s, lines), s.truncated());
            int at = place(pieces, state.context(), stack);
            Piece piece = pieces.get(at);
            int task = piece.task();
            Sample resolved = resolve(tree, task, stack, piece.depth());
            byPiece.computeIfAbsent(at, k -> new ArrayList<>()).add(resolved);
            if (!piece.runtime()) {
                byWorkerAndTask.computeIfAbsent(workerAndTask(w, task), k -> new ArrayList<>()).add(resolved);
            }
            anyByWorkerAndTask.computeIfAbsent(workerAndTask(w, task), k -> new ArrayList<>()).add(resolved);
            working[w]++;
        }
        byWorkerAndTask.values().forEach(list -> list.sort(Comparator.comparingLong(Sample::timeNs)));
        anyByWorkerAndTask.values().forEach(list -> list.sort(Comparator.comparingLong(Sample::timeNs)));
        if (swept.idleWhileNobodyWorksNs() > 0) {
            tree.child(ContextTree.ROOT, Frame.NO_WORK_ANYWHERE);
        }
        int n = tree.size();
        double[] work = new double[n];
        double[] overhead = new double[n];
        double[] idleness = new double[n];
        for (int piece = 0; piece < pieces.size(); piece++) {
            Piece pc = pieces.get(piece);
            List<Sample> in = byPiece.get(piece);
            if (in == null) {
                Map<Long, List<Sample>> candidates = pc.runtime() ? anyByWorkerAndTask : byWorkerAndTask;
                Sample near = nearest(candidates.getOrDefault(workerAndTask(pc.worker(), pc.task()), List.of()),
                        (pc.from() + pc.to()) / 2, pc.busyFrom(), pc.busyTo());
                in = near == null ? List.of() : List.of(near);
            }
            if (pc.runtime()) {
                // the runtime's time on behalf of the task: overhead, wherever its samples stood
                double r = swept.runtimeNs(piece);
                if (in.isEmpty()) {
                    overhead[pc.task()] += r;
                    continue;
                }
                double[] share = timeShares(in, pc.from(), pc.to());
                for (int k = 0; k < in.size(); k++) {
                    overhead[in.get(k).node()] += r * share[k];
                }
                continue;
            }
            double w = swept.workingNs(piece);
            double i = swept.idlenessNs(piece);
            if (in.isEmpty()) {
                work[pc.task()] += w;
                idleness[pc.task()] += i;
                continue;
            }
            double[] share = timeShares(in, pc.from(), pc.to());
            for (int k = 0; k < in.size(); k++) {
                Sample s = in.get(k);
                if (s.inProgramCode()) {
                    work[s.node()] += w * share[k];
                } else {
                    overhead[s.node()] += w * share[k];
                }
                idleness[s.node()] += i * share[k];
            }
        }
        if (swept.idleWhileNobodyWorksNs() > 0) {
            idleness[tree.find(ContextTree.ROOT, Frame.NO_WORK_ANYWHERE)] += swept.idleWhileNobodyWorksNs();
        }
        List<String> notes = new ArrayList<>();
        Map<String, Long> cpuIdByName = new HashMap<>();
        read.cpuNames().forEach((id, name) -> cpuIdByName.putIfAbsent(name, id));
        for (int w = 0; w < workers.size(); w++) {
            String name = workers.get(w).thread();
            Long id = idByName.getOrDefault(name, cpuIdByName.get(name));
            Long cpu = id == null ? null : read.cpuNs().get(id);
            if (cpu != null) {
                // the agent knew the thread's CPU time: a worker that was busy but preempted is not
                // under-sampled; one that ran and was not sampled is
                JfrSamples.ThreadRate rate = read.perThread().get(id);
                long got = rate == null ? 0 : rate.count();
                double expected = (double) cpu / Math.max(1, periodNs);
                if (expected >= WINDOW_PERIODS && got < FEW_SAMPLES * expected) {
                    notes.add(String.format(java.util.Locale.ROOT, "%s was sampled %d times in %.2f s of CPU time"
                            + " (%.0f%% of one per period of CPU time): its time is exact per %s, but what it ran"
                            + " below that rests on few samples (%s)", name, got, cpu / 1e9, 100 * got / expected,
                            forks != null ? "logical context (fork sites)" : "window of the run", read.sampler().text()));
                }
                continue;
            }
            long busy = workers.get(w).busyWithin(start, end);
            double expected = (double) busy / Math.max(1, periodNs);
            if (expected >= WINDOW_PERIODS && working[w] < FEW_SAMPLES * expected) {
                notes.add(String.format(java.util.Locale.ROOT, "%s was sampled %d times in %.2f s busy (%.0f%% of one"
                        + " per period): its time is exact per %s, but what it ran below that rests on few samples"
                        + " (JFR's sampler skips a thread that is off its CPU or whose stack it cannot walk, e.g."
                        + " stopped in a clock or native call on JDK 17; JDK 25's jdk.CPUTimeSample walks those)",
                        name, working[w], busy / 1e9, 100 * working[w] / expected,
                        forks != null ? "logical context (fork sites)" : "window of the run"));
            }
        }
        ContextProfile profile = new ContextProfile(tree, work, idleness, overhead);
        return new Result(profile, Idleness.EXACT, read, periodNs, slots != null ? Math.max(1, slots.peak(start, end))
                : all.size(), unplaced, idle, others, 0, forks != null, notes, null,
                slots != null ? dag.slots().describe(start, end) : all.size() + " slots (the pools' threads: the"
                        + " recording holds no pool lives)");
    }

    /** The held task contexts (innermost first in the deque), outermost first. */
    private static int[] outermostFirst(ArrayDeque<Integer> held) {
        int[] out = new int[held.size()];
        int i = out.length;
        for (int c : held) {
            out[--i] = c;
        }
        return out;
    }

    /** The key of a worker's samples in one task context. */
    private static long workerAndTask(int worker, int task) {
        return ((long) worker << 32) | task;
    }

    /** The sample of {@code sorted} (by time) nearest to {@code t} within [from, to), or null. */
    static Sample nearest(List<Sample> sorted, long t, long from, long to) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid).timeNs() < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Sample best = null;
        for (int k = lo - 1; k <= lo; k++) {
            if (k >= 0 && k < sorted.size()) {
                Sample s = sorted.get(k);
                if (s.timeNs() >= from && s.timeNs() < to
                        && (best == null || Math.abs(s.timeNs() - t) < Math.abs(best.timeNs() - t))) {
                    best = s;
                }
            }
        }
        return best;
    }

    /** Half-width, in sampling periods, of the window in which a task sample shows a worker working (estimate). */
    static final double NEAR_PERIODS = 2.5;

    /**
     * The estimate: at each sample of a worker in a task, idleness += one period × n_idle / n_working,
     * n_working being the workers with a task sample within ±{@value #NEAR_PERIODS} periods of it
     * (JFR's sampler misses periods, so "sampled in the same period" would take busy workers for idle
     * ones), n_idle = P − n_working. Every sample in a task, or of a thread outside the pools, adds one
     * period of work (program code on top) or overhead (pool or tool code on top).
     */
    static Result estimated(JfrSamples read, Set<Long> workerIds, int p, long periodNs, boolean lines,
                                    List<String> others) {
        return estimated(read, workerIds, t -> p, p, periodNs, lines, others);
    }

    /** As above, n_idle = max(0, slotsAt(sample time) − n_working) (measures.md §2). */
    static Result estimated(JfrSamples read, Set<Long> workerIds, java.util.function.LongUnaryOperator slotsAt,
                            int p, long periodNs, boolean lines, List<String> others) {
        ContextTree tree = new ContextTree();
        Map<Long, long[]> taskTimes = new HashMap<>(); // per worker: sorted times of its samples in a task
        Map<Long, List<Long>> collect = new HashMap<>();
        long idleDropped = 0;
        for (StackSample s : read.samples()) {
            if (workerIds.contains(s.threadId())) {
                if (inTask(s)) {
                    collect.computeIfAbsent(s.threadId(), k -> new ArrayList<>()).add(s.timeNs());
                } else {
                    idleDropped++;
                }
            }
        }
        collect.forEach((id, times) -> taskTimes.put(id, times.stream().mapToLong(Long::longValue).sorted().toArray()));
        long near = (long) (NEAR_PERIODS * periodNs);
        List<double[]> amounts = new ArrayList<>(); // node, work, overhead, idleness
        for (StackSample s : read.samples()) {
            boolean worker = workerIds.contains(s.threadId());
            if (worker && !inTask(s)) {
                continue;
            }
            double idle = 0;
            if (worker) {
                int working = 0;
                for (long[] times : taskTimes.values()) {
                    working += within(times, s.timeNs() - near, s.timeNs() + near) ? 1 : 0;
                }
                working = Math.max(working, 1);
                idle = periodNs * (double) Math.max(0, slotsAt.applyAsLong(s.timeNs()) - working) / working;
            }
            Sample r = resolve(tree, ContextTree.ROOT,
                    new StackSample(s.threadId(), s.timeNs(), frames(s, lines), s.truncated()));
            boolean work = r.inProgramCode();
            amounts.add(new double[] {r.node(), work ? periodNs : 0, work ? 0 : periodNs, idle});
        }
        int n = tree.size();
        double[] work = new double[n];
        double[] overhead = new double[n];
        double[] idleness = new double[n];
        long[] samples = new long[n];
        for (double[] a : amounts) {
            int node = (int) a[0];
            work[node] += a[1];
            overhead[node] += a[2];
            idleness[node] += a[3];
            samples[node]++;
        }
        return new Result(new ContextProfile(tree, work, idleness, overhead), Idleness.ESTIMATED, read, periodNs, p, 0,
                idleDropped, others, 0, false, List.of(), samples, p + " slots");
    }

    /**
     * A sample below its task's context ({@link LogicalStacks#resolve}); when the thread was in
     * forkscope's own code ({@link #inForkscope}) the sample is overhead (kind TOOL) even if a JDK
     * method the recorder called (a clock, a thread local) is on top. The recorder's cost stays below
     * the program's frame that paid it: it is per task and per woven call, so where it is large the
     * tasks or calls are small; {@link #forkscopeOwnNs} says how much of the profile it is.
     */
    static Sample resolve(ContextTree tree, int task, StackSample s) {
        return resolve(tree, task, s, 0);
    }

    /** As above, the task context being that of the task held at {@code depth} ({@link LogicalStacks#taskFrames(List, int)}). */
    static Sample resolve(ContextTree tree, int task, StackSample s, int depth) {
        Sample r = LogicalStacks.resolve(tree, task, s, depth);
        return inForkscope(s) ? new Sample(r.threadId(), r.timeNs(), r.node(), FrameKind.TOOL) : r;
    }

    /**
     * Whether a thread was running forkscope's code when sampled: a forkscope frame with nothing above it
     * but the JDK's library code (what the recorder called: clocks, thread locals, collections) and
     * {@code java.lang.invoke} (the linkage of woven call sites). A program frame above a forkscope frame
     * (a region's body run by the API) is the program's; so is a stack that meets the pool's code first.
     */
    static boolean inForkscope(StackSample s) {
        for (Frame f : s.stackTopFirst()) {
            if (f.kind() == FrameKind.TOOL) {
                return true;
            }
            if (!jdkLibrary(f)) {
                return false;
            }
        }
        return false;
    }

    private static boolean jdkLibrary(Frame f) {
        String c = f.className();
        return f.kind() == FrameKind.PROGRAM && (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")
                || c.startsWith("com.sun."));
    }

    /**
     * @return the effort the profile gives forkscope's own code, ns: the exclusive effort of every node
     *     {@link ForkscopeCode#isOwn} names (forkscope's frames, and the JDK's called from them)
     */
    public static double forkscopeOwnNs(ContextProfile profile) {
        return ForkscopeCode.inclusiveOwnEffort(profile)[ContextTree.ROOT];
    }

    /** Whether the sorted {@code times} hold one in [from, to]. */
    static boolean within(long[] times, long from, long to) {
        int i = java.util.Arrays.binarySearch(times, from);
        int at = i >= 0 ? i : -i - 1;
        return at < times.length && times[at] <= to;
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
            out.add(key(f, lines));
        }
        return out;
    }

    /** A frame as a context node keys it: per method, or per method and line (never per bci). */
    static Frame key(Frame f, boolean lines) {
        return lines ? new Frame(f.className(), f.methodName(), f.line(), -1, f.kind()) : f.methodOnly();
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

    /** What else the JFR file holds: events per name, and the clock offset of the tightest anchor. */
    private static final class Scan {
        final Map<String, Long> counts = new HashMap<>();
        Long anchorOffset;
        final SubmitterStacks submitters = SubmitterStacks.none();
    }

    private static Scan scan(Path file) throws IOException {
        Scan scan = new Scan();
        try (RecordingFile f = new RecordingFile(file)) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                String name = e.getEventType().getName();
                scan.counts.merge(name, 1L, Long::sum);
                if (name.equals(SubmitterStacks.EVENT) && e.getStackTrace() != null) {
                    List<Frame> frames = new ArrayList<>();
                    for (jdk.jfr.consumer.RecordedFrame rf : e.getStackTrace().getFrames()) {
                        frames.add(Frame.of(rf.getMethod().getType().getName(), rf.getMethod().getName(),
                                rf.getLineNumber(), -1));
                    }
                    scan.submitters.add(e.getInt("worker"), e.getLong("sinceOriginNs"), e.getBoolean("runsHere"), frames);
                }
                if (name.equals(CLOCK_ANCHOR)) {
                    // the start time is read after sinceOriginNs: each offset is the true one plus the time
                    // between the reads, so the smallest is the best (recorder/agent/ClockAnchor)
                    long epochNs = e.getStartTime().getEpochSecond() * 1_000_000_000L + e.getStartTime().getNano();
                    long offset = epochNs - e.getLong("sinceOriginNs");
                    scan.anchorOffset = scan.anchorOffset == null ? offset : Math.min(scan.anchorOffset, offset);
                }
            }
        }
        return scan;
    }
}
