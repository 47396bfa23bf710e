package io.forkscope.model.dag;

import io.forkscope.model.util.LongIntPairs;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Turns the recorder's nodes into a {@link Dag}: orders them so that every predecessor comes
 * first (a topological order that follows end times, which is also the order the clock gives),
 * numbers them densely, and drops edges from nodes the file does not hold (a recording cut short).
 * An edge that names a strand folded into a collapsed node (the recorder learns that a sub-DAG
 * collapses only once it completes, after it may have handed out ids of its strands) means that
 * node: a collapsed node stands for the ids of its thread from its {@code firstId} to its id.
 */
public final class DagAssembler {
    private DagAssembler() {}

    /** @return the DAG without busy intervals, and how many edges named a node that is not in the file */
    public static Assembled assemble(List<RecordedNode> recorded, int workers, long begin, long finish) {
        return assemble(recorded, List.of(), workers, begin, finish);
    }

    /**
     * @param busy each worker's busy intervals (at most one entry per worker), kept as they are
     * @return the DAG, and how many edges named a node that is not in the file
     */
    public static Assembled assemble(List<RecordedNode> recorded, List<WorkerBusy> busy, int workers, long begin,
                                     long finish) {
        return assemble(RecordedNodes.of(recorded), busy, workers, begin, finish);
    }

    /**
     * As {@link #assemble(List, List, int, long, long)} over columns: every index below is primitive.
     * Node ids are found through a {@link NodeIdIndex}, successors are kept in one array sliced
     * per node, the ready queue is a heap of ints, and the DAG's nodes are written as columns
     * ({@link DagNodes}), so that a large DAG never exists as objects.
     */
    public static Assembled assemble(RecordedNodes r, List<WorkerBusy> busy, int workers, long begin, long finish) {
        return assemble(r, busy, workers, begin, finish, BuilderAhead.start(r.size()));
    }

