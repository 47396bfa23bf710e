package io.forkscope.model.contexts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The state timelines of all the run's worker threads, all covering the same span [start, end): a
 * thread that exists only for part of the run is IDLE (or, if it never belongs to the pool, left out)
 * for the rest. The threads counted here are the P of "n_idle / n_working".
 */
public record WorkerTimelines(List<WorkerTimeline> threads) {
    public WorkerTimelines {
        threads = List.copyOf(threads);
        if (threads.isEmpty()) {
            throw new IllegalArgumentException("no worker timelines");
        }
        long start = threads.get(0).startNs();
        long end = threads.get(0).endNs();
        Map<Long, Boolean> seen = new HashMap<>();
        for (WorkerTimeline t : threads) {
            if (t.startNs() != start || t.endNs() != end) {
                throw new IllegalArgumentException("thread " + t.threadId() + " covers [" + t.startNs() + ", " + t.endNs()
                        + "), not the run's span [" + start + ", " + end + ")");
            }
            if (seen.put(t.threadId(), Boolean.TRUE) != null) {
                throw new IllegalArgumentException("two timelines for thread " + t.threadId());
            }
        }
    }

    public long startNs() {
        return threads.get(0).startNs();
    }

    public long endNs() {
        return threads.get(0).endNs();
    }

    /** P: the number of worker threads. */
    public int size() {
        return threads.size();
    }

    /** The timeline of a thread, or {@code null} if it is not a worker. */
    public WorkerTimeline of(long threadId) {
        for (WorkerTimeline t : threads) {
            if (t.threadId() == threadId) {
                return t;
            }
        }
        return null;
    }
}
