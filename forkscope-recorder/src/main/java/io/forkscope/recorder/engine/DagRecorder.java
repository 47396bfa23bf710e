package io.forkscope.recorder.engine;

import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * Records the DAG of a real parallel run (SPEC §6, DAG Recorder) for {@link SpanEngine}: one node
 * per strand between two structural events (fork, the start and end of a task body, a wait, a
 * CountedCompleter completion), with the worker, start, end, work, what ended it and its in-edges
 * by kind. Region boundaries and {@code Forkscope.work} split the engine's strands but not nodes.
 *
 * <p>Every node is kept: sub-DAGs run by one worker are not collapsed yet, so memory grows with
 * strands (about 100 bytes each), not with steals. A node's id is its thread's index and sequence
 * number, so recording needs no shared counter; each thread hands its nodes over in batches
 * through a concurrent queue that the sink drains.
 */
final class DagRecorder {
    private static final int BATCH = 512;

    private final long originNs;
    private final Queue<List<RecordedNode>> full = new ConcurrentLinkedQueue<>();

    DagRecorder(long originNs) {
        this.originNs = originNs;
    }

    /**
     * Ends the thread's open node, if any, in frame {@code f}, with the frame's pending in-edges.
     *
     * @return the id of the node that ended, or the frame's last node id when none was open
     */
    long endNode(ThreadState ts, Frame f, long now, NodeEnd ends) {
        if (!ts.nodeOpen) {
            return f.lastNodeId;
        }
        long id = ((long) ts.index << 40) | ts.nodeSeq++;
        long[] from = java.util.Arrays.copyOf(f.inFrom, f.inCount);
        EdgeKind[] kinds = java.util.Arrays.copyOf(f.inKinds, f.inCount);
        ts.dagBatch.add(new RecordedNode(id, ts.index, ts.nodeStart - originNs, now - originNs, ts.nodeWork, ends,
                from, kinds));
        if (ts.dagBatch.size() >= BATCH) {
            full.add(ts.dagBatch);
            ts.dagBatch = new ArrayList<>(BATCH);
        }
        f.inCount = 0;
        f.lastNodeId = id;
        ts.nodeOpen = false;
        ts.nodeWork = 0;
        return id;
    }

    /** Hands over every full batch, then (at the end of the run) what the threads still hold. */
    void drain(Consumer<List<RecordedNode>> sink, Iterable<ThreadState> threads, boolean partialToo) {
        for (List<RecordedNode> b; (b = full.poll()) != null; ) {
            sink.accept(b);
        }
        if (partialToo) {
            for (ThreadState ts : threads) {
                if (ts.nodeOpen && ts.depth > 0) {
                    // the node still open at the end (a root frame's last strands): it ends at the
                    // thread's last event, as the whole run does; racy for a thread still running
                    endNode(ts, ts.top(), ts.lastEventNs, NodeEnd.END);
                }
                List<RecordedNode> held = ts.dagBatch;
                ts.dagBatch = new ArrayList<>(BATCH);
                if (!held.isEmpty()) {
                    sink.accept(new ArrayList<>(held));
                }
            }
        }
    }

    long toRecordingTime(long ns) {
        return ns - originNs;
    }
}
