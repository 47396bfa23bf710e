package io.forkscope.analysis.simulate;

import io.forkscope.analysis.delay.RandomSchedules;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random DAGs for the simulator's properties: {@link RandomSchedules#randomRun}'s DAGs (random edge
 * kinds, up to 3 predecessors, works 0–29 with many zeros and ties), with about a quarter of the
 * nodes of positive work collapsed (inner span uniform in [0, work]) and each node in site -1, 0, 1
 * or 2.
 */
final class SimDags {
    private SimDags() {}

    static Dag random(Random rnd, int size) {
        Dag run = RandomSchedules.randomRun(rnd, 1 + rnd.nextInt(3), size);
        List<DagNode> nodes = new ArrayList<>();
        for (DagNode n : run.nodes()) {
            boolean collapse = n.work() > 0 && rnd.nextInt(4) == 0;
            long span = collapse ? rnd.nextLong(n.work() + 1) : n.span();
            nodes.add(new DagNode(n.id(), n.worker(), n.start(), n.end(), n.work(), span, n.ends(), n.in(),
                    collapse ? 2 + rnd.nextInt(5) : 1, collapse ? 1 : 0, collapse ? 1 : 0, n.taskEnds(), 0,
                    rnd.nextInt(4) - 1));
        }
        return new Dag(nodes, run.workers(), run.begin(), run.finish());
    }
}
