package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.util.LongIntPairs;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The parallelism profile of a recorded run (measures.md §6, Delay Spotter): running(t), the nodes
 * executing at t, and ready(t), the nodes ready but not started, by the kind of edge that made
 * them ready, notRunning(t), the nodes executing whose thread was not running, and recorder(t), the
 * workers in forkscope's own hooks between nodes (see {@link #recorderIntervals}); as a list of
 * constant segments covering the run from its begin to its finish, cut also where the worker slots
 * change (each segment carries slots(t)).
 */
public final class ParallelismProfile {
    private static final int KINDS = EdgeKind.values().length;
    /** Segments between two checkpoints of the sweep (see {@link Cursor}). */
    private static final int STRIDE = 256;

    // The profile is not stored: a DAG of 2.5 M nodes has some 7.5 M segments (as columns of numbers
    // they took 480 MB). It keeps the sweep's sorted events instead (12 bytes each, some five a node)
    // and a checkpoint of the sweep every STRIDE segments, and replays the sweep from the nearest
    // checkpoint when asked for a segment: in order (every analysis reads the segments in order) each
    // segment costs its own events; at random, at most STRIDE segments' events more.
    private final Dag dag;
    private final Readiness readiness;
    private final LongIntPairs events;
    /** How many segments: -1 until a first sweep counted them ({@link #indexed}). */
    private int count = -1;
    private final int workers;
    /** Checkpoint k: the sweep where it holds segment k × STRIDE (see {@link Cursor#seek}); made with {@link #count}. */
    private List<Checkpoint> checkpoints;
    private final Cursor cursor;
    private final List<ProfileSegment> view = new SegmentView();

    private ParallelismProfile(Dag dag, Readiness readiness, LongIntPairs events) {
        this.dag = dag;
        this.readiness = readiness;
        this.events = events;
        this.workers = dag.workers();
        this.cursor = new Cursor();
    }

    /**
     * Counts the segments and keeps a checkpoint every STRIDE of them, in one whole sweep, the first time
     * a segment is asked for by its index (or their count): {@link #sweepAll} needs neither, and a trace's
     * counters, which read the profile through it alone, then sweep it once rather than twice (0.3-0.45 s
     * of 3 M nodes' export).
     */
    private void indexed() {
        if (count >= 0) {
            return;
        }
        Cursor c = new Cursor();
        int n = 0;
        List<Checkpoint> saved = new ArrayList<>();
        for (boolean more = c.first(); more; more = c.next()) {
            if (n % STRIDE == 0) {
                saved.add(new Checkpoint(c.event, c.start, c.level.snapshot()));
            }
            n++;
        }
        this.checkpoints = List.copyOf(saved);
        this.count = n;
    }

    public static ParallelismProfile of(Dag dag) {
        return of(dag, new Readiness(dag));
    }

    // What an event does, in the low bits of its code; the rest is the node's id, or for forkscope's
    // time between nodes the index of its [from, to) pair in Readiness.recorderSpans.
    private static final int START = 0;        // a node starts: its running, executing, not-running, forkscope shares
    private static final int END = 1;          // it ends: the same taken back
    private static final int HOLD = 2;         // it becomes ready but is held by forkscope's hook
    private static final int RELEASE = 3;      // it is no longer held: ready (by its kind) until it starts
    private static final int HOOK_FROM = 4;    // forkscope's time between nodes begins on a worker
    private static final int HOOK_TO = 5;      // and ends
    private static final int CUT = 6;          // no change: the run's begin and finish, a change of slots(t)
    private static final int TYPE_BITS = 3;

