package io.forkscope.model.dag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

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
        Map<Long, Integer> position = new HashMap<>();
        RecordedNode[] byEnd = recorded.toArray(new RecordedNode[0]);
        Arrays.sort(byEnd, Comparator.comparingLong(RecordedNode::end).thenComparingLong(RecordedNode::start)
                .thenComparingLong(RecordedNode::id));
        java.util.TreeMap<Long, Integer> collapsedByFirstId = new java.util.TreeMap<>();
        for (int i = 0; i < byEnd.length; i++) {
            position.put(byEnd[i].id(), i);
            if (byEnd[i].firstId() < byEnd[i].id()) {
                collapsedByFirstId.put(byEnd[i].firstId(), i);
            }
        }
        for (int i = 0; i < byEnd.length; i++) {
            for (long from : byEnd[i].inFrom()) {
                if (!position.containsKey(from)) {
                    var holder = collapsedByFirstId.floorEntry(from);
                    if (holder != null && from <= byEnd[holder.getValue()].id()) {
                        position.put(from, holder.getValue());
                    }
                }
            }
        }
        int n = byEnd.length;
        int[] missingPreds = new int[n];
        List<List<Integer>> successors = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            successors.add(new ArrayList<>());
        }
        int dropped = 0;
        for (int i = 0; i < n; i++) {
            for (long from : byEnd[i].inFrom()) {
                Integer p = position.get(from);
                if (p == null) {
                    dropped++;
                } else if (p != i) {
                    missingPreds[i]++;
                    successors.get(p).add(i);
                }
            }
        }
        // Kahn's algorithm, taking ready nodes in end-time order
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int i = 0; i < n; i++) {
            if (missingPreds[i] == 0) {
                ready.add(i);
            }
        }
        int[] newId = new int[n];
        Arrays.fill(newId, -1);
        int next = 0;
        int[] order = new int[n];
        while (!ready.isEmpty()) {
            int v = ready.poll();
            newId[v] = next;
            order[next++] = v;
            for (int s : successors.get(v)) {
                if (--missingPreds[s] == 0) {
                    ready.add(s);
                }
            }
        }
        if (next < n) {
            throw new IllegalArgumentException("the recorded DAG has a cycle");
        }
        List<DagNode> nodes = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            RecordedNode r = byEnd[order[k]];
            List<Edge> in = new ArrayList<>();
            for (int e = 0; e < r.inFrom().length; e++) {
                Integer p = position.get(r.inFrom()[e]);
                if (p != null && p != order[k]) {
                    in.add(new Edge(newId[p], r.inKinds()[e]));
                }
            }
            long end = Math.max(r.start(), r.end());
            nodes.add(new DagNode(k, r.worker(), r.start(), end, r.work(), r.span(), r.ends(), in, r.strands(),
                    r.creates(), r.waits(), r.taskEnds(), r.innerDelay(), r.site(), r.sitePath(),
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

    public record Assembled(Dag dag, int droppedEdges) {}
}
