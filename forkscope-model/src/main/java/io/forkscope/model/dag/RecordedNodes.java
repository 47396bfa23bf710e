package io.forkscope.model.dag;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * The recorder's nodes as a file gives them, in columns of primitives: a list of {@link RecordedNode}s
 * that holds no node object, for the reader to fill and the {@link DagAssembler} to read. As objects
 * (the record, its edge arrays) a node took some 210 bytes, 630 MB for a file of 3 M nodes; here it
 * takes some 80. {@link #get} makes the node asked for, with the values it was given.
 *
 * <p>Node i's in-edges are {@code edgeFrom[inStart[i] .. inStart[i + 1])}; what a collapsed node adds
 * to a plain strand is in {@link NodeExtras} (with its first id: a plain strand's is its own id).
 */
public final class RecordedNodes extends AbstractList<RecordedNode> implements RandomAccess {
    private static final NodeEnd[] ENDS = NodeEnd.values();
    private static final EdgeKind[] KINDS = EdgeKind.values();

    private int size;
    private long[] id;
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
    private long[] edgeFrom;
    private byte[] edgeKind;
    private int[] pathStart;
    private int pathLength;
    private int[] pathSite = new int[0];
    private int[] extra;
    private final NodeExtras extras = new NodeExtras();
    /** The first id of the node at each row of {@link #extras}. */
    private long[] firstId = new long[0];

    public RecordedNodes() {
        this(16);
    }

    /** @param capacity how many nodes to make room for at first (the list grows as needed) */
    public RecordedNodes(int capacity) {
        int c = Math.max(16, capacity);
        id = new long[c];
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
        edgeFrom = new long[c + c / 2];
        edgeKind = new byte[edgeFrom.length];
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
    public int size() {
        return size;
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
        if (size == this.id.length) {
            grow();
        }
        int k = size;
        this.id[k] = id;
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
    public void endNode(int k, long span, long strands, long creates, long waits, long innerDelay, long taskEnds,
                        long firstId, long recorderInside) {
        if (k != size) {
            throw new IllegalStateException("node " + k + " is not the open node " + size);
        }
        if (firstId == id[k] && NodeExtras.plain(work[k], ENDS[ends[k]], span, strands, creates, waits, taskEnds,
                innerDelay, recorderInside)) {
            extra[k] = -1;
        } else {
            int x = extras.add(span, strands, creates, waits, taskEnds, innerDelay, recorderInside);
            if (x == this.firstId.length) {
                this.firstId = Arrays.copyOf(this.firstId, x + (x >> 1) + 16);
            }
            this.firstId[x] = firstId;
            extra[k] = x;
        }
        size++;
    }

    private void grow() {
        int c = size + (size >> 1) + 16;
        id = Arrays.copyOf(id, c);
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
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("node " + i + " of " + size);
        }
        int n = inCount(i);
        long[] from = new long[n];
        EdgeKind[] kind = new EdgeKind[n];
        for (int k = 0; k < n; k++) {
            from[k] = inFrom(i, k);
            kind[k] = inKind(i, k);
        }
        Integer[] path = new Integer[pathStart[i + 1] - pathStart[i]];
        for (int k = 0; k < path.length; k++) {
            path[k] = pathSite[pathStart[i] + k];
        }
        int x = extra[i];
        return new RecordedNode(id[i], worker[i], start[i], end[i], work[i], ends(i), from, kind, span(i),
                extras.strands(x), extras.creates(x), extras.waits(x), extras.innerDelay(x), taskEnds(i), firstId(i),
                site[i], List.of(path), notRunning[i], recorderBefore[i], extras.recorderInside(x));
    }

    public long id(int i) {
        return id[i];
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

    public NodeEnd ends(int i) {
        return ENDS[ends[i]];
    }

    public int site(int i) {
        return site[i];
    }

    public long notRunning(int i) {
        return notRunning[i];
    }

    public long recorderBefore(int i) {
        return recorderBefore[i];
    }

    public int inCount(int i) {
        return inStart[i + 1] - inStart[i];
    }

    public long inFrom(int i, int k) {
        return edgeFrom[inStart[i] + k];
    }

    public EdgeKind inKind(int i, int k) {
        return KINDS[edgeKind[inStart[i] + k]];
    }

    /** @return how many call sites node {@code i}'s site path has */
    public int pathLength(int i) {
        return pathStart[i + 1] - pathStart[i];
    }

    /** @return the {@code k}-th call site of node {@code i}'s site path */
    public int pathSite(int i, int k) {
        return pathSite[pathStart[i] + k];
    }

    public long firstId(int i) {
        int x = extra[i];
        return x < 0 ? id[i] : firstId[x];
    }

    public long span(int i) {
        return extras.span(extra[i], work[i]);
    }

    public long strands(int i) {
        return extras.strands(extra[i]);
    }

    public long creates(int i) {
        return extras.creates(extra[i]);
    }

    public long waits(int i) {
        return extras.waits(extra[i]);
    }

    public long innerDelay(int i) {
        return extras.innerDelay(extra[i]);
    }

    public long taskEnds(int i) {
        return extras.taskEnds(extra[i], ends(i));
    }

    public long recorderInside(int i) {
        return extras.recorderInside(extra[i]);
    }
}
