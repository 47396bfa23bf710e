package io.forkscope.model.dag;

import io.forkscope.model.util.MadeAside;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * Nodes as columns of primitives, the part the recorder's nodes ({@link RecordedNodes}) and the DAG's
 * ({@link DagNodes}) share: what a node is (worker, times, work, what ended it, site, site path, its
 * in-edges' kinds) and what a collapsed node adds ({@link NodeExtras}). The two differ in how an edge
 * names its source (a recorder id, a DAG index): each keeps those in its own column, sliced as the
 * kinds are, and grows it when {@link #growEdges} says.
 *
 * <p>Nodes are appended: {@link #openNode}, then its edges ({@link #openEdge}) and site path
 * ({@link #addPathSite}), then {@link #closeNode}. Node i's in-edges are the slice
 * {@code [inStart[i], inStart[i + 1])} of the edge columns, its site path likewise of {@code pathSite}.
 * A node that is not a plain strand has a row in {@link #extras}: {@code extra[i]}, else -1.
 *
 * @param <T> the node objects the list makes when asked ({@link #get})
 */
public abstract class NodeColumns<T> extends AbstractList<T> implements RandomAccess {
    static final NodeEnd[] ENDS = NodeEnd.values();
    static final EdgeKind[] KINDS = EdgeKind.values();

    int size;
    int[] worker;
    long[] start;
    long[] end;
    long[] work;
    long[] notRunning;
    long[] recorderBefore;
    byte[] ends;
    int[] site;
    int[] inStart;
    int edges;
    byte[] edgeKind;
    int[] pathStart;
    int pathLength;
    int[] pathSite = new int[0];
    int[] extra;
    final NodeExtras extras = new NodeExtras();

    /**
     * @param capacity     how many nodes to make room for at first
     * @param edgeCapacity how many edges
     */
    NodeColumns(int capacity, int edgeCapacity) {
        this(capacity, edgeCapacity, false);
    }

    /**
     * @param capacity     how many nodes to make room for at first
     * @param edgeCapacity how many edges
     * @param split        from {@link #SPLIT_NODES} nodes on, make the five columns of longs on a second
     *                     thread while this one makes the others: a new array is zeroed, and its pages first
     *                     touched, by the thread that makes it (the reader's columns of 3 M nodes, some 250 MB,
     *                     took 0.4-0.8 s of the reading thread in page faults and zeroing)
     */
    NodeColumns(int capacity, int edgeCapacity, boolean split) {
        int c = Math.max(16, capacity);
        if (split && c >= SPLIT_NODES) {
            MadeAside<long[][]> longs = MadeAside.start("forkscope-columns", "the node columns", () -> {
                long[][] m = new long[5][];
                for (int k = 0; k < m.length; k++) {
                    m[k] = new long[c];
                }
                return m;
            });
            otherColumns(c, edgeCapacity);
            long[][] made = longs.get();
            start = made[0];
            end = made[1];
            work = made[2];
            notRunning = made[3];
            recorderBefore = made[4];
        } else {
            start = new long[c];
            end = new long[c];
            work = new long[c];
            notRunning = new long[c];
            recorderBefore = new long[c];
            otherColumns(c, edgeCapacity);
        }
    }

    /** From this many nodes on a {@code split} constructor makes the columns of longs on a second thread. */
    static final int SPLIT_NODES = 65_536;

    /** Makes the columns that are not of longs. */
    private void otherColumns(int c, int edgeCapacity) {
        worker = new int[c];
        ends = new byte[c];
        site = new int[c];
        extra = new int[c];
        inStart = new int[c + 1];
        pathStart = new int[c + 1];
        edgeKind = new byte[Math.max(16, edgeCapacity)];
        ownColumns(c, edgeKind.length);
    }

    /**
     * Makes the subclass's own columns, {@code capacity} nodes and {@code edgeCapacity} edges long; called from
     * the constructor (beside the second thread's columns when split), before the subclass's field initializers.
     */
    void ownColumns(int capacity, int edgeCapacity) {
        // none by default
    }

    /**
     * Makes the edge columns {@code edgeCapacity} long (at least 16), as the constructor would have; only
     * while no edge is held (columns made before their edges were counted: {@link BuilderAhead}).
     */
    final void sizeEdges(int edgeCapacity) {
        if (edges != 0) {
            throw new IllegalStateException("the edge columns hold " + edges + " edges");
        }
        edgeKind = new byte[Math.max(16, edgeCapacity)];
        newEdges(edgeKind.length);
    }

    /** The edge columns are new and {@code capacity} long: make the subclass's edge sources so, empty. */
    abstract void newEdges(int capacity);

    /** The node columns have grown to {@code capacity}: grow the subclass's own node columns to match. */
    abstract void growNodes(int capacity);

    /** The edge columns have grown to {@code capacity}: grow the subclass's edge sources to match. */
    abstract void growEdges(int capacity);

    /** Appends a node and leaves it open for its edges and site path; @return its index */
    final int openNode(int worker, long start, long end, long work, NodeEnd ends, int site, long notRunning,
                       long recorderBefore) {
        if (size == this.worker.length) {
            int c = size + (size >> 1) + 16;
            this.worker = Arrays.copyOf(this.worker, c);
            this.start = Arrays.copyOf(this.start, c);
            this.end = Arrays.copyOf(this.end, c);
            this.work = Arrays.copyOf(this.work, c);
            this.notRunning = Arrays.copyOf(this.notRunning, c);
            this.recorderBefore = Arrays.copyOf(this.recorderBefore, c);
            this.ends = Arrays.copyOf(this.ends, c);
            this.site = Arrays.copyOf(this.site, c);
            this.extra = Arrays.copyOf(this.extra, c);
            inStart = Arrays.copyOf(inStart, c + 1);
            pathStart = Arrays.copyOf(pathStart, c + 1);
            growNodes(c);
        }
        int k = size;
        this.worker[k] = worker;
        this.start[k] = start;
        this.end[k] = end;
        this.work[k] = work;
        this.ends[k] = (byte) ends.ordinal();
        this.site[k] = site;
        this.notRunning[k] = notRunning;
        this.recorderBefore[k] = recorderBefore;
        inStart[k + 1] = edges;
        pathStart[k + 1] = pathLength;
        return k;
    }

    /** Adds an in-edge of this kind to the open node; @return its index in the edge columns */
    final int openEdge(EdgeKind kind) {
        if (edges == edgeKind.length) {
            int c = edges + (edges >> 1) + 16;
            edgeKind = Arrays.copyOf(edgeKind, c);
            growEdges(c);
        }
        edgeKind[edges] = (byte) kind.ordinal();
        inStart[size + 1] = ++edges;
        return edges - 1;
    }

    /** Adds the next call site on the open node's site path, outermost first. */
    final void addPathSite(int s) {
        if (pathLength == pathSite.length) {
            pathSite = Arrays.copyOf(pathSite, pathLength + (pathLength >> 1) + 16);
        }
        pathSite[pathLength++] = s;
        pathStart[size + 1] = pathLength;
    }

    /**
     * Closes node {@code k}, the open one, with what a collapsed node adds.
     *
     * @param needsRow give it a row of extras even if it is a plain strand (it holds something else)
     * @return its row of extras, or -1
     */
    final int closeNode(int k, long span, long strands, long creates, long waits, long taskEnds, long innerDelay,
                        long recorderInside, boolean needsRow) {
        if (k != size) {
            throw new IllegalStateException("node " + k + " is not the open node " + size);
        }
        boolean plain = !needsRow && NodeExtras.plain(work[k], ENDS[ends[k]], span, strands, creates, waits,
                taskEnds, innerDelay, recorderInside);
        extra[k] = plain ? -1 : extras.add(span, strands, creates, waits, taskEnds, innerDelay, recorderInside);
        size++;
        return extra[k];
    }

    @Override
    public final int size() {
        return size;
    }

    final void checkIndex(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("node " + i + " of " + size);
        }
    }

    /** @return node {@code i}'s site path, outermost first, as the node objects hold it */
    final java.util.List<Integer> sitePath(int i) {
        Integer[] path = new Integer[pathLength(i)];
        for (int k = 0; k < path.length; k++) {
            path[k] = pathSite(i, k);
        }
        return java.util.List.of(path);
    }

    public final int worker(int i) {
        return worker[i];
    }

    public final long start(int i) {
        return start[i];
    }

    public final long end(int i) {
        return end[i];
    }

    public final long work(int i) {
        return work[i];
    }

    public final long notRunning(int i) {
        return notRunning[i];
    }

    public final long recorderBefore(int i) {
        return recorderBefore[i];
    }

    public final NodeEnd ends(int i) {
        return ENDS[ends[i]];
    }

    public final int site(int i) {
        return site[i];
    }

    /** @return how many in-edges node {@code i} has */
    public final int inCount(int i) {
        return inStart[i + 1] - inStart[i];
    }

    /** @return the kind of node {@code i}'s {@code k}-th in-edge */
    public final EdgeKind inKind(int i, int k) {
        return KINDS[edgeKind[inStart[i] + k]];
    }

    /** @return how many call sites node {@code i}'s site path has */
    public final int pathLength(int i) {
        return pathStart[i + 1] - pathStart[i];
    }

    /** @return the {@code k}-th call site of node {@code i}'s site path */
    public final int pathSite(int i, int k) {
        return pathSite[pathStart[i] + k];
    }

    public final long span(int i) {
        return extras.span(extra[i], work[i]);
    }

    public final long strands(int i) {
        return extras.strands(extra[i]);
    }

    public final boolean collapsed(int i) {
        return strands(i) > 1;
    }

    public final long creates(int i) {
        return extras.creates(extra[i]);
    }

    public final long waits(int i) {
        return extras.waits(extra[i]);
    }

    public final long taskEnds(int i) {
        return extras.taskEnds(extra[i], ends(i));
    }

    public final long innerDelay(int i) {
        return extras.innerDelay(extra[i]);
    }

    public final long recorderInside(int i) {
        return extras.recorderInside(extra[i]);
    }
}