    /**
     * The profile is one sweep over the sorted start and end events of every level (12 bytes an
     * event, some five a node): at each distinct time all of that time's changes apply, then a
     * segment runs to the next time; a change of slots(t) is an event that changes nothing else.
     */
    static ParallelismProfile of(Dag dag, Readiness readiness) {
        DagNodes nodes = dag.table();
        int n = nodes.size();
        long[] spans = readiness.takeRecorderSpans();
        long[] changes = dag.slots().changesWithin(dag.begin(), dag.finish());
        int capacity = 2 + changes.length + spans.length + 4 * n;     // at most four events a node
        LongIntPairs events = packedEvents(dag, n, spans.length / 2, capacity);
        if (events == null) {
            events = new LongIntPairs(capacity);
        }
        events.add(dag.begin(), CUT);
        events.add(dag.finish(), CUT);
        for (long t : changes) {
            events.add(t, CUT);
        }
        for (int i = 0; i < spans.length; i += 2) {
            events.add(spans[i], (i / 2) << TYPE_BITS | HOOK_FROM);
            events.add(spans[i + 1], (i / 2) << TYPE_BITS | HOOK_TO);
        }
        spans = null;                            // let go of them before the sort makes its buffer
        for (int id = 0; id < n; id++) {
            events.add(nodes.start(id), id << TYPE_BITS | START);
            events.add(nodes.end(id), id << TYPE_BITS | END);
            long readyAt = readiness.ready[id];
            long heldUntil = readiness.heldUntil[id];
            if (readyAt < heldUntil) {
                events.add(readyAt, id << TYPE_BITS | HOLD);
            }
            if (readyAt < heldUntil || heldUntil < nodes.start(id)) {
                events.add(heldUntil, id << TYPE_BITS | RELEASE);
            }
        }
        events.sortByKey();
        return new ParallelismProfile(dag, readiness, events);
    }

    /**
     * @return a list that packs the events as they come (8 bytes an event where two arrays take 12, and
     *         never both), or null when their times and codes do not fit a long together. Every event's
     *         time lies within the run's begin and finish and its nodes' starts and ends (forkscope's time
     *         between nodes ends by the next node's start and begins at the run's begin or a node's end; a
     *         node is ready and released between the begin, or a predecessor's end, and its start; the
     *         slots change inside the frame), and every code below the largest node id's or hook span's
     *         with {@link #TYPE_BITS} ones; both bounds are reached (the begin, the finish, each node's
     *         start and end are events; codes of that id take as many bits), so the list sorts the events
     *         as one filled unpacked does.
     */
    private static LongIntPairs packedEvents(Dag dag, int nodeCount, int spanCount, int capacity) {
        DagNodes nodes = dag.table();
        long min = Math.min(dag.begin(), dag.finish());
        long max = Math.max(dag.begin(), dag.finish());
        for (int id = 0; id < nodeCount; id++) {
            min = Math.min(min, Math.min(nodes.start(id), nodes.end(id)));
            max = Math.max(max, Math.max(nodes.start(id), nodes.end(id)));
        }
        long largest = Math.max(0, Math.max(nodeCount, spanCount) - 1);
        long maxCode = largest << TYPE_BITS | ((1 << TYPE_BITS) - 1);
        return maxCode > Integer.MAX_VALUE ? null : LongIntPairs.packing(min, max, (int) maxCode, capacity);
    }

    /**
     * A position in the sweep: it holds segment {@link #segment}, [start, events.key(event)), with the
     * levels that hold over it ({@code event} is the first event of the time where it ends). Moving on
     * applies that time's events and skips times that make no segment (before the run's begin, after its
     * finish, or a time equal to the last).
     */
    private final class Cursor {
        int segment = -1;
        int event;
        long start;
        final Levels level = new Levels();
        /** slots(t) over [slotsFrom, slotsTo), where it is constant: found again only when a segment starts outside. */
        private int slots;
        private long slotsFrom = Long.MAX_VALUE;
        private long slotsTo = Long.MIN_VALUE;

        /** @return slots(t) at t, as {@code dag.slots().at(t)} (a binary search a segment took a tenth of export's time) */
        int slotsAt(long t) {
            if (t < slotsFrom || t >= slotsTo) {
                slots = dag.slots().at(t);
                slotsFrom = t;
                slotsTo = dag.slots().nextChangeAfter(t);
            }
            return slots;
        }

