package io.forkscope.model.dag;

import io.forkscope.model.slots.WorkerSlots;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The DAG of one recorded parallel run (Delay Spotter / DAG Recorder): its nodes in an order where
 * every predecessor comes first, the number of workers P, the analysed interval, and when each
 * worker was busy.
 *
 * @param nodes   the nodes; {@code nodes.get(i).id() == i}; held as {@link DagNodes} (see {@link #table})
 * @param workers P, the workers that could run nodes
 * @param begin   when the analysed computation began (ns)
 * @param finish  when it finished (ns)
 * @param busy    each recorded thread's busy intervals, one entry per worker index, ordered by
 *                worker; empty when the recording has none (format 1.1 and older)
 * @param slots   the worker slots, slots(t) (measures.md §2): the analyses measure idleness, delay
 *                and no-work against them; constant {@code workers} for recordings without them
 */
public record Dag(List<DagNode> nodes, int workers, long begin, long finish, List<WorkerBusy> busy,
                  WorkerSlots slots) {
    public Dag {
        nodes = DagNodes.of(nodes);          // checks that node i has id i
        if (workers < 1) {
            throw new IllegalArgumentException("a DAG needs at least one worker");
        }
        if (finish < begin) {
            throw new IllegalArgumentException("the run finishes before it begins");
        }
        List<WorkerBusy> sorted = new ArrayList<>(busy);
        sorted.sort(Comparator.comparingInt(WorkerBusy::worker));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).worker() == sorted.get(i - 1).worker()) {
                throw new IllegalArgumentException("worker " + sorted.get(i).worker() + " has two lists of busy intervals");
            }
        }
        busy = List.copyOf(sorted);
        if (slots == null) {
            slots = WorkerSlots.constant(workers, 0);
        }
    }

    /** A DAG with P constant: {@code workers} slots at every instant. */
    public Dag(List<DagNode> nodes, int workers, long begin, long finish, List<WorkerBusy> busy) {
        this(nodes, workers, begin, finish, busy, null);
    }

    /** @return the nodes as columns, for analyses that visit every node (no node object is made) */
    public DagNodes table() {
        return (DagNodes) nodes;
    }

    /** The same DAG measured against these slots; P becomes their peak over the DAG's frame. */
    public Dag withSlots(WorkerSlots s) {
        return new Dag(nodes, Math.max(1, s.peak(begin, finish)), begin, finish, busy, s);
    }

    /** @return ∫ slots(t) dt over the frame: the worker-time work + delay + no-work add up to */
    public long slotTime() {
        return slots.integral(begin, finish);
    }

    /** A DAG without busy intervals. */
    public Dag(List<DagNode> nodes, int workers, long begin, long finish) {
        this(nodes, workers, begin, finish, List.of());
    }

    public long elapsed() {
        return finish - begin;
    }

    /** @return the busy intervals of the thread with this index, if the recording has them */
    public Optional<WorkerBusy> busyOf(int worker) {
        for (WorkerBusy b : busy) {
            if (b.worker() == worker) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }
}
