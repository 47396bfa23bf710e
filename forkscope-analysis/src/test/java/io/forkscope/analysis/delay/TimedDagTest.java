package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A DAG counted in bytecodes read by its nodes' times, on hand-built nodes. */
class TimedDagTest {
    @Test
    void aNodesTimeIsItsLengthLessWhatWasNotTheProgramsAndItsSpanTheSameShare() {
        // a strand of 5,000 bytecodes from 0 to 100 ns, 10 ns of them forkscope's own
        DagNode strand = new DagNode(0, 0, 0, 100, 5_000, 5_000, NodeEnd.CREATE, List.of(), 1, 0, 0, 0, 0, -1,
                List.of(), 0, 0, 10);
        // a collapsed sub-DAG from 100 to 1,100 ns: 200 ns of inner delay, 40 ns its thread was off its
        // CPU; 4,000 bytecodes of work, 1,000 of them on its longest inner path
        DagNode collapsed = new DagNode(1, 1, 100, 1_100, 4_000, 1_000, NodeEnd.END,
                List.of(new Edge(0, EdgeKind.CREATE)), 9, 2, 2, 3, 200, -1, List.of(), 40, 0, 0);
        Dag timed = TimedDag.of(new Dag(List.of(strand, collapsed), 2, 0, 1_100));

        DagNode s = timed.nodes().get(0);
        assertThat(s.work()).isEqualTo(90);
        assertThat(s.span()).isEqualTo(90);
        DagNode c = timed.nodes().get(1);
        assertThat(c.work()).isEqualTo(1_000 - 200 - 40);
        assertThat(c.span()).isEqualTo((1_000 - 200 - 40) / 4);
        // times, edges and counts as recorded
        assertThat(c.start()).isEqualTo(100);
        assertThat(c.end()).isEqualTo(1_100);
        assertThat(c.in()).isEqualTo(collapsed.in());
        assertThat(c.creates()).isEqualTo(2);
        assertThat(timed.workers()).isEqualTo(2);
    }
}
