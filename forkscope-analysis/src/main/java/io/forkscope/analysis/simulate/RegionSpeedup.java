package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.List;

/**
 * A what-if on a region (issue 23, item 5: {@code --speedup REGION=k}): the nodes that ran inside
 * any occurrence of the region labelled {@code name} take 1/{@code factor} of their work and inner
 * span ({@link WhatIf}).
 *
 * <p>A region is an interval of the run's time opened and closed by one thread, not a set of
 * tasks: "inside" is by time, as {@code predict --region} takes a region's DAG. A node is inside an
 * occurrence when it started at or after the occurrence's begin and ended at or before its end;
 * those nodes are scaled, whichever worker ran them (in the usual use, a region around
 * {@code pool.invoke}, every node in that time is the region's work). A node that crosses an
 * occurrence's begin or end (typically the strand of the thread that opens the region and then
 * submits the work, a few microseconds) is left as it is, and counted in {@code nodesCrossing} so
 * the report can say how much was left out.
 *
 * @param name          the region's label
 * @param occurrences   its occurrences in the recording, [start, end] in the DAG's clock
 * @param factor        k > 0 and finite; k > 1 is faster
 * @param nodesInside   the DAG's nodes inside an occurrence (scaled)
 * @param workInside    their recorded work (ns), before scaling
 * @param nodesCrossing the DAG's nodes that overlap an occurrence without lying inside it (not scaled)
 */
public record RegionSpeedup(String name, List<Occurrence> occurrences, double factor, long nodesInside,
                            long workInside, long nodesCrossing) implements Speedup {
    public RegionSpeedup {
        occurrences = List.copyOf(occurrences);
        Speedup.checkFactor(name, factor);
    }

    /** One occurrence of a region: [startNs, endNs] in the DAG's clock. */
    public record Occurrence(long startNs, long endNs) {
        public Occurrence {
            if (endNs < startNs) {
                throw new IllegalArgumentException("an occurrence ends before it starts: " + startNs + ".." + endNs);
            }
        }

        boolean contains(DagNode n) {
            return n.start() >= startNs && n.end() <= endNs;
        }

        /** Overlaps [start, end] in an interval of positive length, or holds a node of length 0. */
        boolean overlaps(DagNode n) {
            return n.start() < endNs && n.end() > startNs || contains(n);
        }
    }

    /** @return the speedup of the region's occurrences on {@code dag}, with its nodes counted */
    public static RegionSpeedup of(Dag dag, String name, List<Occurrence> occurrences, double factor) {
        long inside = 0;
        long work = 0;
        long crossing = 0;
        for (DagNode n : dag.nodes()) {
            boolean in = false;
            boolean overlap = false;
            for (Occurrence o : occurrences) {
                in |= o.contains(n);
                overlap |= o.overlaps(n);
            }
            if (in) {
                inside++;
                work += n.work();
            } else if (overlap) {
                crossing++;
            }
        }
        return new RegionSpeedup(name, occurrences, factor, inside, work, crossing);
    }

    @Override
    public boolean covers(DagNode node) {
        for (Occurrence o : occurrences) {
            if (o.contains(node)) {
                return true;
            }
        }
        return false;
    }
}
