package io.forkscope.model.slots;

import java.util.Arrays;
import java.util.Objects;

/**
 * A thread outside any pool that ran task bodies (the caller of {@code commonPool().invoke}, a
 * parallel stream's caller): it holds one worker slot while it runs task bodies, from the start of
 * each outermost task body to its end (measures.md §2).
 *
 * @param worker    the thread's index, as in the DAG's nodes and busy intervals
 * @param thread    the thread's name
 * @param intervals {@code [start0, end0, start1, end1, ...]}, ns from the start of the recording,
 *                  sorted, each start ≤ its end, none overlapping the next
 */
public record OutsideThread(int worker, String thread, long[] intervals) {
    public OutsideThread {
        Objects.requireNonNull(thread, "thread");
        intervals = intervals.clone();
        if (intervals.length % 2 != 0) {
            throw new IllegalArgumentException("task-body intervals of " + thread + " are not start/end pairs");
        }
        for (int i = 0; i < intervals.length; i += 2) {
            if (intervals[i + 1] < intervals[i] || (i > 0 && intervals[i] < intervals[i - 1])) {
                throw new IllegalArgumentException("task-body intervals of " + thread + " are not sorted and disjoint");
            }
        }
    }

    @Override
    public long[] intervals() {
        return intervals.clone();
    }

    int count() {
        return intervals.length / 2;
    }

    long start(int i) {
        return intervals[2 * i];
    }

    long end(int i) {
        return intervals[2 * i + 1];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OutsideThread t && worker == t.worker && thread.equals(t.thread)
                && Arrays.equals(intervals, t.intervals);
    }

    @Override
    public int hashCode() {
        return Objects.hash(worker, thread, Arrays.hashCode(intervals));
    }

    @Override
    public String toString() {
        return "OutsideThread[worker=" + worker + ", thread=" + thread + ", intervals=" + Arrays.toString(intervals) + "]";
    }
}
