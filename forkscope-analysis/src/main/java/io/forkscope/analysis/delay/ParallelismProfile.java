package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.EdgeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The parallelism profile of a recorded run (measures.md §6, Delay Spotter): running(t), the nodes
 * executing at t, and ready(t), the nodes ready but not started, by the kind of edge that made
 * them ready, notRunning(t), the nodes executing whose thread was not running, and recorder(t), the
 * workers in forkscope's own hooks between nodes (see {@link #recorderIntervals}); as a list of
 * constant segments covering the run from its begin to its finish, cut also where the worker slots
 * change (each segment carries slots(t)).
 */
public final class ParallelismProfile {
    private final List<ProfileSegment> segments;
    private final int workers;

    private ParallelismProfile(List<ProfileSegment> segments, int workers) {
        this.segments = List.copyOf(segments);
        this.workers = workers;
    }

    public static ParallelismProfile of(Dag dag) {
        return of(dag, new Readiness(dag));
    }

    static ParallelismProfile of(Dag dag, Readiness readiness) {
        int kinds = EdgeKind.values().length;
        int nr = 1 + kinds;   // index of not-running
        int ex = 2 + kinds;   // index of executing
        int rc = 3 + kinds;   // index of forkscope's own (recorder)
        int hd = 4 + kinds;   // index of held (ready, held by forkscope's hook)
        // change of (running, ready per kind, not running, executing, recorder) at each time
        TreeMap<Long, double[]> deltas = new TreeMap<>();
        deltas.put(dag.begin(), new double[LEVELS]);
        deltas.put(dag.finish(), new double[LEVELS]);
        for (long t : dag.slots().changesWithin(dag.begin(), dag.finish())) {
            deltas.putIfAbsent(t, new double[LEVELS]);      // a segment per constant slots(t)
        }
        long[] spans = readiness.recorderSpans;
        for (int i = 0; i < spans.length; i += 2) {
            add(deltas, spans[i], rc, +1);
            add(deltas, spans[i + 1], rc, -1);
        }
        for (DagNode node : dag.nodes()) {
            double share = runningShare(node);
            add(deltas, node.start(), 0, +share);
            add(deltas, node.end(), 0, -share);
            if (node.end() > node.start()) {
                add(deltas, node.start(), ex, +1);
                add(deltas, node.end(), ex, -1);
            }
            double notRunning = notRunningShare(node);
            if (notRunning > 0) {
                add(deltas, node.start(), nr, +notRunning);
                add(deltas, node.end(), nr, -notRunning);
            }
            double inside = recorderInsideShare(node);
            if (inside > 0) {
                add(deltas, node.start(), rc, +inside);
                add(deltas, node.end(), rc, -inside);
            }
            int k = 1 + readiness.kind[node.id()].ordinal();
            long ready = readiness.ready[node.id()];
            long held = readiness.heldUntil[node.id()];
            if (ready < held) {                  // ready, but held by forkscope's hook on its predecessor's worker
                add(deltas, ready, hd, +1);
                add(deltas, held, hd, -1);
            }
            if (held < node.start()) {
                add(deltas, held, k, +1);
                add(deltas, node.start(), k, -1);
            }
            if (node.innerDelay() > 0 && node.end() > node.start()) {
                // a collapsed node's inner strands waited this long in all: spread it over the node
                double rate = (double) node.innerDelay() / (node.end() - node.start());
                add(deltas, node.start(), 1 + EdgeKind.CREATE.ordinal(), rate);
                add(deltas, node.end(), 1 + EdgeKind.CREATE.ordinal(), -rate);
            }
        }
        List<ProfileSegment> segments = new ArrayList<>();
        double[] level = new double[LEVELS];
        Long previous = null;
        for (var entry : deltas.entrySet()) {
            long t = entry.getKey();
            if (previous != null && t > previous && previous >= dag.begin() && t <= dag.finish()) {
                double[] ready = new double[kinds];
                for (int k = 0; k < kinds; k++) {
                    ready[k] = Math.max(0, level[1 + k]);
                }
                segments.add(new ProfileSegment(previous, t, clean(level[0]), ready, dag.slots().at(previous),
                        clean(level[nr]), (int) Math.rint(level[ex]), clean(level[rc]), clean(level[hd])));
            }
            double[] d = entry.getValue();
            for (int i = 0; i < level.length; i++) {
                level[i] += d[i];
            }
            previous = t;
        }
        return new ParallelismProfile(segments, dag.workers());
    }

