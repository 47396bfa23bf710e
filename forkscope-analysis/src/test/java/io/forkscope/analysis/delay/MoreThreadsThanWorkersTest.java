package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * More threads running nodes than the run's P: a pool of parallelism 2 whose worker blocked in a
 * managed block got a compensating third thread. The breakdown still splits P × elapsed by its
 * definition, p = min(P, running): no part negative, work at most P × elapsed.
 */
class MoreThreadsThanWorkersTest {
    /**
     * P = 2. A [0,20) on thread 0, B [0,20) on thread 1, C [0,10) on thread 2, D [15,20) on thread 2
     * forked by C (ready at 10). [0,10): 3 running, p = 2: work 20. [10,15): 2 running, D ready, no
     * worker free: work 10, delay 0. [15,20): 3 running: work 10. Work 40 = 2 × 20; no delay, no
     * no-work (counting all 3 threads would give work 30 and delay −10 in [0,10)).
     */
    @Test
    void aThirdThreadIsNotAThirdWorker() {
        Dag dag = new Dag(List.of(
                DagNode.strand(0, 0, 0, 20, NodeEnd.END, List.of()),
                DagNode.strand(1, 1, 0, 20, NodeEnd.END, List.of()),
                DagNode.strand(2, 2, 0, 10, NodeEnd.CREATE, List.of()),
                DagNode.strand(3, 2, 15, 20, NodeEnd.END, List.of(new Edge(2, EdgeKind.CREATE)))), 2, 0, 20);
        LossBreakdown b = DelaySpotter.analyze(dag).breakdown();
        assertThat(b.work()).isEqualTo(40.0);
        assertThat(b.delay()).isEqualTo(0.0);
        assertThat(b.noWork()).isEqualTo(0.0);
        assertThat(b.delayByKind().values()).allMatch(d -> d == 0.0);
        assertThat(b.total()).isEqualTo(2.0 * 20);
    }
}
