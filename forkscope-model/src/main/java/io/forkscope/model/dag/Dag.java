package io.forkscope.model.dag;

import java.util.List;

/**
 * The DAG of one recorded parallel run (Delay Spotter / DAG Recorder): its nodes in an order where
 * every predecessor comes first, the number of workers P, and the analysed interval.
 *
 * @param nodes   the nodes; {@code nodes.get(i).id() == i}
 * @param workers P, the workers that could run nodes
 * @param begin   when the analysed computation began (ns)
 * @param finish  when it finished (ns)
 */
public record Dag(List<DagNode> nodes, int workers, long begin, long finish) {
    public Dag {
        nodes = List.copyOf(nodes);
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).id() != i) {
                throw new IllegalArgumentException("node at index " + i + " has id " + nodes.get(i).id());
            }
        }
        if (workers < 1) {
            throw new IllegalArgumentException("a DAG needs at least one worker");
        }
        if (finish < begin) {
            throw new IllegalArgumentException("the run finishes before it begins");
        }
    }

    public long elapsed() {
        return finish - begin;
    }
}