        /** Moves to segment 0; false if the profile has none. */
        boolean first() {
            segment = -1;
            event = 0;
            level.clear();
            if (events.size() == 0) {
                return false;
            }
            start = events.key(0);
            applyGroup();
            return advanceToSegment();
        }

        /** Moves to the next segment; false past the last. */
        boolean next() {
            if (event >= events.size()) {
                return false;
            }
            start = events.key(event);
            applyGroup();
            return advanceToSegment();
        }

        /** Applies every event at the current time, leaving {@code event} at the next time's first. */
        private void applyGroup() {
            long t = events.key(event);
            DagNodes nodes = dag.table();
            for (; event < events.size() && events.key(event) == t; event++) {
                level.apply(events.value(event), nodes, readiness);
            }
        }

        /** From [start, key(event)): on to the first interval that is a segment of the run. */
        private boolean advanceToSegment() {
            while (event < events.size()) {
                long t = events.key(event);
                if (t > start && start >= dag.begin() && t <= dag.finish()) {
                    segment++;
                    return true;
                }
                start = t;
                applyGroup();
            }
            return false;
        }

        /** Moves to segment {@code s} (0 ≤ s < count): on from here, or from the checkpoint before it. */
        void seek(int s) {
            if (s < segment || s - segment > STRIDE || segment < 0) {
                int k = s / STRIDE;
                segment = k * STRIDE;
                Checkpoint at = checkpoints.get(k);
                event = at.event();
                start = at.start();
                level.restore(at.levels());
            }
            while (segment < s) {
                next();
            }
        }

        long end() {
            return events.key(event);
        }

        ProfileSegment segmentHere() {
            ProfileSegment[] made = new ProfileSegment[1];
            tell((from, to, running, readyByKind, slots, notRunning, executing, recorder, held) -> made[0] =
                    new ProfileSegment(from, to, running, readyByKind, slots, notRunning, executing, recorder, held),
                    new double[KINDS]);
            return made[0];
        }

        /** Tells {@code sink} this segment's values as {@link #segmentHere} makes them, in {@code readyOut}. */
        void tell(SegmentSink sink, double[] readyOut) {
            for (int k = 0; k < KINDS; k++) {
                readyOut[k] = Math.max(0, level.ready[k]);
            }
            sink.segment(start, end(), clean(level.running), readyOut, slotsAt(start), clean(level.notRunning),
                    (int) Math.rint(level.executing), clean(level.recorder), clean(level.held));
        }
    }

    /**
     * A segment's values as a sweep reads them, with no object made a segment (a pass over 7.5 M
     * segments made 1.5 GB of them): {@code readyByKind} is the sweep's own array, to read during the
     * call only. The values are {@link ProfileSegment}'s.
     */
    @FunctionalInterface
    public interface SegmentSink {
        void segment(long start, long end, double running, double[] readyByKind, int slots, double notRunning,
                     int executing, double recorder, double held);
    }

    /**
     * Tells {@code sink} every segment, in order, with the values {@link #segments()} gives, but without
     * making an object a segment (a trace's counters read some 9 M of them on a 3 M-node DAG).
     */
    public void sweepAll(SegmentSink sink) {
        // a cursor of its own from the first segment to the last: what sweep(0, ...) tells, without
        // the index (nor moving the cursor that the segments' getters share)
        Cursor c = new Cursor();
        double[] readyOut = new double[KINDS];
        for (boolean more = c.first(); more; more = c.next()) {
            c.tell(sink, readyOut);
        }
    }

    /** Tells {@code sink} the segments from index {@code from} on, in order, while they start before {@code until}. */
    void sweep(int from, long until, SegmentSink sink) {
        indexed();
        if (from >= count) {
            return;
        }
        double[] readyOut = new double[KINDS];
        cursor.seek(from);
        while (cursor.start < until) {
            cursor.tell(sink, readyOut);
            if (cursor.segment + 1 >= count) {
                return;
            }
            cursor.next();
        }
    }

