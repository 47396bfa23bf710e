package io.forkscope.analysis.simulate;

/**
 * Where and when each node ran in a simulation, by node id. A node's start is when its first part
 * began running (after the steal latency when it was stolen); its end is when its last part ended.
 * Invariants (checked by the tests): ready ≤ start ≤ end; ready = the latest end of its
 * predecessors (0 without any); a node stolen starts at least L after it was ready.
 */
public final class SimulatedSchedule {
    private final int[] worker;
    private final long[] ready;
    private final long[] start;
    private final long[] end;
    private final boolean[] stolen;

    SimulatedSchedule(int[] worker, long[] ready, long[] start, long[] end, boolean[] stolen) {
        this.worker = worker;
        this.ready = ready;
        this.start = start;
        this.end = end;
        this.stolen = stolen;
    }

    public int size() {
        return worker.length;
    }

    /** @return the worker that began it (for a split collapsed node, the one that ran its first part) */
    public int worker(int id) {
        return worker[id];
    }

    public long ready(int id) {
        return ready[id];
    }

    public long start(int id) {
        return start[id];
    }

    public long end(int id) {
        return end[id];
    }

    /** @return whether a thief took it from the deque of the worker that made it ready */
    public boolean stolen(int id) {
        return stolen[id];
    }
}
