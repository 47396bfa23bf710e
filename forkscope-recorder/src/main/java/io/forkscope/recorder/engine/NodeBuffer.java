package io.forkscope.recorder.engine;

import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's DAG nodes not yet handed over, as parallel primitive arrays so that recording a
 * strand allocates nothing: most strands are folded into a collapsed node soon after they end, and
 * only the nodes that survive become {@link RecordedNode} objects, when the buffer is handed over.
 *
 * <p>Node {@code i}'s in-edges are {@code edgeFrom/edgeKind[edgeStart[i] .. edgeStart[i + 1])}, with
 * {@code edgeStart[size] == edges}. Collapsing a tail {@code [from, size)} keeps slot {@code from}
 * (and so the first node's in-edges, the only ones that come from outside the tail) and rewrites
 * its values.
 *
 * <p>Owned by one thread. The one exception is the final drain at JVM exit, which may read a
 * buffer whose thread still runs: {@link #toRecords} reads the size and arrays once and clamps, so
 * it can miss or garble the very last node but never fails.
 */
final class NodeBuffer {
    private static final EdgeKind[] KINDS = EdgeKind.values();
    private static final NodeEnd[] ENDS = NodeEnd.values();

    int size;
    long[] id = new long[64];
    long[] start = new long[64];
    long[] end = new long[64];
    long[] work = new long[64];
    long[] span = new long[64];
    long[] strands = new long[64];
    long[] creates = new long[64];
    long[] waits = new long[64];
    long[] taskEnds = new long[64];
    long[] innerDelay = new long[64];
    /** When the node became ready: the latest end among its predecessors (MIN_VALUE without any). */
    long[] ready = new long[64];
    byte[] ends = new byte[64];
    int[] edgeStart = new int[65];

    int edges;
    long[] edgeFrom = new long[128];
    byte[] edgeKind = new byte[128];

    /**
     * Appends a strand with the in-edges {@code from/kinds[0 .. n)} that became ready at {@code readyAt};
     * {@code taskEnd} when a task's body ended with it.
     */
    void addStrand(long nodeId, long s, long e, long w, NodeEnd endedBy, boolean taskEnd, long[] from,
                   EdgeKind[] kinds, int n, long readyAt, long pendingCreates) {
        if (size + 1 >= id.length) {
            grow();
        }
        if (edges + n > edgeFrom.length) {
            int cap = Math.max(edgeFrom.length * 2, edges + n);
            edgeFrom = Arrays.copyOf(edgeFrom, cap);
            edgeKind = Arrays.copyOf(edgeKind, cap);
        }
        int i = size;
        id[i] = nodeId;
        start[i] = s;
        end[i] = e;
        work[i] = w;
        span[i] = w;
        strands[i] = 1;
        creates[i] = pendingCreates;
        waits[i] = 0;
        taskEnds[i] = taskEnd ? 1 : 0;
        innerDelay[i] = 0;
        ready[i] = readyAt;
        ends[i] = (byte) endedBy.ordinal();
        edgeStart[i] = edges;
        for (int k = 0; k < n; k++) {
            edgeFrom[edges] = from[k];
            edgeKind[edges++] = (byte) kinds[k].ordinal();
        }
        edgeStart[i + 1] = edges;
        size = i + 1;
    }

    /**
     * Folds nodes {@code [from, size)} into one node in slot {@code from}: the first node's start and
     * in-edges, the last node's id and end, the sums of work and counts, the given inner longest
     * path, and as inner delay the time every node but the first waited after it became ready
     * (all their in-edges come from inside the tail) plus what they already carried.
     */
    void collapseTail(int from, long innerSpan) {
        int last = size - 1;
        if (last <= from) {
            return;       // one node: it is its own collapsed node already
        }
        long w = 0;
        long st = 0;
        long cr = 0;
        long wa = 0;
        long te = 0;
        long delay = 0;
        for (int i = from; i <= last; i++) {
            NodeEnd e = ENDS[ends[i]];
            w += work[i];
            st += strands[i];
            cr += creates[i] + (e == NodeEnd.CREATE ? 1 : 0);
            wa += waits[i] + (e == NodeEnd.WAIT ? 1 : 0);
            te += taskEnds[i];
            delay += innerDelay[i];
            if (i > from && ready[i] != Long.MIN_VALUE) {
                delay += Math.max(0, start[i] - ready[i]);
            }
        }
        id[from] = id[last];
        end[from] = end[last];
        work[from] = w;
        span[from] = innerSpan;
        strands[from] = st;
        creates[from] = cr;
        waits[from] = wa;
        taskEnds[from] = te;
        innerDelay[from] = delay;
        ends[from] = (byte) NodeEnd.END.ordinal();
        edges = edgeStart[from + 1];
        size = from + 1;
    }

    /** The buffer's nodes as records of worker {@code worker}, oldest first. */
    List<RecordedNode> toRecords(int worker) {
        int n = size;
        long[] ids = id;
        int[] es = edgeStart;
        long[] ef = edgeFrom;
        byte[] ek = edgeKind;
        n = Math.min(n, Math.min(ids.length, es.length - 1));
        List<RecordedNode> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int a = Math.min(es[i], ef.length);
            int b = Math.max(a, Math.min(es[i + 1], Math.min(ef.length, ek.length)));
            long[] from = Arrays.copyOfRange(ef, a, b);
            EdgeKind[] kinds = new EdgeKind[b - a];
            for (int k = a; k < b; k++) {
                kinds[k - a] = KINDS[ek[k]];
            }
            out.add(new RecordedNode(ids[i], worker, start[i], Math.max(start[i], end[i]), work[i], ENDS[ends[i]],
                    from, kinds, span[i], strands[i], creates[i], waits[i], innerDelay[i], taskEnds[i]));
        }
        return out;
    }

    void clear() {
        size = 0;
        edges = 0;
    }

    private void grow() {
        int cap = id.length * 2;
        id = Arrays.copyOf(id, cap);
        start = Arrays.copyOf(start, cap);
        end = Arrays.copyOf(end, cap);
        work = Arrays.copyOf(work, cap);
        span = Arrays.copyOf(span, cap);
        strands = Arrays.copyOf(strands, cap);
        creates = Arrays.copyOf(creates, cap);
        waits = Arrays.copyOf(waits, cap);
        taskEnds = Arrays.copyOf(taskEnds, cap);
        innerDelay = Arrays.copyOf(innerDelay, cap);
        ready = Arrays.copyOf(ready, cap);
        ends = Arrays.copyOf(ends, cap);
        edgeStart = Arrays.copyOf(edgeStart, cap + 1);
    }
}
