package io.forkscope.model.dag;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * The nodes of a {@link Dag} as columns of primitives: a list of {@link DagNode}s that holds no node
 * object. A DAG of 3 M nodes took some 190 bytes a node as objects (the record, its edge list and
 * edges): 570 MB to hold, and a collector that worked as hard as the analyses. Here a node takes
 * some 60 bytes and no object at all.
 *
 * <p>{@link #get} makes the node it is asked for, with the same values it was given: views and tests
 * use the list as any list. The analyses that visit every node several times (the parallelism
 * profile's sweep, readiness, the ready path, exports) read the columns instead ({@link #start},
 * {@link #inFrom}, ...), which makes nothing.
 *
 * <p>Most nodes are plain strands: what a collapsed node adds is kept only for the nodes that differ
 * ({@link NodeExtras}): {@code extra[i]} is their row there, or -1. Edges and site paths are sliced from one array each: node i's in-edges are
 * {@code edgeFrom[inStart[i] .. inStart[i + 1])}.
 *
 * <p>Immutable once built; safe to share between threads.
 */
public final class DagNodes extends AbstractList<DagNode> implements RandomAccess {
    private static final NodeEnd[] ENDS = NodeEnd.values();
    private static final EdgeKind[] KINDS = EdgeKind.values();

    private final int size;
    private final int[] worker;
    private final long[] start;
    private final long[] end;
    private final long[] work;
    private final long[] notRunning;
    private final long[] recorderBefore;
    private final byte[] ends;
    private final int[] site;
    private final int[] inStart;
    private final int[] edgeFrom;
    private final byte[] edgeKind;
    private final int[] pathStart;
    private final int[] pathSite;
    /** Row in the side columns below for a node that is not a plain strand, else -1. */
    private final int[] extra;
    private final NodeExtras extras;

    private DagNodes(Builder b) {
        size = b.size;
        worker = trim(b.worker, size);
        start = trim(b.start, size);
        end = trim(b.end, size);
        work = trim(b.work, size);
        notRunning = trim(b.notRunning, size);
        recorderBefore = trim(b.recorderBefore, size);
        ends = trim(b.ends, size);
        site = trim(b.site, size);
        inStart = trim(b.inStart, size + 1);
        edgeFrom = trim(b.edgeFrom, b.edges);
        edgeKind = trim(b.edgeKind, b.edges);
        pathStart = trim(b.pathStart, size + 1);
        pathSite = trim(b.pathSite, b.pathLength);
        extra = trim(b.extra, size);
        extras = b.extras;
    }

    // A column the builder sized exactly is taken as it is: a large DAG is not held twice.
    private static int[] trim(int[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    private static long[] trim(long[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    private static byte[] trim(byte[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    /** @return the nodes as columns: {@code nodes} itself when it already is, else a copy */
    public static DagNodes of(List<DagNode> nodes) {
        if (nodes instanceof DagNodes d) {
            return d;
        }
        Builder b = new Builder(nodes.size());
        for (DagNode n : nodes) {
            b.add(n);
        }
        return b.build();
    }

    @Override
    public int size() {
        return size;
    }

    /** @return node {@code i}, made from the columns (a new object each call) */
    @Override
    public DagNode get(int i) {
        check(i);
        int edges = inCount(i);
        Edge[] in = new Edge[edges];
        for (int k = 0; k < edges; k++) {
            in[k] = new Edge(inFrom(i, k), inKind(i, k));
        }
        int paths = pathStart[i + 1] - pathStart[i];
        Integer[] path = new Integer[paths];
        for (int k = 0; k < paths; k++) {
            path[k] = pathSite[pathStart[i] + k];
        }
        return new DagNode(i, worker[i], start[i], end[i], work[i], span(i), ends(i), List.of(in), strands(i),
                creates(i), waits(i), taskEnds(i), innerDelay(i), site[i], List.of(path), notRunning[i],
                recorderBefore[i], recorderInside(i));
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("node " + i + " of " + size);
        }
    }

    public int worker(int i) {
        return worker[i];
    }

    public long start(int i) {
        return start[i];
    }

    public long end(int i) {
        return end[i];
    }

    public long work(int i) {
        return work[i];
    }

    public long notRunning(int i) {
        return notRunning[i];
    }

    public long recorderBefore(int i) {
        return recorderBefore[i];
    }

    public NodeEnd ends(int i) {
        return ENDS[ends[i]];
    }

    public int site(int i) {
        return site[i];
    }

    /** @return how many in-edges node {@code i} has */
    public int inCount(int i) {
        return inStart[i + 1] - inStart[i];
    }

    /** @return the predecessor of node {@code i}'s {@code k}-th in-edge */
    public int inFrom(int i, int k) {
        return edgeFrom[inStart[i] + k];
    }

    /** @return the kind of node {@code i}'s {@code k}-th in-edge */
    public EdgeKind inKind(int i, int k) {
        return KINDS[edgeKind[inStart[i] + k]];
    }

    public long span(int i) {
        return extras.span(extra[i], work[i]);
    }

    public long strands(int i) {
        return extras.strands(extra[i]);
    }

    public boolean collapsed(int i) {
        return strands(i) > 1;
    }

    public long creates(int i) {
        return extras.creates(extra[i]);
    }

    public long waits(int i) {
        return extras.waits(extra[i]);
    }

    public long taskEnds(int i) {
        return extras.taskEnds(extra[i], ends(i));
    }

    public long innerDelay(int i) {
        return extras.innerDelay(extra[i]);
    }

    public long recorderInside(int i) {
        return extras.recorderInside(extra[i]);
    }

    /**
     * @return the node ids ordered by worker, then start, then end (the longest first when
     *         {@code longestFirst}, else the shortest), then id; made by primitive sorts only
     */
    public int[] byWorkerThenStart(boolean longestFirst) {
        int n = size;
        io.forkscope.model.util.LongIntPairs pairs = new io.forkscope.model.util.LongIntPairs(n);
        for (int i = 0; i < n; i++) {
            pairs.add(longestFirst ? -end[i] : end[i], i);
        }
        pairs.sortByKeyThenValue();
        int[] byRank = new int[n];               // rank by (end, id) -> id
        int[] rank = new int[n];
        for (int k = 0; k < n; k++) {
            byRank[k] = pairs.value(k);
            rank[pairs.value(k)] = k;
        }
        pairs = new io.forkscope.model.util.LongIntPairs(n);
        for (int i = 0; i < n; i++) {
            pairs.add(start[i], rank[i]);
        }
        pairs.sortByKeyThenValue();              // by (start, end, id)
        int low = Integer.MAX_VALUE;
        int high = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            low = Math.min(low, worker[i]);
            high = Math.max(high, worker[i]);
        }
        int[] next = new int[n == 0 ? 1 : high - low + 2];     // then a stable counting sort by worker
        for (int i = 0; i < n; i++) {
            next[worker[i] - low + 1]++;
        }
        for (int w = 0; w + 1 < next.length; w++) {
            next[w + 1] += next[w];
        }
        int[] out = new int[n];
        for (int k = 0; k < n; k++) {
            int id = byRank[pairs.value(k)];
            out[next[worker[id] - low]++] = id;
        }
        return out;
    }

    /**
     * Appends nodes in id order (node k gets id k) and checks each as {@link DagNode}'s constructor
     * does. Columns grow by half when full; {@link #build} trims them.
     */
    public static final class Builder {
        private int size;
        private int[] worker;
        private long[] start;
        private long[] end;
        private long[] work;
        private long[] notRunning;
        private long[] recorderBefore;
        private byte[] ends;
        private int[] site;
        private int[] inStart;
        private int edges;
        private int[] edgeFrom;
        private byte[] edgeKind;
        private int[] pathStart;
        private int pathLength;
        private int[] pathSite = new int[0];
        private int[] extra;
        private final NodeExtras extras = new NodeExtras();

        /** @param capacity how many nodes to make room for at first */
        public Builder(int capacity) {
            this(capacity, capacity + capacity / 2);
        }

        /**
         * @param capacity     how many nodes to make room for at first
         * @param edgeCapacity how many edges; when both are exact, the built nodes keep these columns
         */
        public Builder(int capacity, int edgeCapacity) {
            int c = Math.max(16, capacity);
            worker = new int[c];
            start = new long[c];
            end = new long[c];
            work = new long[c];
            notRunning = new long[c];
            recorderBefore = new long[c];
            ends = new byte[c];
            site = new int[c];
            extra = new int[c];
            inStart = new int[c + 1];
            pathStart = new int[c + 1];
            edgeFrom = new int[Math.max(16, edgeCapacity)];
            edgeKind = new byte[edgeFrom.length];
        }

        public int size() {
            return size;
        }

        /** Appends {@code n}, whose id must be the next one. */
        public Builder add(DagNode n) {
            if (n.id() != size) {
                throw new IllegalArgumentException("node at index " + size + " has id " + n.id());
            }
            int k = startNode(n.worker(), n.start(), n.end(), n.work(), n.ends(), n.site(), n.notRunning(),
                    n.recorderBefore());
            for (Edge e : n.in()) {
                edge(e.from(), e.kind());
            }
            for (int s : n.sitePath()) {
                pathSite(s);
            }
            return endNode(k, n.span(), n.strands(), n.creates(), n.waits(), n.taskEnds(), n.innerDelay(),
                    n.recorderInside());
        }

        /**
         * Opens the next node; give its in-edges with {@link #edge} and its site path with {@link #pathSite},
         * then close it with {@link #endNode}.
         *
         * @return its id
         */
        public int startNode(int worker, long start, long end, long work, NodeEnd ends, int site, long notRunning,
                             long recorderBefore) {
            if (end < start) {
                throw new IllegalArgumentException("node " + size + " ends before it starts");
            }
            if (notRunning < 0) {
                throw new IllegalArgumentException("node " + size + " has a negative not-running time");
            }
            if (recorderBefore < 0) {
                throw new IllegalArgumentException("node " + size + " has a negative time of forkscope's own");
            }
            if (size == this.worker.length) {
                grow();
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

        /** An in-edge of the open node, from an earlier node. */
        public void edge(int from, EdgeKind kind) {
            if (from < 0 || from >= size) {
                throw new IllegalArgumentException("node " + size + " has a predecessor " + from + " that is not earlier");
            }
            if (edges == edgeFrom.length) {
                edgeFrom = Arrays.copyOf(edgeFrom, edges + (edges >> 1) + 16);
                edgeKind = Arrays.copyOf(edgeKind, edgeFrom.length);
            }
            edgeFrom[edges] = from;
            edgeKind[edges++] = (byte) kind.ordinal();
            inStart[size + 1] = edges;
        }

        /** The next call site on the open node's site path, outermost first. */
        public void pathSite(int s) {
            if (pathLength == pathSite.length) {
                pathSite = Arrays.copyOf(pathSite, pathLength + (pathLength >> 1) + 16);
            }
            pathSite[pathLength++] = s;
            pathStart[size + 1] = pathLength;
        }

        /** Closes node {@code k} (the open one) with what a collapsed node adds. */
        public Builder endNode(int k, long span, long strands, long creates, long waits, long taskEnds,
                               long innerDelay, long recorderInside) {
            if (k != size) {
                throw new IllegalStateException("node " + k + " is not the open node " + size);
            }
            if (recorderInside < 0) {
                throw new IllegalArgumentException("node " + k + " has a negative time of forkscope's own");
            }
            if (taskEnds < 0) {
                throw new IllegalArgumentException("node " + k + " has a negative count of task ends");
            }
            extra[k] = NodeExtras.plain(work[k], ENDS[ends[k]], span, strands, creates, waits, taskEnds, innerDelay,
                    recorderInside) ? -1 : extras.add(span, strands, creates, waits, taskEnds, innerDelay, recorderInside);
            size++;
            return this;
        }

        private void grow() {
            int c = size + (size >> 1) + 16;
            worker = Arrays.copyOf(worker, c);
            start = Arrays.copyOf(start, c);
            end = Arrays.copyOf(end, c);
            work = Arrays.copyOf(work, c);
            notRunning = Arrays.copyOf(notRunning, c);
            recorderBefore = Arrays.copyOf(recorderBefore, c);
            ends = Arrays.copyOf(ends, c);
            site = Arrays.copyOf(site, c);
            extra = Arrays.copyOf(extra, c);
            inStart = Arrays.copyOf(inStart, c + 1);
            pathStart = Arrays.copyOf(pathStart, c + 1);
        }

        /** @return the nodes; the builder must not be used after (the nodes may share its columns) */
        public DagNodes build() {
            DagNodes built = new DagNodes(this);
            worker = null;          // a later add fails at once rather than change the built nodes
            return built;
        }
    }
}
