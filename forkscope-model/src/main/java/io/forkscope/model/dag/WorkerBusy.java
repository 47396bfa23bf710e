package io.forkscope.model.dag;

import java.util.Arrays;
import java.util.Objects;

/**
 * When one worker (thread) of a recorded run was busy (format 1.2, {@code mode=dag}). A pool
 * worker is busy from the start of a task it runs at the bottom of its stack (one it took from a
 * queue: stolen or submitted) to that task's end, and idle otherwise (scanning for work, parked);
 * a thread outside any pool (e.g. {@code main}) is busy from its first to its last recorded
 * event. Busy time that is not spent in nodes is the runtime's: joining, helping, blocked waits.
 *
 * @param worker    the thread's index, as in {@link DagNode#worker()} and {@link RecordedNode#worker()}
 * @param thread    the thread's name
 * @param intervals the busy intervals flattened, {@code [start0, end0, start1, end1, ...]}, in
 *                  nanoseconds from the start of the recording: each start ≤ its end, sorted, and
 *                  none overlapping the next (one may begin where the previous ends)
 */
public record WorkerBusy(int worker, String thread, long[] intervals) {
    public WorkerBusy {
        Objects.requireNonNull(thread, "thread");
        intervals = intervals.clone();
        if (worker < 0) {
            throw new IllegalArgumentException("negative worker index " + worker);
        }
        if (intervals.length % 2 != 0) {
            throw new IllegalArgumentException("busy intervals of worker " + worker + " are not start/end pairs");
        }
        for (int i = 0; i < intervals.length; i += 2) {
            if (intervals[i + 1] < intervals[i]) {
                throw new IllegalArgumentException("a busy interval of worker " + worker + " ends before it starts");
            }
            if (i > 0 && intervals[i] < intervals[i - 1]) {
                throw new IllegalArgumentException("busy intervals of worker " + worker + " overlap or are not sorted");
            }
        }
    }

    /**
     * @param raw busy intervals as pairs {@code [start, end, ...]} in any order, possibly overlapping
     *            (batches handed over at different times, concatenated)
     * @return the intervals sorted by start, overlapping ones merged into one
     * @throws IllegalArgumentException if raw has an odd length or an interval ends before it starts
     */
    public static WorkerBusy merged(int worker, String thread, long[] raw) {
        if (raw.length % 2 != 0) {
            throw new IllegalArgumentException("busy intervals of worker " + worker + " are not start/end pairs");
        }
        int n = raw.length / 2;
        long[][] pairs = new long[n][];
        for (int i = 0; i < n; i++) {
            pairs[i] = new long[] {raw[2 * i], raw[2 * i + 1]};
            if (pairs[i][1] < pairs[i][0]) {
                throw new IllegalArgumentException("a busy interval of worker " + worker + " ends before it starts");
            }
        }
        Arrays.sort(pairs, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long[] out = new long[raw.length];
        int k = 0;
        for (long[] p : pairs) {
            if (k > 0 && p[0] < out[k - 1]) {
                out[k - 1] = Math.max(out[k - 1], p[1]);
            } else {
                out[k++] = p[0];
                out[k++] = p[1];
            }
        }
        return new WorkerBusy(worker, thread, Arrays.copyOf(out, k));
    }

    /** @return a copy of the flattened intervals */
    @Override
    public long[] intervals() {
        return intervals.clone();
    }

    /** @return the number of busy intervals */
    public int count() {
        return intervals.length / 2;
    }

    /** @return when busy interval i starts */
    public long start(int i) {
        return intervals[2 * i];
    }

    /** @return when busy interval i ends */
    public long end(int i) {
        return intervals[2 * i + 1];
    }

    /** @return the busy time inside [from, to] */
    public long busyWithin(long from, long to) {
        long busy = 0;
        for (int i = 0; i < intervals.length; i += 2) {
            busy += Math.max(0, Math.min(intervals[i + 1], to) - Math.max(intervals[i], from));
        }
        return busy;
    }

    /**
     * @return how many busy intervals overlap [from, to] for some time; an interval of length 0
     *         counts when it lies inside [from, to]
     */
    public int countWithin(long from, long to) {
        int n = 0;
        for (int i = 0; i < intervals.length; i += 2) {
            long s = intervals[i];
            long e = intervals[i + 1];
            if (s == e ? from <= s && s <= to : Math.max(s, from) < Math.min(e, to)) {
                n++;
            }
        }
        return n;
    }

    /**
     * @return the idle intervals inside [from, to], flattened like {@link #intervals()}: the gaps
     *         of positive length before the first busy interval, between busy intervals and after
     *         the last; their lengths add up to {@code to − from − busyWithin(from, to)}
     */
    public long[] idleWithin(long from, long to) {
        long[] out = new long[intervals.length + 2];
        int k = 0;
        long at = from;
        for (int i = 0; i < intervals.length && at < to; i += 2) {
            long s = Math.min(intervals[i], to);
            if (s > at) {
                out[k++] = at;
                out[k++] = s;
            }
            at = Math.max(at, intervals[i + 1]);
        }
        if (at < to) {
            out[k++] = at;
            out[k++] = to;
        }
        return Arrays.copyOf(out, k);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorkerBusy w && worker == w.worker && thread.equals(w.thread)
                && Arrays.equals(intervals, w.intervals);
    }

    @Override
    public int hashCode() {
        return Objects.hash(worker, thread, Arrays.hashCode(intervals));
    }

    @Override
    public String toString() {
        return "WorkerBusy[worker=" + worker + ", thread=" + thread + ", intervals=" + Arrays.toString(intervals) + "]";
    }
}
