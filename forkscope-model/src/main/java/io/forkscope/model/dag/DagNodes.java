package io.forkscope.model.dag;

import io.forkscope.model.util.LongIntPairs;
import java.util.Arrays;
import java.util.List;

/**
 * The nodes of a {@link Dag} as columns of primitives ({@link NodeColumns}): a list of
 * {@link DagNode}s that holds no node object. A DAG of 3 M nodes took some 190 bytes a node as
 * objects (the record, its edge list and edges): 570 MB to hold, and a collector that worked as hard
 * as the analyses. Here a node takes some 60 bytes and no object at all.
 *
 * <p>{@link #get} makes the node it is asked for, with the same values it was given: views and tests
 * use the list as any list. The analyses that visit every node several times (the parallelism
 * profile's sweep, readiness, the ready path, exports) read the columns instead ({@link #start},
 * {@link #inFrom}, ...), which makes nothing.
 *
 * <p>Immutable once its {@link Builder} has built it; safe to share between threads.
 */
public final class DagNodes extends NodeColumns<DagNode> {
    /** Node i's in-edges come from {@code edgeFrom[inStart[i] .. inStart[i + 1])}. */
    private int[] edgeFrom;

    private DagNodes(int capacity, int edgeCapacity) {
        super(capacity, edgeCapacity);
        edgeFrom = new int[edgeKind.length];
    }

    @Override
    void growNodes(int capacity) {
        // no column of its own per node
    }

    @Override
    void newEdges(int capacity) {
        edgeFrom = new int[capacity];
    }

    @Override
    void growEdges(int capacity) {
        edgeFrom = Arrays.copyOf(edgeFrom, capacity);
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

    /** @return node {@code i}, made from the columns (a new object each call) */
    @Override
    public DagNode get(int i) {
        checkIndex(i);
        Edge[] in = new Edge[inCount(i)];
        for (int k = 0; k < in.length; k++) {
            in[k] = new Edge(inFrom(i, k), inKind(i, k));
        }
        return new DagNode(i, worker(i), start(i), end(i), work(i), span(i), ends(i), List.of(in), strands(i),
                creates(i), waits(i), taskEnds(i), innerDelay(i), site(i), sitePath(i), notRunning(i),
                recorderBefore(i), recorderInside(i));
    }

    /** @return the predecessor of node {@code i}'s {@code k}-th in-edge */
    public int inFrom(int i, int k) {
        return edgeFrom[inStart[i] + k];
    }

    /**
     * @return the node ids ordered by worker, then start, then end (the longest first when
     *         {@code longestFirst}, else the shortest), then id; made by primitive sorts only. A stable
     *         counting sort by worker comes first, and it is the whole order when each worker's nodes
     *         come in time order by id (a recorded run's do: a worker runs one node after the other,
     *         and a node's id comes after its predecessors'); only otherwise are all nodes sorted by
     *         start (some 100 bytes a node while it runs)
     */
    public int[] byWorkerThenStart(boolean longestFirst) {
        int n = size;
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        int[] byWorker = stableByWorker(ids);
        if (inOrderWithinWorkers(byWorker, longestFirst)) {
            return byWorker;
        }
        LongIntPairs pairs = new LongIntPairs(n);
        for (int i = 0; i < n; i++) {
            pairs.add(start[i], i);
        }
        pairs.sortByKey();                       // by start; nodes that start together (rare) by end, then id
        int[] byStart = pairs.valuesByKeyThen(java.util.Comparator.<Integer>comparingLong(
                i -> longestFirst ? -end[i] : end[i]).thenComparingInt(i -> i));
        return stableByWorker(byStart);
    }

    /** @return {@code order} by worker, keeping the order of each worker's nodes (a counting sort) */
    private int[] stableByWorker(int[] order) {
        int n = order.length;
        int low = Integer.MAX_VALUE;
        int high = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            low = Math.min(low, worker[i]);
            high = Math.max(high, worker[i]);
        }
        int[] next = new int[n == 0 ? 1 : high - low + 2];
        for (int i = 0; i < n; i++) {
            next[worker[i] - low + 1]++;
        }
        for (int w = 0; w + 1 < next.length; w++) {
            next[w + 1] += next[w];
        }
        int[] out = new int[n];
        for (int k = 0; k < n; k++) {
            int id = order[k];
            out[next[worker[id] - low]++] = id;
        }
        return out;
    }

