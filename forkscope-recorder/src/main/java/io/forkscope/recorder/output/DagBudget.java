package io.forkscope.recorder.output;

import io.forkscope.model.RecordingInfo;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Bounds a recording's DAG: a run whose nodes do not collapse (steals by the million, or
 * {@code --no-collapse}) keeps its first window of nodes rather than growing without limit. The
 * batches are written as they come until {@code maxNodes} are written; the window then ends at W,
 * the latest end among the nodes written so far. From there on a node is written if it started
 * before W (a thread that held its nodes for a collapse hands them over late) and dropped if not:
 * so the file holds every node that started in [0, W), and no node whose predecessor was dropped
 * (a successor starts after its predecessor ends, at or after W); the workers' busy intervals that
 * started at or after W go too. The window also ends when {@link io.forkscope.model.DagWindow#BUSY_INTERVALS_PER_NODE} busy intervals per
 * budgeted node have been written, at the latest node end written (or busy interval end, if no node). Readers cut the analysed frame at W (measures.md §6). The whole run's work, span and regions do not depend on the DAG and stay
 * exact.
 *
 * <p>Used under the sink's lock only (its flusher thread, or the thread that closes it: every write
 * of the sink is synchronized), so its plain fields need nothing more.
 */
final class DagBudget {
    /** A budget that never ends the window. */
    static final long UNLIMITED = 0;

    private final long maxNodes;
    private long written;
    /** The window's end (ns from the recording's origin), Long.MAX_VALUE while it is open. */
    private long windowEnd = Long.MAX_VALUE;
    private long latestEnd = Long.MIN_VALUE;
    private long dropped;
    private long busyWritten;
    private long latestBusyEnd = Long.MIN_VALUE;


    /** @param maxNodes the nodes to write before the window ends; {@link #UNLIMITED} (0) for no bound */
    DagBudget(long maxNodes) {
        if (maxNodes < 0) {
            throw new IllegalArgumentException("a DAG budget of " + maxNodes + " nodes");
        }
        this.maxNodes = maxNodes;
    }

    /** Writes what of {@code batch} the window holds. */
    void write(List<RecordedNode> batch, Consumer<List<RecordedNode>> writer) {
        List<RecordedNode> kept = batch;
        if (windowEnd != Long.MAX_VALUE) {
            kept = new ArrayList<>(batch.size());
            for (RecordedNode n : batch) {
                if (n.start() < windowEnd) {
                    kept.add(n);
                } else {
                    dropped++;
                }
            }
            if (kept.isEmpty()) {
                return;
            }
        }
        writer.accept(kept);
        written += kept.size();
        if (windowEnd == Long.MAX_VALUE && maxNodes != UNLIMITED) {
            for (RecordedNode n : kept) {
                latestEnd = Math.max(latestEnd, n.end());
            }
            if (written >= maxNodes) {
                windowEnd = latestEnd;
            }
        }
    }

    /**
     * Writes what of a worker's busy intervals the window holds: once it has ended at W, only the
     * intervals that started before W (readers cut the frame at W). Without this a run of 11 M nodes
     * kept its first million nodes and 1 GB of busy intervals for the rest of the run.
     */
    void write(WorkerBusy busy, Consumer<WorkerBusy> writer) {
        if (windowEnd == Long.MAX_VALUE) {
            writer.accept(busy);
            long[] all = busy.intervals();
            busyWritten += all.length / 2;
            for (int i = 1; i < all.length; i += 2) {
                latestBusyEnd = Math.max(latestBusyEnd, all[i]);
            }
            if (maxNodes != UNLIMITED && busyWritten >= io.forkscope.model.DagWindow.BUSY_INTERVALS_PER_NODE * maxNodes) {
                // a run of tiny collapsed tasks: few nodes, a busy interval per task
                windowEnd = latestEnd != Long.MIN_VALUE ? latestEnd : latestBusyEnd;
            }
            return;
        }
        long[] all = busy.intervals();
        int pairs = 0;
        while (2 * pairs < all.length && all[2 * pairs] < windowEnd) {
            pairs++;                       // in start order (WorkerBusy's invariant)
        }
        if (pairs == 0) {
            return;
        }
        writer.accept(2 * pairs == all.length ? busy
                : new WorkerBusy(busy.worker(), busy.thread(), java.util.Arrays.copyOf(all, 2 * pairs)));
    }

    /** @return the information keys that say where the window ended (none while it is open) */
    Map<String, String> info() {
        Map<String, String> info = new TreeMap<>();
        if (maxNodes != UNLIMITED) {
            info.put(RecordingInfo.DAG_MAX_NODES, Long.toString(maxNodes));
        }
        if (windowEnd != Long.MAX_VALUE) {
            info.put(RecordingInfo.DAG_WINDOW_END_NS, Long.toString(windowEnd));
            info.put(RecordingInfo.DAG_DROPPED_NODES, Long.toString(dropped));
        }
        return info;
    }

    long written() {
        return written;
    }
}
