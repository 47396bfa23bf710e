package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfileResamplingTest {
    /** The P = 2 schedule where B waits 15 ns (see HandBuiltScheduleTest). */
    static Dag delayed() {
        return new Dag(List.of(
                DagNode.strand(0, 0, 0, 10, NodeEnd.CREATE, List.of()),
                DagNode.strand(1, 1, 25, 35, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE))),
                DagNode.strand(2, 0, 10, 20, NodeEnd.WAIT, List.of(new Edge(0, EdgeKind.CREATE_CONT))),
                DagNode.strand(3, 0, 35, 40, NodeEnd.END,
                        List.of(new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END)))), 2, 0, 40);
    }

    @Test
    void fewSegmentsStayExact() {
        List<ProfileSample> s = ProfileResampling.resample(ParallelismProfile.of(delayed()), 100);
        assertThat(s).hasSize(ParallelismProfile.of(delayed()).segments().size());
        assertThat(s.get(0).start()).isEqualTo(0.0);
        assertThat(s.get(0).running()).isEqualTo(1.0);
    }

    @Test
    void twoBucketsAverageOverTime() {
        // [0,20): running 1 throughout, B ready during [10,20): 0.5 on average
        // [20,40): running 0 on [20,25), 1 on [25,40): 0.75; B ready on [20,25): 0.25
        List<ProfileSample> s = ProfileResampling.resample(ParallelismProfile.of(delayed()), 2);
        assertThat(s).hasSize(2);
        assertThat(s.get(0).end()).isEqualTo(20.0);
        assertThat(s.get(0).running()).isCloseTo(1.0, within(1e-12));
        assertThat(s.get(0).ready(EdgeKind.CREATE)).isCloseTo(0.5, within(1e-12));
        assertThat(s.get(1).running()).isCloseTo(0.75, within(1e-12));
        assertThat(s.get(1).ready(EdgeKind.CREATE)).isCloseTo(0.25, within(1e-12));
        assertThat(s.get(1).ready()).isCloseTo(0.25, within(1e-12));
    }
}