    /**
     * How much of its interval a node runs: its work over its length. For a collapsed node that
     * keeps its worker's runtime time between inner strands out of work; for a strand, the time its
     * thread was not running (preempted, blocked: the recorder takes it out of strand work, see
     * measures.md §1), so that the profile's running worker-time is the DAG's work T1 and "work"
     * means one quantity in every report. A node without length runs all of it.
     */
    static double runningShare(DagNode node) {
        long length = node.end() - node.start();
        if (length <= 0) {
            return 1;
        }
        return Math.min(1.0, (double) node.work() / length);
    }

    /**
     * How much of its interval a node's thread was not running inside its strands (its recorded
     * not-running time over its length; 0 for a node without length or without that record).
     */
    static double notRunningShare(DagNode node) {
        long length = node.end() - node.start();
        if (length <= 0 || node.notRunning() <= 0) {
            return 0;
        }
        return Math.min(1.0 - runningShare(node), (double) node.notRunning() / length);
    }

    /** Levels per time: running, ready per edge kind, not running, executing, recorder, held. */
    private static final int LEVELS = 5 + EdgeKind.values().length;

    /** Told where forkscope's time lies: on the worker of node {@code after} (-1: before a worker's first node), over [from, to). */
    @FunctionalInterface
    interface RecorderInterval {
        void at(int after, long from, long to);
    }

    /**
     * Where each node's forkscope time before it (recorderBefore) lies: on its worker, right after the
     * worker's previous node ended (the rest of the hook that ended that node is most of it), at most
     * up to this node's start; before a worker's first node, just before it starts (not before the
     * run's begin). Told to {@code sink} with the node it follows (-1 for none) as [from, to) with
     * from < to, in no particular order.
     */
    static void recorderIntervals(Dag dag, RecorderInterval sink) {
        java.util.Map<Integer, List<DagNode>> byWorker = new java.util.HashMap<>();
        boolean any = false;
        for (DagNode n : dag.nodes()) {
            if (n.recorderBefore() > 0) {
                any = true;
            }
            byWorker.computeIfAbsent(n.worker(), w -> new ArrayList<>()).add(n);
        }
        if (!any) {
            return;
        }
        for (List<DagNode> nodes : byWorker.values()) {
            nodes.sort(java.util.Comparator.comparingLong(DagNode::start).thenComparingLong(DagNode::end));
            long previousEnd = Long.MIN_VALUE;
            int previous = -1;
            for (DagNode n : nodes) {
                long before = n.recorderBefore();
                if (before > 0) {
                    long from = previousEnd == Long.MIN_VALUE ? Math.max(dag.begin(), n.start() - before)
                            : Math.min(previousEnd, n.start());
                    long to = Math.min(n.start(), from + before);
                    if (from < to) {
                        sink.at(previousEnd == Long.MIN_VALUE ? -1 : previous, from, to);
                    }
                }
                if (n.end() >= previousEnd) {
                    previousEnd = n.end();
                    previous = n.id();
                }
            }
        }
    }

    /**
     * How much of its interval a collapsed node's worker was in forkscope's hooks between its inner
     * strands (its recorderInside over its length), at most what work and not-running time leave.
     */
    static double recorderInsideShare(DagNode node) {
        long length = node.end() - node.start();
        if (length <= 0 || node.recorderInside() <= 0) {
            return 0;
        }
        return Math.max(0, Math.min(1.0 - runningShare(node) - notRunningShare(node),
                (double) node.recorderInside() / length));
    }

    /** Whole counts stay whole: sums of ±1 are exact, fractions are rounded off at 1e-9. */
    private static double clean(double level) {
        double r = Math.rint(level);
        return Math.abs(level - r) < 1e-9 ? r : Math.max(0, level);
    }

    private static void add(TreeMap<Long, double[]> deltas, long t, int index, double value) {
        deltas.computeIfAbsent(t, x -> new double[LEVELS])[index] += value;
    }

    public List<ProfileSegment> segments() {
        return segments;
    }

    /** @return the peak of slots(t) over the run (P as one number, for charts); each segment has its own */
    public int workers() {
        return workers;
    }

    /** @return the segment covering time t, or null outside the run */
    public ProfileSegment at(long t) {
        int lo = 0;
        int hi = segments.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            ProfileSegment s = segments.get(mid);
            if (t < s.start()) {
                hi = mid - 1;
            } else if (t >= s.end()) {
                lo = mid + 1;
            } else {
                return s;
            }
        }
        return null;
    }
}