    /** As {@link #assemble(RecordedNodes, List, int, long, long)}, its output columns made by {@code columns}. */
    static Assembled assemble(RecordedNodes r, List<WorkerBusy> busy, int workers, long begin, long finish,
                              BuilderAhead columns) {
        int n = r.size();
        int[] byEnd = endOrder(r);             // position in end order -> index in r
        NodeIdIndex ids = new NodeIdIndex(r, byEnd);
        // each node's in-edges as positions in end order (-1: not in the file), sliced by inStart
        int[] inStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            inStart[i + 1] = inStart[i] + r.inCount(byEnd[i]);
        }
        int[] inPos = new int[inStart[n]];
        int[] missingPreds = new int[n];
        int[] successorCount = new int[n + 1];
        int dropped = 0;
        for (int i = 0; i < n; i++) {
            int x = byEnd[i];
            for (int e = 0; e < r.inCount(x); e++) {
                int p = ids.position(r.inFrom(x, e));
                inPos[inStart[i] + e] = p;
                if (p < 0) {
                    dropped++;
                } else if (p != i) {
                    missingPreds[i]++;
                    successorCount[p + 1]++;
                }
            }
        }
        ids = null;
        for (int i = 0; i < n; i++) {
            successorCount[i + 1] += successorCount[i];
        }
        int[] successors = new int[successorCount[n]];
        int[] filled = Arrays.copyOf(successorCount, n);
        int keptEdges = 0;
        for (int i = 0; i < n; i++) {
            for (int e = inStart[i]; e < inStart[i + 1]; e++) {
                int p = inPos[e];
                if (p >= 0 && p != i) {
                    successors[filled[p]++] = i;
                    keptEdges++;
                }
            }
        }
        filled = null;
        // Kahn's algorithm, taking ready nodes in end-time order (their position in end order)
        IntMinHeap ready = new IntMinHeap(Math.max(16, n / 64));
        for (int i = 0; i < n; i++) {
            if (missingPreds[i] == 0) {
                ready.add(i);
            }
        }
        int[] newId = new int[n];
        int next = 0;
        int[] order = new int[n];
        while (!ready.isEmpty()) {
            int v = ready.poll();
            newId[v] = next;
            order[next++] = v;
            for (int k = successorCount[v]; k < successorCount[v + 1]; k++) {
                int s = successors[k];
                if (--missingPreds[s] == 0) {
                    ready.add(s);
                }
            }
        }
        if (next < n) {
            throw new IllegalArgumentException("the recorded DAG has a cycle");
        }
        successors = null;
        missingPreds = null;
        DagNodes.Builder nodes = columns.builder(keptEdges);
        long b = begin;
        long f = finish;
        for (int k = 0; k < n; k++) {
            int v = order[k];
            int x = byEnd[v];
            long start = r.start(x);
            long work = r.work(x);
            long end = Math.max(start, r.end(x));
            long notRunning = Math.min(r.notRunning(x), Math.max(0, end - start - work));
            nodes.startNode(r.worker(x), start, end, work, r.ends(x), r.site(x), notRunning, r.recorderBefore(x));
            for (int e = inStart[v]; e < inStart[v + 1]; e++) {
                int p = inPos[e];
                if (p >= 0 && p != v) {
                    nodes.edge(newId[p], r.inKind(x, e - inStart[v]));
                }
            }
            for (int s = 0; s < r.pathLength(x); s++) {
                nodes.pathSite(r.pathSite(x, s));
            }
            nodes.endNode(k, r.span(x), r.strands(x), r.creates(x), r.waits(x), r.taskEnds(x), r.innerDelay(x),
                    Math.min(r.recorderInside(x), Math.max(0, end - start - work - notRunning)));
            b = Math.min(b, start);
            f = Math.max(f, end);
        }
        return new Assembled(new Dag(nodes.build(), Math.max(1, workers), b, f, busy), dropped);
    }

    /**
     * Workers whose nodes {@link #endOrder} merges rather than sorts: a file holds each thread's nodes in
     * the order the thread ran them (in blocks, the threads' blocks interleaved), which is their end
     * order, so the end order is a merge of each worker's nodes as the file has them (on a 3 M-node fib of
     * 2 workers the sort took 0.17 s of `delays` and `export`); with workers numbered from this many on, or
     * one whose nodes do not come in end order in the file, the sort.
     */
    static final int MERGED_RUNS = 16;

    /**
     * @return the indices of {@code r}'s nodes ordered by end, then start, then id (ids are unique; nodes
     *         equal in all three, which only a damaged file holds, by index)
     */
    static int[] endOrder(RecordedNodes r) {
        int[] merged = mergedRuns(r);
        return merged != null ? merged : sortedByEnd(r);
    }

    /**
     * @return {@link #endOrder} by a merge of each worker's nodes, or null when a worker is numbered outside
     *         [0, {@link #MERGED_RUNS}) or its nodes do not come in that order in the file
     */
    static int[] mergedRuns(RecordedNodes r) {
        int n = r.size();
        int[] runStart = new int[MERGED_RUNS + 1];      // worker w's nodes: byWorker[runStart[w] .. runStart[w + 1])
        int[] last = new int[MERGED_RUNS];
        Arrays.fill(last, -1);
        for (int i = 0; i < n; i++) {
            int w = r.worker(i);
            if (w < 0 || w >= MERGED_RUNS || last[w] >= 0 && before(r, i, last[w])) {
                return null;
            }
            last[w] = i;
            runStart[w + 1]++;
        }
        for (int w = 0; w < MERGED_RUNS; w++) {
            runStart[w + 1] += runStart[w];
        }
        int[] head = Arrays.copyOf(runStart, MERGED_RUNS);   // each worker's next node in byWorker
        int[] byWorker = new int[n];
        for (int i = 0; i < n; i++) {
            byWorker[head[r.worker(i)]++] = i;               // ascending index within each worker
        }
        System.arraycopy(runStart, 0, head, 0, MERGED_RUNS);
        int[] runs = new int[MERGED_RUNS];                   // the workers that have nodes
        int runCount = 0;
        for (int w = 0; w < MERGED_RUNS; w++) {
            if (runStart[w + 1] > runStart[w]) {
                runs[runCount++] = w;
            }
        }
        int[] out = new int[n];
        for (int k = 0; k < n; k++) {
            int best = -1;
            for (int q = 0; q < runCount; q++) {
                int w = runs[q];
                if (head[w] < runStart[w + 1]
                        && (best < 0 || firstOf(r, byWorker[head[w]], byWorker[head[best]]))) {
                    best = w;
                }
            }
            out[k] = byWorker[head[best]++];
        }
        return out;
    }

    /** @return whether node {@code a} comes before node {@code b} (a ≠ b) by end, start, id, then index */
    private static boolean firstOf(RecordedNodes r, int a, int b) {
        return before(r, a, b) || !before(r, b, a) && a < b;
    }

    /** @return whether node {@code a} comes strictly before node {@code b} by end, then start, then id */
    private static boolean before(RecordedNodes r, int a, int b) {
        long ea = r.end(a);
        long eb = r.end(b);
        if (ea != eb) {
            return ea < eb;
        }
        long sa = r.start(a);
        long sb = r.start(b);
        if (sa != sb) {
            return sa < sb;
        }
        return r.id(a) < r.id(b);
    }

    /** @return {@link #endOrder} by a sort of every node by end (ties by start, then id, then the file's order) */
    static int[] sortedByEnd(RecordedNodes r) {
        int n = r.size();
        LongIntPairs byEnd = new LongIntPairs(n);
        for (int i = 0; i < n; i++) {
            byEnd.add(r.end(i), i);
        }
        byEnd.sortByKey();
        // nodes that end at one time (rare: the clock's ticks are ns) by start, then id
        int[] order = byEnd.valuesByKeyThen(java.util.Comparator.<Integer>comparingLong(r::start)
                .thenComparingLong(r::id));
        return order;
    }

    /** A binary min-heap of ints. */
    private static final class IntMinHeap {
        private int[] heap;
        private int size;

        IntMinHeap(int capacity) {
            heap = new int[capacity];
        }

        boolean isEmpty() {
            return size == 0;
        }

        void add(int v) {
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, heap.length * 2);
            }
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (heap[parent] <= v) {
                    break;
                }
                heap[i] = heap[parent];
                i = parent;
            }
            heap[i] = v;
        }

        int poll() {
            int top = heap[0];
            int last = heap[--size];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && heap[child + 1] < heap[child]) {
                    child++;
                }
                if (last <= heap[child]) {
                    break;
                }
                heap[i] = heap[child];
                i = child;
            }
            if (size > 0) {
                heap[i] = last;
            }
            return top;
        }
    }

    public record Assembled(Dag dag, int droppedEdges) {}
}