    /** The sweep where it holds a segment: its first event past the segment, the segment's start, the levels. */
    private record Checkpoint(int event, long start, double[] levels) {}

    /** The levels during the sweep: what is running, ready, ... at the current time. */
    private static final class Levels {
        double running;
        final double[] ready = new double[KINDS];
        double notRunning;
        double executing;
        double recorder;
        double held;

        double[] snapshot() {
            double[] s = new double[5 + KINDS];
            s[0] = running;
            s[1] = notRunning;
            s[2] = executing;
            s[3] = recorder;
            s[4] = held;
            System.arraycopy(ready, 0, s, 5, KINDS);
            return s;
        }

        void restore(double[] s) {
            running = s[0];
            notRunning = s[1];
            executing = s[2];
            recorder = s[3];
            held = s[4];
            System.arraycopy(s, 5, ready, 0, KINDS);
        }

        void clear() {
            restore(new double[5 + KINDS]);
        }

        void apply(int code, DagNodes nodes, Readiness readiness) {
            int type = code & ((1 << TYPE_BITS) - 1);
            int id = code >>> TYPE_BITS;
            switch (type) {
                case START:
                case END: {
                    int sign = type == START ? +1 : -1;
                    long length = nodes.end(id) - nodes.start(id);
                    running += sign * runningShare(nodes, id);
                    if (length > 0) {
                        executing += sign;
                    }
                    notRunning += sign * notRunningShare(nodes, id);
                    recorder += sign * recorderInsideShare(nodes, id);
                    long innerDelay = nodes.innerDelay(id);
                    if (innerDelay > 0 && length > 0) {
                        // a collapsed node's inner strands waited this long in all: spread it over the node
                        ready[EdgeKind.CREATE.ordinal()] += sign * (double) innerDelay / length;
                    }
                    if (type == START && readiness.heldUntil[id] < nodes.start(id)) {
                        ready[readiness.kind[id].ordinal()] -= 1;      // it was ready until now
                    }
                    break;
                }
                case HOLD:
                    held += 1;
                    break;
                case RELEASE:
                    if (readiness.ready[id] < readiness.heldUntil[id]) {
                        held -= 1;
                    }
                    if (readiness.heldUntil[id] < nodes.start(id)) {
                        ready[readiness.kind[id].ordinal()] += 1;
                    }
                    break;
                case HOOK_FROM:
                    recorder += 1;
                    break;
                case HOOK_TO:
                    recorder -= 1;
                    break;
                default:
                    break;
            }
        }
    }

    /**
     * How much of its interval a node runs: its work over its length. For a collapsed node that
     * keeps its worker's runtime time between inner strands out of work; for a strand, the time its
     * thread was not running (preempted, blocked: the recorder takes it out of strand work, see
     * measures.md §1), so that the profile's running worker-time is the DAG's work T1 and "work"
     * means one quantity in every report. A node without length runs all of it.
     */
    static double runningShare(DagNodes nodes, int id) {
        long length = nodes.end(id) - nodes.start(id);
        if (length <= 0) {
            return 1;
        }
        return Math.min(1.0, (double) nodes.work(id) / length);
    }