    /** Whether ids grouped by worker (ascending within each) already run by start, end, id there. */
    private boolean inOrderWithinWorkers(int[] byWorker, boolean longestFirst) {
        for (int k = 1; k < byWorker.length; k++) {
            int a = byWorker[k - 1];
            int b = byWorker[k];
            boolean inOrder = worker[a] != worker[b] || start[a] < start[b]
                    || start[a] == start[b] && (longestFirst ? end[a] >= end[b] : end[a] <= end[b]);
            if (!inOrder) {
                return false;
            }
        }
        return true;
    }

    /**
     * Appends nodes in id order (node k gets id k) and checks each as {@link DagNode}'s constructor
     * does. Sized exactly (nodes and edges), it never copies a column.
     */
    public static final class Builder {
        private DagNodes nodes;

        /** @param capacity how many nodes to make room for at first */
        public Builder(int capacity) {
            this(capacity, capacity + capacity / 2);
        }

        /**
         * @param capacity     how many nodes to make room for at first
         * @param edgeCapacity how many edges
         */
        public Builder(int capacity, int edgeCapacity) {
            nodes = new DagNodes(capacity, edgeCapacity);
        }

        /** A builder over {@code nodes}, made empty with room for {@code capacity} nodes and no edges yet. */
        private Builder(DagNodes nodes) {
            this.nodes = nodes;
        }

        /**
         * @return a builder with room for {@code capacity} nodes whose edge columns are yet to be sized
         *         ({@link #sizeEdges}): what {@link BuilderAhead} makes on its thread
         */
        static Builder withoutEdges(int capacity) {
            return new Builder(new DagNodes(capacity, 0));
        }

        /** Sizes the edge columns of a builder that holds no edge yet, as {@link #Builder(int, int)} would. */
        Builder sizeEdges(int edgeCapacity) {
            nodes.sizeEdges(edgeCapacity);
            return this;
        }

        /** The nodes being built (tests compare two builders' columns). */
        DagNodes columns() {
            return nodes;
        }

        public int size() {
            return nodes.size;
        }

        /** Appends {@code n}, whose id must be the next one. */
        public Builder add(DagNode n) {
            if (n.id() != nodes.size) {
                throw new IllegalArgumentException("node at index " + nodes.size + " has id " + n.id());
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
            int id = nodes.size;
            if (end < start) {
                throw new IllegalArgumentException("node " + id + " ends before it starts");
            }
            if (notRunning < 0) {
                throw new IllegalArgumentException("node " + id + " has a negative not-running time");
            }
            if (recorderBefore < 0) {
                throw new IllegalArgumentException("node " + id + " has a negative time of forkscope's own");
            }
            return nodes.openNode(worker, start, end, work, ends, site, notRunning, recorderBefore);
        }

        /** An in-edge of the open node, from an earlier node. */
        public void edge(int from, EdgeKind kind) {
            if (from < 0 || from >= nodes.size) {
                throw new IllegalArgumentException("node " + nodes.size + " has a predecessor " + from
                        + " that is not earlier");
            }
            int e = nodes.openEdge(kind);         // first: it may grow edgeFrom
            nodes.edgeFrom[e] = from;
        }

        /** The next call site on the open node's site path, outermost first. */
        public void pathSite(int s) {
            nodes.addPathSite(s);
        }

        /** Closes node {@code k} (the open one) with what a collapsed node adds. */
        public Builder endNode(int k, long span, long strands, long creates, long waits, long taskEnds,
                               long innerDelay, long recorderInside) {
            if (recorderInside < 0) {
                throw new IllegalArgumentException("node " + k + " has a negative time of forkscope's own");
            }
            if (taskEnds < 0) {
                throw new IllegalArgumentException("node " + k + " has a negative count of task ends");
            }
            nodes.closeNode(k, span, strands, creates, waits, taskEnds, innerDelay, recorderInside, false);
            return this;
        }

        /** @return the nodes; the builder must not be used after */
        public DagNodes build() {
            DagNodes built = nodes;
            nodes = null;             // a later call fails at once rather than change the built nodes
            return built;
        }
    }
}
