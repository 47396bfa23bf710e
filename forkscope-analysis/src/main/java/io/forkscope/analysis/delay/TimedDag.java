package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A DAG recorded in counted units ({@code --unit bytecodes --mode dag}) as the time analyses read it.
 * Its nodes' work and span are instruction counts, while their start and end stay wall-clock times
 * (measures.md §6 is about P × elapsed). Delay Spotter, the parallelism profile and the ready path
 * need each node's running time: here it is the node's wall-clock length less what the recorder knows
 * was not the program's running inside it (the inner delay of a collapsed node, forkscope's own time
 * inside it, its thread not running), and its span the same share of that time as its counted span
 * is of its counted work (a collapsed node's longest inner path, timed as its work is).
 */
public final class TimedDag {
    private TimedDag() {}

    /** @return {@code dag} with every node's work and span in ns (see the class comment) */
    public static Dag of(Dag dag) {
        List<DagNode> nodes = new ArrayList<>(dag.nodes().size());
        for (DagNode n : dag.nodes()) {
            long running = Math.max(0, n.end() - n.start() - n.innerDelay() - n.recorderInside() - n.notRunning());
            long span = n.work() <= 0 ? running : Math.round((double) running * Math.min(n.span(), n.work()) / n.work());
            nodes.add(new DagNode(n.id(), n.worker(), n.start(), n.end(), running, span, n.ends(), n.in(), n.strands(),
                    n.creates(), n.waits(), n.taskEnds(), n.innerDelay(), n.site(), n.sitePath(), n.notRunning(),
                    n.recorderBefore(), n.recorderInside()));
        }
        return new Dag(nodes, dag.workers(), dag.begin(), dag.finish(), dag.busy(), dag.slots());
    }
}