    /**
     * How much of its interval a node's thread was not running inside its strands (its recorded
     * not-running time over its length; 0 for a node without length or without that record).
     */
    static double notRunningShare(DagNodes nodes, int id) {
        long length = nodes.end(id) - nodes.start(id);
        if (length <= 0 || nodes.notRunning(id) <= 0) {
            return 0;
        }
        return Math.min(1.0 - runningShare(nodes, id), (double) nodes.notRunning(id) / length);
    }

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
        DagNodes nodes = dag.table();
        int n = nodes.size();
        boolean any = false;
        for (int i = 0; i < n && !any; i++) {
            any = nodes.recorderBefore(i) > 0;
        }
        if (!any) {
            return;
        }
        int[] byWorker = nodes.byWorkerThenStart(false);
        long previousEnd = Long.MIN_VALUE;
        int previous = -1;
        for (int k = 0; k < n; k++) {
            int i = byWorker[k];
            if (k > 0 && nodes.worker(byWorker[k - 1]) != nodes.worker(i)) {
                previousEnd = Long.MIN_VALUE;
                previous = -1;
            }
            long before = nodes.recorderBefore(i);
            long start = nodes.start(i);
            if (before > 0) {
                long from = previousEnd == Long.MIN_VALUE ? Math.max(dag.begin(), start - before)
                        : Math.min(previousEnd, start);
                long to = Math.min(start, from + before);
                if (from < to) {
                    sink.at(previousEnd == Long.MIN_VALUE ? -1 : previous, from, to);
                }
            }
            if (nodes.end(i) >= previousEnd) {
                previousEnd = nodes.end(i);
                previous = i;
            }
        }
    }

    /**
     * How much of its interval a collapsed node's worker was in forkscope's hooks between its inner
     * strands (its recorderInside over its length), at most what work and not-running time leave.
     */
    static double recorderInsideShare(DagNodes nodes, int id) {
        long length = nodes.end(id) - nodes.start(id);
        long inside = nodes.recorderInside(id);
        if (length <= 0 || inside <= 0) {
            return 0;
        }
        return Math.max(0, Math.min(1.0 - runningShare(nodes, id) - notRunningShare(nodes, id),
                (double) inside / length));
    }

    /** Whole counts stay whole: sums of ±1 are exact, fractions are rounded off at 1e-9. */
    private static double clean(double level) {
        double r = Math.rint(level);
        return Math.abs(level - r) < 1e-9 ? r : Math.max(0, level);
    }

    /** @return whether slots(t) takes more than one value over the profile's segments (no segment is made) */
    public boolean slotsVary() {
        var slots = dag.slots();
        int first = slots.at(dag.begin());
        for (long t : slots.changesWithin(dag.begin(), dag.finish())) {
            if (t < dag.finish() && slots.at(t) != first) {
                return true;
            }
        }
        return false;
    }

    /** @return the segments in time order, a view that makes each {@link ProfileSegment} when asked for it */
    public List<ProfileSegment> segments() {
        return view;
    }

    /** @return the peak of slots(t) over the run (P as one number, for charts); each segment has its own */
    public int workers() {
        return workers;
    }

    /** @return how many segments there are */
    public int size() {
        indexed();
        return count;
    }

    /** @return when segment i starts */
    public long start(int i) {
        indexed();
        Objects.checkIndex(i, count);
        cursor.seek(i);
        return cursor.start;
    }

    /** @return when segment i ends */
    public long end(int i) {
        indexed();
        Objects.checkIndex(i, count);
        cursor.seek(i);
        return cursor.end();
    }

    /** @return the first segment that ends after {@code t} ({@link #size()} if none) */
    public int firstEndingAfter(long t) {
        indexed();
        if (count == 0) {
            return 0;
        }
        // the last checkpoint that starts at or before t, then on in order
        int lo = 0;
        int hi = checkpoints.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (checkpoints.get(mid).start() <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int i = lo * STRIDE;
        if (cursor.segment >= i && cursor.segment < count && cursor.start <= t) {
            i = cursor.segment;               // already on the way: go on from here
        }
        while (i < count && end(i) <= t) {
            i++;
        }
        return i;
    }

    /** @return the segment covering time t, or null outside the run */
    public ProfileSegment at(long t) {
        int i = firstEndingAfter(t);
        return i < count && start(i) <= t ? segments().get(i) : null;
    }

    private final class SegmentView extends AbstractList<ProfileSegment> implements RandomAccess {
        @Override
        public ProfileSegment get(int i) {
            indexed();
            Objects.checkIndex(i, count);
            cursor.seek(i);
            return cursor.segmentHere();
        }

        @Override
        public int size() {
            indexed();
            return count;
        }
    }
}
