package io.forkscope.model.dag;

import io.forkscope.model.util.LongIntPairs;
import java.util.ArrayList;
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
        return assembleAndRelease(new ArrayList<>(recorded), busy, workers, begin, finish);
    }

    /**
     * As {@link #assemble(List, List, int, long, long)}, emptying {@code recorded} first and letting go of
     * each recorded node once its DAG node is made, so that a large DAG is never held twice (a node as
     * the file gives it takes some 200 bytes, its DAG node as many). Every index below is primitive:
     * node ids are found by binary search in a sorted array, successors are kept in one array sliced
     * per node, and the ready queue is a heap of ints.
     */
    public static Assembled assembleAndRelease(List<RecordedNode> recorded, List<WorkerBusy> busy, int workers,
                                               long begin, long finish) {
        RecordedNode[] byEnd = recorded.toArray(new RecordedNode[0]);
        recorded.clear();
        Arrays.sort(byEnd, Comparator.comparingLong(RecordedNode::end).thenComparingLong(RecordedNode::start)
                .thenComparingLong(RecordedNode::id));
        int n = byEnd.length;
        LongIntPairs byId = new LongIntPairs(n);
        LongIntPairs collapsedByFirstId = new LongIntPairs(16);
        for (int i = 0; i < n; i++) {
            byId.add(byEnd[i].id(), i);
            if (byEnd[i].firstId() < byEnd[i].id()) {
                collapsedByFirstId.add(byEnd[i].firstId(), i);
            }
        }
        byId.sortByKey();
        collapsedByFirstId.sortByKey();
        // each node's in-edges as positions in byEnd (-1: not in the file), sliced by inStart
        int[] inStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            inStart[i + 1] = inStart[i] + byEnd[i].inFrom().length;
        }
        int[] inPos = new int[inStart[n]];
        int[] missingPreds = new int[n];
        int[] successorCount = new int[n + 1];
        int dropped = 0;
        for (int i = 0; i < n; i++) {
            long[] from = byEnd[i].inFrom();
            for (int e = 0; e < from.length; e++) {
                int p = position(from[e], byId, collapsedByFirstId, byEnd);
                inPos[inStart[i] + e] = p;
                if (p < 0) {
                    dropped++;
                } else if (p != i) {
                    missingPreds[i]++;
                    successorCount[p + 1]++;
                }
            }
        }
        byId = null;
        for (int i = 0; i < n; i++) {
            successorCount[i + 1] += successorCount[i];
        }
        int[] successors = new int[successorCount[n]];
        int[] filled = Arrays.copyOf(successorCount, n);
        for (int i = 0; i < n; i++) {
            for (int e = inStart[i]; e < inStart[i + 1]; e++) {
                int p = inPos[e];
                if (p >= 0 && p != i) {
                    successors[filled[p]++] = i;
                }
            }
        }
        filled = null;
        // Kahn's algorithm, taking ready nodes in end-time order (their index in byEnd)
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
        List<DagNode> nodes = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int v = order[k];
            RecordedNode r = byEnd[v];
            byEnd[v] = null;                  // released: its DAG node replaces it
            int kept = 0;
            for (int e = inStart[v]; e < inStart[v + 1]; e++) {
                if (inPos[e] >= 0 && inPos[e] != v) {
                    kept++;
                }
            }
            Edge[] in = new Edge[kept];
            kept = 0;
            for (int e = inStart[v]; e < inStart[v + 1]; e++) {
                int p = inPos[e];
                if (p >= 0 && p != v) {
                    in[kept++] = new Edge(newId[p], r.inKinds()[e - inStart[v]]);
                }
            }
            long end = Math.max(r.start(), r.end());
            nodes.add(new DagNode(k, r.worker(), r.start(), end, r.work(), r.span(), r.ends(), List.of(in),
                    r.strands(), r.creates(), r.waits(), r.taskEnds(), r.innerDelay(), r.site(), r.sitePath(),
                    Math.min(r.notRunning(), Math.max(0, end - r.start() - r.work())), r.recorderBefore(),
                    Math.min(r.recorderInside(), Math.max(0, end - r.start() - r.work() - r.notRunning()))));
        }
        long b = begin;
        long f = finish;
        for (DagNode d : nodes) {
            b = Math.min(b, d.start());
            f = Math.max(f, d.end());
        }
        return new Assembled(new Dag(nodes, Math.max(1, workers), b, f, busy), dropped);
    }

    /**
     * @return the position in {@code byEnd} of the node with this id, or of the collapsed node that holds
     *         it (its thread's ids from its firstId to its id), or -1 when the file has neither
     */
    private static int position(long id, LongIntPairs byId, LongIntPairs collapsedByFirstId, RecordedNode[] byEnd) {
        int i = byId.search(id);
        if (i >= 0) {
            return byId.value(i);
        }
        int c = collapsedByFirstId.search(id);
        int floor = c >= 0 ? c : -c - 2;          // the last collapsed node whose firstId <= id
        if (floor >= 0) {
            int holder = collapsedByFirstId.value(floor);
            if (id <= byEnd[holder].id()) {
                return holder;
            }
        }
        return -1;
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
