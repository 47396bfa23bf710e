package io.forkscope.model.contexts;

import java.util.List;

/**
 * One thread's states over the run: contiguous intervals (each starts where the previous ends), so
 * at every instant of [start, end) the thread is in exactly one state.
 */
public record WorkerTimeline(long threadId, List<StateInterval> intervals) {
    public WorkerTimeline {
        intervals = List.copyOf(intervals);
        if (intervals.isEmpty()) {
            throw new IllegalArgumentException("thread " + threadId + ": empty timeline");
        }
        for (int i = 1; i < intervals.size(); i++) {
            if (intervals.get(i).startNs() != intervals.get(i - 1).endNs()) {
                throw new IllegalArgumentException("thread " + threadId + ": gap or overlap at interval " + i);
            }
        }
    }

    public long startNs() {
        return intervals.get(0).startNs();
    }

    public long endNs() {
        return intervals.get(intervals.size() - 1).endNs();
    }

    /** The interval containing {@code timeNs}, or {@code null} outside [start, end). Binary search. */
    public StateInterval at(long timeNs) {
        int lo = 0;
        int hi = intervals.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            StateInterval interval = intervals.get(mid);
            if (timeNs < interval.startNs()) {
                hi = mid - 1;
            } else if (timeNs >= interval.endNs()) {
                lo = mid + 1;
            } else {
                return interval;
            }
        }
        return null;
    }
}
