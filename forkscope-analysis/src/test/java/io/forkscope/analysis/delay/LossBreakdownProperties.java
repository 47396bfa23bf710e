package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Invariants of the decomposition on random DAGs and random (valid) schedules. */
class LossBreakdownProperties {

    @Property(tries = 300)
    void workDelayAndNoWorkAddUpToWorkersTimesElapsed(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int workers,
                                                      @ForAll @IntRange(min = 1, max = 60) int size) {
        Dag dag = randomRun(new Random(seed), workers, size);
        DelayReport r = DelaySpotter.analyze(dag);
        LossBreakdown b = r.breakdown();
        double total = (double) workers * dag.elapsed();
        assertThat(b.total()).isCloseTo(total, within(1e-6 * Math.max(1, total)));
        assertThat(b.work()).isCloseTo(r.stats().work(), within(1e-6 * Math.max(1, total)));
        assertThat(b.noWorkSched()).isBetween(-1e-9, b.noWork() + 1e-6);
        assertThat(b.delayByKind().values().stream().mapToDouble(Double::doubleValue).sum())
                .isCloseTo(b.delay(), within(1e-6 * Math.max(1, total)));
        // the ready path runs from the begin to the last node's end
        long lastEnd = dag.nodes().stream().mapToLong(DagNode::end).max().orElse(dag.begin());
        assertThat(r.readyPath().length()).isCloseTo((double) lastEnd - dag.begin(), within(1e-6));
        assertThat(r.stats().criticalPath()).isLessThanOrEqualTo(lastEnd - dag.begin());
        assertThat(r.stats().work()).isLessThanOrEqualTo((long) workers * dag.elapsed());
    }

    /** Nodes in id order, each ready after its predecessors, started on a random worker when it is free. */
    static Dag randomRun(Random rnd, int workers, int size) {
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
}
