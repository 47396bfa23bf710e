package io.forkscope.model.dag;

import java.util.Arrays;
import java.util.List;

/**
 * The recorder's nodes as a file gives them, in columns of primitives ({@link NodeColumns}): a list of
 * {@link RecordedNode}s that holds no node object, for the reader to fill and the {@link DagAssembler}
 * to read. As objects (the record, its edge arrays) a node took some 210 bytes, 630 MB for a file of
 * 3 M nodes; here it takes some 80. {@link #get} makes the node asked for, with the values it was given.
 *
 * <p>Besides the shared columns it keeps each node's recorder id, each edge's source as a recorder id,
 * and a collapsed node's first id (a plain strand's is its own id, so only nodes with a row of extras
 * keep one). Appended by the reader, then trimmed to a DAG window or a last whole block.
 */
public final class RecordedNodes extends NodeColumns<RecordedNode> {
    private long[] id;
    private long[] edgeFrom;
    /** The first id of the node at each row of {@link #extras}. */
    private long[] firstId = new long[0];

    public RecordedNodes() {
        this(16);
    }

    /** @param capacity how many nodes to make room for at first (the list grows as needed) */
    public RecordedNodes(int capacity) {
        super(capacity, capacity + capacity / 2, true);
    }

    @Override
    void ownColumns(int capacity, int edgeCapacity) {
        id = new long[capacity];
        edgeFrom = new long[edgeCapacity];
    }

    @Override
    void growNodes(int capacity) {
        id = Arrays.copyOf(id, capacity);
    }

    @Override
    void newEdges(int capacity) {
        edgeFrom = new long[capacity];
    }

    @Override
    void growEdges(int capacity) {
        edgeFrom = Arrays.copyOf(edgeFrom, capacity);
    }

    /** @return the nodes as columns: {@code nodes} itself when it already is, else a copy */
    public static RecordedNodes of(List<RecordedNode> nodes) {
        if (nodes instanceof RecordedNodes r) {
            return r;
        }
        RecordedNodes out = new RecordedNodes(nodes.size());
        for (RecordedNode n : nodes) {
            out.add(n);
        }
        return out;
    }

    @Override
    public boolean add(RecordedNode n) {
        int k = startNode(n.id(), n.worker(), n.start(), n.end(), n.work(), n.ends(), n.site(), n.notRunning(),
                n.recorderBefore());
        for (int e = 0; e < n.inFrom().length; e++) {
            edge(n.inFrom()[e], n.inKinds()[e]);
        }
        for (int s : n.sitePath()) {
            pathSite(s);
        }
        endNode(k, n.span(), n.strands(), n.creates(), n.waits(), n.innerDelay(), n.taskEnds(), n.firstId(),
                n.recorderInside());
        return true;
    }

    /**
     * Opens the next node; give its in-edges with {@link #edge} and its site path with {@link #pathSite},
     * then close it with {@link #endNode}. The values are taken as they are: the reader checks them.
     *
     * @return its index
     */
    public int startNode(long id, int worker, long start, long end, long work, NodeEnd ends, int site,
                         long notRunning, long recorderBefore) {
        int k = openNode(worker, start, end, work, ends, site, notRunning, recorderBefore);
        this.id[k] = id;
        return k;
    }

    /** Sets the open node {@code k}'s site and times, when the file gives them after its edges. */
    public void setSiteAndTimes(int k, int site, long notRunning, long recorderBefore) {
        if (k != size) {
            throw new IllegalStateException("node " + k + " is not the open node " + size);
        }
        this.site[k] = site;
        this.notRunning[k] = notRunning;
        this.recorderBefore[k] = recorderBefore;
    }

    /** An in-edge of the open node, from the node with recorder id {@code from}. */
    public void edge(long from, EdgeKind kind) {
        int e = openEdge(kind);               // first: it may grow edgeFrom
        edgeFrom[e] = from;
    }

    /** The next call site on the open node's site path, outermost first. */
    public void pathSite(int s) {
        addPathSite(s);
    }

    /** Closes node {@code k} (the open one) with what a collapsed node adds, and its first id. */
    public void endNode(int k, long span, long strands, long creates, long waits, long innerDelay, long taskEnds,
                        long firstId, long recorderInside) {
        int x = closeNode(k, span, strands, creates, waits, taskEnds, innerDelay, recorderInside,
                firstId != id[k]);
        if (x >= 0) {
            if (x >= this.firstId.length) {
                this.firstId = Arrays.copyOf(this.firstId, x + (x >> 1) + 16);
            }
            this.firstId[x] = firstId;
        }
    }

    /** Drops every node from index {@code n} on, and a node left open (a block that ended inside it). */
    public void truncate(int n) {
        if (n < 0 || n > size) {
            throw new IndexOutOfBoundsException("cannot keep " + n + " of " + size + " nodes");
        }
        size = n;
        edges = inStart[n];
        pathLength = pathStart[n];
    }

    /**
     * Keeps only the nodes that started before {@code time} (a DAG window's end), in order, in place.
     * One pass: node i moves down to {@code kept} ≤ i and its edges and site path down to the ends of
     * the kept ones, so every write lands at or below what is still to be read.
     */
    public void keepStartedBefore(long time) {
        int kept = 0;
        int e = 0;
        int p = 0;
        for (int i = 0; i < size; i++) {
            int from = inStart[i];
            int to = inStart[i + 1];
            int pathFrom = pathStart[i];
            int pathTo = pathStart[i + 1];
            if (start[i] >= time) {
                continue;
            }
            id[kept] = id[i];
            worker[kept] = worker[i];
            start[kept] = start[i];
            end[kept] = end[i];
            work[kept] = work[i];
            notRunning[kept] = notRunning[i];
            recorderBefore[kept] = recorderBefore[i];
            ends[kept] = ends[i];
            site[kept] = site[i];
            extra[kept] = extra[i];
            inStart[kept] = e;
            for (int j = from; j < to; j++) {
                edgeFrom[e] = edgeFrom[j];
                edgeKind[e++] = edgeKind[j];
            }
            pathStart[kept] = p;
            for (int j = pathFrom; j < pathTo; j++) {
                pathSite[p++] = pathSite[j];
            }
            kept++;
        }
        inStart[kept] = e;
        pathStart[kept] = p;
        edges = e;
        pathLength = p;
        size = kept;
    }

    @Override
    public RecordedNode get(int i) {
        checkIndex(i);
        int n = inCount(i);
        long[] from = new long[n];
        EdgeKind[] kind = new EdgeKind[n];
        for (int k = 0; k < n; k++) {
            from[k] = inFrom(i, k);
            kind[k] = inKind(i, k);
        }
        return new RecordedNode(id[i], worker(i), start(i), end(i), work(i), ends(i), from, kind, span(i),
                strands(i), creates(i), waits(i), innerDelay(i), taskEnds(i), firstId(i), site(i), sitePath(i),
                notRunning(i), recorderBefore(i), recorderInside(i));
    }

    public long id(int i) {
        return id[i];
    }

    /** @return the recorder id of the source of node {@code i}'s {@code k}-th in-edge */
    public long inFrom(int i, int k) {
        return edgeFrom[inStart[i] + k];
    }

    public long firstId(int i) {
        int x = extra[i];
        return x < 0 ? id[i] : firstId[x];
    }
}
