package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random DAGs with valid schedules, for property tests here and in the report module (which uses
 * this module's test jar).
 */
public final class RandomSchedules {
    private RandomSchedules() {}

    /** Nodes in id order, each ready after its predecessors, started on a random worker when it is free. */
    public static Dag randomRun(Random rnd, int workers, int size) {
        long[] free = new long[workers];
        List<DagNode> nodes = new ArrayList<>();
        for (int id = 0; id < size; id++) {
            List<Edge> in = new ArrayList<>();
            if (id > 0) {
                int preds = 1 + rnd.nextInt(Math.min(3, id));
                for (int k = 0; k < preds; k++) {
                    int from = rnd.nextInt(id);
                    if (in.stream().noneMatch(e -> e.from() == from)) {
                        in.add(new Edge(from, EdgeKind.values()[rnd.nextInt(4)]));
                    }
                }
            }
            long ready = 0;
            for (Edge e : in) {
                ready = Math.max(ready, nodes.get(e.from()).end());
            }
            int w = rnd.nextInt(workers);
            long start = Math.max(ready, free[w]) + (rnd.nextInt(3) == 0 ? rnd.nextInt(20) : 0);
            long end = start + rnd.nextInt(30);
            free[w] = end;
            nodes.add(DagNode.strand(id, w, start, end, NodeEnd.values()[rnd.nextInt(3)], in));
        }
        long finish = nodes.stream().mapToLong(DagNode::end).max().orElse(0) + rnd.nextInt(5);
        return new Dag(nodes, workers, 0, finish);
    }

    /**
     * A run on small integer times so that ties are frequent: node lengths 0 to 3, idle gaps of 0
     * to 3 before a start, a begin of 0 to 3; about half the nodes get a second predecessor that
     * ends at the same instant as the first (a readiness tie between edges of random kinds), and a
     * few nodes have no predecessor (ready from the begin). Every node starts on a random worker
     * once its predecessors have ended and that worker is free, so no worker runs two nodes at once.
     */
    public static Dag randomTiedRun(Random rnd, int workers, int size) {
        long begin = rnd.nextInt(4);
        long[] free = new long[workers];
        java.util.Arrays.fill(free, begin);
        List<DagNode> nodes = new ArrayList<>();
        for (int id = 0; id < size; id++) {
            List<Edge> in = new ArrayList<>();
            if (id > 0 && rnd.nextInt(12) != 0) {
                int first = rnd.nextInt(id);
                in.add(new Edge(first, randomKind(rnd)));
                if (rnd.nextBoolean()) {
                    long end = nodes.get(first).end();
                    List<Integer> sameEnd = new ArrayList<>();
                    for (DagNode n : nodes) {
                        if (n.end() == end && n.id() != first) {
                            sameEnd.add(n.id());
                        }
                    }
                    if (!sameEnd.isEmpty()) {
                        in.add(new Edge(sameEnd.get(rnd.nextInt(sameEnd.size())), randomKind(rnd)));
                    }
                }
                if (rnd.nextInt(3) == 0) {
                    int other = rnd.nextInt(id);
                    if (in.stream().noneMatch(e -> e.from() == other)) {
                        in.add(rnd.nextInt(in.size() + 1), new Edge(other, randomKind(rnd)));
                    }
                }
            }
            long ready = begin;
            for (Edge e : in) {
                ready = Math.max(ready, nodes.get(e.from()).end());
            }
            int w = rnd.nextInt(workers);
            long start = Math.max(ready, free[w]) + (rnd.nextBoolean() ? 0 : rnd.nextInt(4));
            long end = start + rnd.nextInt(4);
            free[w] = end;
            nodes.add(DagNode.strand(id, w, start, end, NodeEnd.values()[rnd.nextInt(3)], in));
        }
        long finish = nodes.stream().mapToLong(DagNode::end).max().orElse(begin) + rnd.nextInt(3);
        return new Dag(nodes, workers, begin, finish);
    }

    private static EdgeKind randomKind(Random rnd) {
        return EdgeKind.values()[rnd.nextInt(EdgeKind.values().length)];
    }

    /**
     * The same run with about a quarter of its strands stopped: their thread was not running for
     * their whole interval (work 0, not-running time = their length), as a strand preempted from
     * start to end; whole ticks, so that a tick oracle counts them exactly. Slots are kept.
     */
    static Dag withStoppedStrands(Random rnd, Dag dag) {
        List<DagNode> nodes = new ArrayList<>();
        for (DagNode n : dag.nodes()) {
            long length = n.end() - n.start();
            if (length > 0 && rnd.nextInt(4) == 0) {
                nodes.add(new DagNode(n.id(), n.worker(), n.start(), n.end(), 0, 0, n.ends(), n.in(), n.strands(),
                        n.creates(), n.waits(), n.taskEnds(), n.innerDelay(), n.site(), n.sitePath(), length));
            } else {
                nodes.add(n);
            }
        }
        return new Dag(nodes, dag.workers(), dag.begin(), dag.finish(), dag.busy()).withSlots(dag.slots());
    }

    /**
     * The same run with forkscope's own time before about half of its nodes: on each worker, a whole
     * number of ticks at most the gap since the worker's previous node ended (since the begin for its
     * first), as the recorder's hooks leave it. Slots are kept.
     */
    static Dag withRecorderTime(Random rnd, Dag dag) {
        java.util.Map<Integer, Long> lastEnd = new java.util.HashMap<>();
        List<DagNode> nodes = new ArrayList<>();
        for (DagNode n : dag.nodes()) {      // id order is each worker's time order (randomTiedRun)
            long gap = n.start() - lastEnd.getOrDefault(n.worker(), dag.begin());
            long before = gap > 0 && rnd.nextBoolean() ? rnd.nextInt((int) gap + 1) : 0;
            lastEnd.merge(n.worker(), n.end(), Math::max);
            nodes.add(new DagNode(n.id(), n.worker(), n.start(), n.end(), n.work(), n.span(), n.ends(), n.in(),
                    n.strands(), n.creates(), n.waits(), n.taskEnds(), n.innerDelay(), n.site(), n.sitePath(),
                    n.notRunning(), before, 0));
        }
        return new Dag(nodes, dag.workers(), dag.begin(), dag.finish(), dag.busy()).withSlots(dag.slots());
    }
}
