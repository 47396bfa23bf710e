package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.WorkerBusy;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * How one worker (thread) spent the analysed interval [begin, finish] of a recorded run, from its
 * busy intervals (see {@link WorkerBusy}) and the nodes it ran. Nanoseconds.
 *
 * <p>{@code busy + idle = finish − begin}. {@code running} is the time it ran user code (its nodes'
 * work); {@link #busyNotRunning()} = busy − running is busy time spent in the runtime instead:
 * joining, helping, blocked waits, task bookkeeping. It is negative only when the recording is
 * inconsistent (nodes outside the worker's busy intervals, or busy intervals lost with a
 * truncated file).
 *
 * @param worker    the thread's index, as in {@link DagNode#worker()}
 * @param thread    the thread's name ("" when the recording names none)
 * @param busy      busy time inside the frame
 * @param idle      the rest of the frame: scanning for work, parked, or not yet started
 * @param intervals busy intervals that overlap the frame
 * @param running   the work of the nodes it ran, each clipped to the frame (a node partly
 *                  outside counts its work's share of the part inside)
 */
public record WorkerUtilisation(int worker, String thread, long busy, long idle, int intervals, long running) {
    /** @return busy time not spent running nodes: the runtime's overhead on this worker */
    public long busyNotRunning() {
        return busy - running;
    }

    /**
     * @return one entry per worker that has busy intervals or ran a node, ordered by worker; empty
     *         when the recording has no busy intervals (format 1.1 and older), as busy and idle are
     *         then unknown
     */
    public static List<WorkerUtilisation> of(Dag dag) {
        if (dag.busy().isEmpty()) {
            return List.of();
        }
        long begin = dag.begin();
        long finish = dag.finish();
        TreeMap<Integer, Long> running = new TreeMap<>();
        DagNodes nodes = dag.table();
        long[] sums = new long[16];                 // by worker index, boxed once per worker below
        boolean[] ran = new boolean[16];
        for (int i = 0; i < nodes.size(); i++) {
            int w = nodes.worker(i);
            if (w < 0) {
                running.merge(w, clippedWork(nodes, i, begin, finish), Long::sum);
                continue;
            }
            if (w >= sums.length) {
                sums = java.util.Arrays.copyOf(sums, Math.max(w + 1, 2 * sums.length));
                ran = java.util.Arrays.copyOf(ran, sums.length);
            }
            sums[w] += clippedWork(nodes, i, begin, finish);
            ran[w] = true;
        }
        for (int w = 0; w < sums.length; w++) {
            if (ran[w]) {
                running.put(w, sums[w]);
            }
        }
        for (WorkerBusy b : dag.busy()) {
            running.putIfAbsent(b.worker(), 0L);
        }
        List<WorkerUtilisation> out = new ArrayList<>(running.size());
        for (var e : running.entrySet()) {
            WorkerBusy b = dag.busyOf(e.getKey()).orElse(new WorkerBusy(e.getKey(), "", new long[0]));
            long busy = b.busyWithin(begin, finish);
            out.add(new WorkerUtilisation(e.getKey(), b.thread(), busy, finish - begin - busy,
                    b.countWithin(begin, finish), e.getValue()));
        }
        return List.copyOf(out);
    }

    /** @return the node's work, or its share for the part of the node inside [begin, finish] */
    static long clippedWork(DagNodes nodes, int i, long begin, long finish) {
        long start = nodes.start(i);
        long end = nodes.end(i);
        long length = end - start;
        long inside = Math.max(0, Math.min(end, finish) - Math.max(start, begin));
        if (inside == length) {
            return nodes.work(i);
        }
        return Math.round((double) nodes.work(i) * inside / length);
    }
}
