package io.forkscope.recorder.engine;

import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's DAG nodes not yet handed over, in a primitive array, so that recording a
 * strand allocates nothing: most strands are folded into a collapsed node soon after they end, and
 * only the nodes that survive become {@link RecordedNode} objects, when the buffer is handed over.
 *
 * <p>Node {@code i}'s in-edges are {@code edgeFrom/edgeKind} from its edge start up to the next node's
 * (or {@code edges} for the last node). Collapsing a tail {@code [from, size)} keeps slot {@code from}
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

    // A node's fields, at these offsets from i * STRIDE in {@link #nodes}: one node's values share
    // one or two cache lines, where an array per field would touch a line per field.
    private static final int ID = 0;
    private static final int START = 1;
    private static final int END = 2;
    private static final int WORK = 3;
    private static final int SPAN = 4;
    private static final int STRANDS = 5;
    private static final int CREATES = 6;
    private static final int WAITS = 7;
    private static final int TASK_ENDS = 8;
    private static final int INNER_DELAY = 9;
    /** When the node became ready: the latest end among its predecessors (MIN_VALUE without any). */
    private static final int READY = 10;
    /** What ended it: a {@link NodeEnd} ordinal. */
    private static final int ENDS_BY = 11;
    /** Where its in-edges start in {@link #edgeFrom}; they end where the next node's start. */
    private static final int EDGE_START = 12;
    /** The id of the first strand it holds (its own id for a strand). */
    private static final int FIRST_ID = 13;
    /** The longest path from the start of the computation to its end (the engine's span there). */
    private static final int PATH = 14;
    /** The call site its first strand ran in, -1 for none; a collapsed node keeps its first node's. */
    private static final int SITE = 15;
    /** The not-running time taken out of its strands' work (NotRunningTime); summed when collapsed. */
    private static final int NOT_RUNNING = 16;
    /** Forkscope's own time on the thread before the node (ThreadState.recorderGapNs); a collapsed node keeps its first's. */
    private static final int RECORDER_BEFORE = 17;
    /** A collapsed node's forkscope time between its inner strands: their RECORDER_BEFORE but the first's, summed. */
    private static final int RECORDER_INSIDE = 18;
    private static final int STRIDE = 19;

    int size;
    private long[] nodes = new long[64 * STRIDE];
    /** Per slot: the node's site path (shared, never written to), null for none; a collapsed node keeps its first's. */
    private io.forkscope.recorder.sites.SitePath[] sitePaths = new io.forkscope.recorder.sites.SitePath[64];

    private int edges;
    private long[] edgeFrom = new long[128];
    private byte[] edgeKind = new byte[128];

    /**
     * Appends a strand with the in-edges {@code from/kinds[0 .. n)} that became ready at {@code readyAt};
     * {@code taskEnd} when a task's body ended with it.
     */
    void addStrand(long nodeId, long s, long e, long w, long path, NodeEnd endedBy, boolean taskEnd, long[] from,
                   EdgeKind[] kinds, int n, long readyAt, long pendingCreates, int site,
                   io.forkscope.recorder.sites.SitePath sitePath, long notRunning, long recorderBefore,
                   long recorderInside) {
        int o = size * STRIDE;
        if (o + STRIDE > nodes.length) {
            nodes = Arrays.copyOf(nodes, nodes.length * 2);
        }
        if (size >= sitePaths.length) {
            sitePaths = Arrays.copyOf(sitePaths, sitePaths.length * 2);
        }
        sitePaths[size] = sitePath;
        if (edges + n > edgeFrom.length) {
            int cap = Math.max(edgeFrom.length * 2, edges + n);
            edgeFrom = Arrays.copyOf(edgeFrom, cap);
            edgeKind = Arrays.copyOf(edgeKind, cap);
        }
        long[] a = nodes;
        a[o + ID] = nodeId;
        a[o + START] = s;
        a[o + END] = e;
        a[o + WORK] = w;
        a[o + SPAN] = w;
        a[o + STRANDS] = 1;
        a[o + CREATES] = pendingCreates;
        a[o + WAITS] = 0;
        a[o + TASK_ENDS] = taskEnd ? 1 : 0;
        a[o + INNER_DELAY] = 0;
        a[o + READY] = readyAt;
        a[o + ENDS_BY] = endedBy.ordinal();
        a[o + EDGE_START] = edges;
        a[o + FIRST_ID] = nodeId;
        a[o + PATH] = path;
        a[o + SITE] = site;
        a[o + NOT_RUNNING] = notRunning;
        a[o + RECORDER_BEFORE] = recorderBefore;
        a[o + RECORDER_INSIDE] = recorderInside;
        for (int k = 0; k < n; k++) {
            edgeFrom[edges] = from[k];
            edgeKind[edges++] = (byte) kinds[k].ordinal();
        }
        size++;
    }

    /**
     * Folds nodes {@code [from, size)} into one node in slot {@code from}: the first node's start,
     * in-edges, first id and site, the last node's id and end, the sums of work and counts, as inner
     * longest path the longest path ending in any of them minus the one to the first node's start, the sum of not-running times,
     * the first node's forkscope time before it and the others' as forkscope time inside
     * (all paths into the tail come through the first node), and as inner delay the time every node but the first waited after it became ready
     * (all their in-edges come from inside the tail) plus what they already carried.
     */
    void collapseTail(int from) {
        int last = size - 1;
        if (last <= from) {
            return;       // one node: it is its own collapsed node already
        }
        long[] a = nodes;
        long w = 0;
        long st = 0;
        long cr = 0;
        long wa = 0;
        long te = 0;
        long delay = 0;
        long notRunning = 0;
        long recorderInside = 0;
        long maxPath = Long.MIN_VALUE;
        for (int i = from; i <= last; i++) {
            int o = i * STRIDE;
            maxPath = Math.max(maxPath, a[o + PATH]);
            long e = a[o + ENDS_BY];
            w += a[o + WORK];
            st += a[o + STRANDS];
            cr += a[o + CREATES] + (e == NodeEnd.CREATE.ordinal() ? 1 : 0);
            wa += a[o + WAITS] + (e == NodeEnd.WAIT.ordinal() ? 1 : 0);
            te += a[o + TASK_ENDS];
            notRunning += a[o + NOT_RUNNING];
            recorderInside += a[o + RECORDER_INSIDE] + (i > from ? a[o + RECORDER_BEFORE] : 0);
            delay += a[o + INNER_DELAY];
            if (i > from && a[o + READY] != Long.MIN_VALUE) {
                delay += Math.max(0, a[o + START] - a[o + READY]);
            }
        }
        int f = from * STRIDE;
        int l = last * STRIDE;
        long startPath = a[f + PATH] - a[f + SPAN];
        a[f + ID] = a[l + ID];
        a[f + END] = a[l + END];
        a[f + WORK] = w;
        a[f + SPAN] = Math.max(0, maxPath - startPath);
        a[f + PATH] = maxPath;
        a[f + STRANDS] = st;
        a[f + CREATES] = cr;
        a[f + WAITS] = wa;
        a[f + TASK_ENDS] = te;
        a[f + INNER_DELAY] = delay;
        a[f + NOT_RUNNING] = notRunning;
        a[f + RECORDER_INSIDE] = recorderInside;
        a[f + ENDS_BY] = NodeEnd.END.ordinal();
        edges = (int) a[f + STRIDE + EDGE_START];
        size = from + 1;
    }

    /** The buffer's nodes as records of worker {@code worker}, oldest first. */
    List<RecordedNode> toRecords(int worker) {
        int n = size;
        int edgeCount = edges;
        long[] a = nodes;
        long[] ef = edgeFrom;
        byte[] ek = edgeKind;
        io.forkscope.recorder.sites.SitePath[] paths = sitePaths;
        n = Math.min(n, Math.min(a.length / STRIDE, paths.length));
        edgeCount = Math.min(edgeCount, Math.min(ef.length, ek.length));
        List<RecordedNode> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int o = i * STRIDE;
            int from = (int) Math.min(a[o + EDGE_START], edgeCount);
            int to = i + 1 < n ? (int) Math.min(a[o + STRIDE + EDGE_START], edgeCount) : edgeCount;
            to = Math.max(from, to);
            EdgeKind[] kinds = new EdgeKind[to - from];
            for (int k = from; k < to; k++) {
                kinds[k - from] = KINDS[ek[k]];
            }
            out.add(new RecordedNode(a[o + ID], worker, a[o + START], Math.max(a[o + START], a[o + END]), a[o + WORK],
                    ENDS[(int) a[o + ENDS_BY]], Arrays.copyOfRange(ef, from, to), kinds, a[o + SPAN], a[o + STRANDS],
                    a[o + CREATES], a[o + WAITS], a[o + INNER_DELAY], a[o + TASK_ENDS],
                    Math.min(a[o + FIRST_ID], a[o + ID]), (int) Math.max(-1, a[o + SITE]), boxed(paths[i]),
                    Math.max(0, a[o + NOT_RUNNING]), Math.max(0, a[o + RECORDER_BEFORE]),
                    Math.max(0, a[o + RECORDER_INSIDE])));
        }
        return out;
    }

    private static List<Integer> boxed(io.forkscope.recorder.sites.SitePath sitePath) {
        if (sitePath == null) {
            return List.of();
        }
        int[] path = io.forkscope.recorder.sites.SitePath.toArray(sitePath);
        Integer[] out = new Integer[path.length];
        for (int k = 0; k < path.length; k++) {
            out[k] = path[k];
        }
        return List.of(out);
    }

    void clear() {
        Arrays.fill(sitePaths, 0, Math.min(size, sitePaths.length), null);   // let handed-over paths go
        size = 0;
        edges = 0;
    }
}
