package io.forkscope.model.dag;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The DAG of one recorded parallel run (Delay Spotter / DAG Recorder): its nodes in an order where
 * every predecessor comes first, the number of workers P, the analysed interval, and when each
 * worker was busy.
 *
 * @param nodes   the nodes; {@code nodes.get(i).id() == i}
 * @param workers P, the workers that could run nodes
 * @param begin   when the analysed computation began (ns)
 * @param finish  when it finished (ns)
 * @param busy    each recorded thread's busy intervals, one entry per worker index, ordered by
 *                worker; empty when the recording has none (format 1.1 and older)
 */
public record Dag(List<DagNode> nodes, int workers, long begin, long finish, List<WorkerBusy> busy) {
    public Dag {
        nodes = List.copyOf(nodes);
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).id() != i) {
                throw new IllegalArgumentException("node at index " + i + " has id " + nodes.get(i).id());
            }
        }
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
