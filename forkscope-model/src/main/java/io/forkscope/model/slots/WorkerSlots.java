package io.forkscope.model.slots;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * The run's worker slots, slots(t) (measures.md §2, "worker slots"): the one P that idleness
 * (contexts), delay and no-work (delays, profile) are measured against, and that every report prints
 * the same way ({@link #describe()}).
 *
 * <p>slots(t) = the target parallelism of every pool alive at t, plus one for each thread outside
 * the pools while it runs task bodies at t ({@link OutsideThread}). A pool is alive from its first
 * worker's first event to its workers' last event ({@link PoolLife}); pools alive at the same time
 * add up, pools used one after another do not; where no pool is alive between two that are (the
 * program's serial code between pools used one after another), the slots of the pool before carry
 * on (before the first, those of the first), so that serial code between pools is lost worker time
 * as it is with one pool. A pool's compensation or replacement threads take its slots, never add
 * any: threads do not count, slots do.
 *
 * <p>A step function: {@code value[i]} holds on [{@code at[i]}, {@code at[i+1]}), the last to +∞,
 * {@code at[0] = Long.MIN_VALUE}. Recordings made before the slots block (format 1.8) get a
 * constant P ({@link #constant}): the behaviour of those versions.
 */
public final class WorkerSlots {
    private final List<PoolLife> pools;
    private final List<OutsideThread> outside;
    private final boolean recorded;
    private final long begin;
    private final long end;
    private final int threads;
    private final long[] at;
    private final int[] value;

    private WorkerSlots(List<PoolLife> pools, List<OutsideThread> outside, boolean recorded, long begin, long end,
                        int threads, long[] at, int[] value) {
        this.pools = List.copyOf(pools);
        this.outside = List.copyOf(outside);
        this.recorded = recorded;
        this.begin = begin;
        this.end = end;
        this.threads = threads;
        this.at = at;
        this.value = value;
    }

    /** P slots at every instant: what recordings without a slots block get. */
    public static WorkerSlots constant(int p, int threads) {
        if (p < 1) {
            throw new IllegalArgumentException("at least one slot, got " + p);
        }
        return new WorkerSlots(List.of(), List.of(), false, 0, 0, threads, new long[] {Long.MIN_VALUE}, new int[] {p});
    }

    /**
     * @param begin   the analysed frame's begin (the run's first event), ns from the recording's start
     * @param end     its end (the run's last event)
     * @param threads distinct threads that ran tasks
     * @param pools   the pools whose workers ran tasks
     * @param outside the threads outside the pools that ran task bodies
     * @param fallback the slots when there is neither a pool nor an outside thread (nothing ran)
     */
    public static WorkerSlots of(long begin, long end, int threads, List<PoolLife> pools, List<OutsideThread> outside,
                                 int fallback) {
        if (pools.isEmpty() && outside.isEmpty()) {
            WorkerSlots c = constant(Math.max(1, fallback), threads);
            return new WorkerSlots(List.of(), List.of(), true, begin, end, threads, c.at, c.value);
        }
        // the pools' sum over elementary intervals; a life of length 0 counts for 1 ns
        TreeMap<Long, Integer> poolDelta = new TreeMap<>();
        for (PoolLife p : pools) {
            poolDelta.merge(p.from(), p.parallelism(), Integer::sum);
            poolDelta.merge(Math.max(p.to(), p.from() + 1), -p.parallelism(), Integer::sum);
        }
        List<Long> times = new ArrayList<>();
        List<Integer> levels = new ArrayList<>();
        times.add(Long.MIN_VALUE);
        levels.add(0);
        int level = 0;
        for (var e : poolDelta.entrySet()) {
            level += e.getValue();
            times.add(e.getKey());
            levels.add(level);
        }
        // gaps with no pool alive carry the slots of the pool before (the first pool's before it)
        int first = 0;
        for (int l : levels) {
            if (l > 0) {
                first = l;
                break;
            }
        }
        int carry = first;
        for (int i = 0; i < levels.size(); i++) {
            if (levels.get(i) > 0) {
                carry = levels.get(i);
            } else {
                levels.set(i, carry);
            }
        }
        TreeMap<Long, Integer> delta = new TreeMap<>();
        for (int i = 0; i < times.size(); i++) {
            int before = i == 0 ? 0 : levels.get(i - 1);
            delta.merge(times.get(i), levels.get(i) - before, Integer::sum);
        }
        for (OutsideThread o : outside) {
            for (int i = 0; i < o.count(); i++) {
                if (o.end(i) > o.start(i)) {
                    delta.merge(o.start(i), 1, Integer::sum);
                    delta.merge(o.end(i), -1, Integer::sum);
                }
            }
        }
        List<long[]> steps = new ArrayList<>();
        int v = 0;
        for (var e : delta.entrySet()) {
            v += e.getValue();
            if (steps.isEmpty() || steps.get(steps.size() - 1)[1] != v) {
                steps.add(new long[] {e.getKey(), v});
            }
        }
        if (steps.get(0)[0] != Long.MIN_VALUE) {
            steps.add(0, new long[] {Long.MIN_VALUE, 0});
        }
        long[] at = new long[steps.size()];
        int[] value = new int[steps.size()];
        for (int i = 0; i < at.length; i++) {
            at[i] = steps.get(i)[0];
            value[i] = (int) steps.get(i)[1];
        }
        return new WorkerSlots(pools, outside, true, begin, end, threads, at, value);
    }

    /** @return whether the recording held the pools' lives (format 1.8), else P is a constant */
    public boolean recorded() {
        return recorded;
    }

    public List<PoolLife> pools() {
        return pools;
    }

    public List<OutsideThread> outside() {
        return outside;
    }

    /** @return the frame's begin the recorder wrote (0 for a constant) */
    public long begin() {
        return begin;
    }

    public long end() {
        return end;
    }

    /** @return distinct threads that ran tasks */
    public int threads() {
        return threads;
    }

    /** @return the same slots without the outside threads' (pools only; for analyses that sweep pool workers only) */
    public WorkerSlots poolsOnly() {
        if (!recorded || outside.isEmpty() || pools.isEmpty()) {
            return this;
        }
        return of(begin, end, threads, pools, List.of(), 1);
    }

    /** @return slots(t) */
    public int at(long t) {
        int i = Arrays.binarySearch(at, t);
        return value[i >= 0 ? i : -i - 2];
    }

    /** @return the first time after {@code t} where slots(t) changes ({@link Long#MAX_VALUE} if none): slots(u) = slots(t) for t ≤ u before it */
    public long nextChangeAfter(long t) {
        int i = firstAfter(t);
        return i < at.length ? at[i] : Long.MAX_VALUE;
    }

    /** @return the times in (from, to) where slots(t) changes, sorted */
    public long[] changesWithin(long from, long to) {
        if (to <= from) {
            return new long[0];
        }
        int lo = firstAfter(from);
        int hi = firstAfter(to - 1);     // the first change ≥ to
        return lo >= hi ? new long[0] : Arrays.copyOfRange(at, lo, hi);
    }

    /** The index of the first change point after t (binary search over at[]). */
    private int firstAfter(long t) {
        int i = Arrays.binarySearch(at, t);
        return i >= 0 ? i + 1 : -i - 1;
    }

    /** @return ∫ slots(t) dt over [from, to): slot-nanoseconds */
    public long integral(long from, long to) {
        long sum = 0;
        long t = from;
        for (long c : changesWithin(from, to)) {
            sum += (long) at(t) * (c - t);
            t = c;
        }
        return to > t ? sum + (long) at(t) * (to - t) : sum;
    }

    /** @return the largest slots(t) over [from, to] (slots(from) when the frame is empty) */
    public int peak(long from, long to) {
        int m = at(from);
        for (long c : changesWithin(from, to)) {
            m = Math.max(m, at(c));
        }
        return m;
    }

    /** @return the smallest slots(t) over [from, to] */
    public int low(long from, long to) {
        int m = at(from);
        for (long c : changesWithin(from, to)) {
            m = Math.min(m, at(c));
        }
        return m;
    }

    /** @return the largest slots(t) over the recorded frame: the run's P as one number */
    public int peak() {
        return peak(begin, end);
    }

    /** @return whether some two pools were alive at the same time */
    public boolean poolsOverlap() {
        List<PoolLife> sorted = new ArrayList<>(pools);
        sorted.sort((a, b) -> Long.compare(a.from(), b.from()));
        long reach = Long.MIN_VALUE;
        for (PoolLife p : sorted) {
            if (p.from() < reach) {
                return true;
            }
            reach = Math.max(reach, p.to());
        }
        return false;
    }

    /** @return threads beyond their pools' parallelism: compensation or replacement threads */
    public int extraThreads() {
        return pools.stream().mapToInt(PoolLife::extraThreads).sum();
    }

    /** The slots over the recorded frame, as every report prints them (see {@link #describe(long, long)}). */
    public String describe() {
        return describe(begin, end);
    }

    /**
     * How every report prints P: {@code "2 slots; 3 threads ran tasks (1 compensation or replacement
     * thread)"}; when the slots vary over [from, to], their range and average; what they are made of
     * when more than one pool or an outside thread holds them.
     */
    public String describe(long from, long to) {
        StringBuilder s = new StringBuilder();
        int lo = low(from, to);
        int hi = peak(from, to);
        if (lo == hi || to <= from) {
            s.append(plural(hi, "slot"));
        } else {
            s.append(String.format(Locale.ROOT, "%d-%d slots, %.2f on average", lo, hi,
                    (double) integral(from, to) / (to - from)));
        }
        List<String> made = new ArrayList<>();
        if (!recorded) {
            made.add("constant: the recording holds no pool lives");
        }
        if (pools.size() > 1) {
            made.add(poolsOverlap() ? pools.size() + " pools, those alive at the same time add up"
                    : pools.size() + " pools one after another");
        }
        if (!outside.isEmpty()) {
            made.add(plural(outside.size(), "outside thread") + " holding a slot while running task bodies");
        }
        if (!made.isEmpty()) {
            s.append(" (").append(String.join("; ", made)).append(')');
        }
        if (threads > 0) {
            s.append("; ").append(plural(threads, "thread")).append(" ran tasks");
            int extra = extraThreads();
            if (extra > 0) {
                s.append(" (").append(plural(extra, "compensation or replacement thread")).append(')');
            }
        }
        return s.toString();
    }

    private static String plural(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorkerSlots w && recorded == w.recorded && begin == w.begin && end == w.end
                && threads == w.threads && pools.equals(w.pools) && outside.equals(w.outside)
                && Arrays.equals(at, w.at) && Arrays.equals(value, w.value);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(recorded, begin, end, threads, pools, outside, Arrays.hashCode(at),
                Arrays.hashCode(value));
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("WorkerSlots[");
        for (int i = 0; i < at.length; i++) {
            s.append(i == 0 ? "-inf" : Long.toString(at[i])).append(':').append(value[i]).append(i + 1 < at.length ? ", " : "");
        }
        return s.append(']').toString();
    }
}
