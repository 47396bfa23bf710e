package io.forkscope.analysis.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The what-if on DAGs worked out by hand. */
class WhatIfTest {
    static DagNode strand(int id, long work, int site, Edge... in) {
        return new DagNode(id, 0, 0, work, work, work, NodeEnd.END, List.of(in), 1, 0, 0, 1, 0, site);
    }

    static SimulationOptions two() {
        return SimulationOptions.of(2, 0);
    }

    /**
     * The diamond of {@link HandBuiltSimulationTest} (A 10, B 20, C 10, D 10) with B in site 7.
     * Before: work 50, span 40, parallelism 1.25, T_2 = 40. B 2× faster (10): work 40, span 30
     * (A, B or C, D), parallelism 4/3; T_2: A [0,10), C [10,20) on w0, B [10,20) on w1, D [20,30)
     * on w1 (B's end made it ready, w0's C ended first at the same instant): 30.
     */
    @Test
    void aSiteTwiceAsFastShortensTheDiamond() {
        Dag dag = new Dag(List.of(strand(0, 10, -1), strand(1, 20, 7, new Edge(0, EdgeKind.CREATE)),
                strand(2, 10, -1, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(3, 10, -1, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))), 1, 0, 100);
        assertThat(DagShape.of(dag)).isEqualTo(new DagShape(50, 40, 40, 3));
        assertThat(WorkStealingSimulator.simulate(dag, two()).makespan()).isEqualTo(40);
        Costs faster = WhatIf.faster(dag, Map.of(7, 2.0));
        DagShape after = DagShape.of(dag, faster);
        assertThat(after).isEqualTo(new DagShape(40, 30, 30, 3));
        assertThat(after.parallelism()).isEqualTo(40.0 / 30);
        Simulation s = WorkStealingSimulator.simulate(dag, faster, two());
        assertThat(s.makespan()).isEqualTo(30);
        assertThat(s.schedule().worker(3)).isEqualTo(1);
        assertThat(WhatIf.faster(dag, Map.of(8, 2.0)).work(1)).isEqualTo(20);     // a site with no node
    }

    /**
     * Graham's anomaly: a faster node can make a greedy schedule longer, so the what-if promises
     * that work and span never grow, not T_P. Nodes (work): A 27 → B 3, C 2, E 20 (continuations);
     * B, C → D 18 (B by an end edge, C by a create edge); B → F 11 (create).
     * <p>As recorded, P = 2: A [0,27) on w0; at 27 w0 keeps B [27,30) and pushes C, E; w1 steals C
     * [27,29), then E [29,49); B's end makes D ready (end edge: w0 keeps it) and F (pushed): D
     * [30,48), F [48,59). T_2 = 59.
     * <p>B 1.5× faster (3 → 2): B and C both end at 29; w0's completion comes first and leaves D
     * waiting for C; C's end makes D ready on w1 by a create edge, pushed; w0 pops F [29,40), w1 pops
     * D [29,47); w0 then pops E [40,60). T_2 = 60: later, with less work and a shorter span (48 → 47).
     */
    @Test
    void aFasterNodeCanLengthenTheSchedule() {
        Dag dag = new Dag(List.of(strand(0, 27, 0),
                strand(1, 3, 1, new Edge(0, EdgeKind.WAIT_CONT)),
                strand(2, 2, 0, new Edge(0, EdgeKind.WAIT_CONT)),
                strand(3, 18, 0, new Edge(2, EdgeKind.CREATE), new Edge(0, EdgeKind.CREATE), new Edge(1, EdgeKind.END)),
                strand(4, 11, 2, new Edge(1, EdgeKind.CREATE)),
                strand(5, 20, -1, new Edge(0, EdgeKind.CREATE_CONT))), 1, 0, 100);
        Simulation before = WorkStealingSimulator.simulate(dag, two());
        assertThat(before.makespan()).isEqualTo(59);
        assertThat(before.schedule().start(3)).isEqualTo(30);
        Costs faster = WhatIf.faster(dag, Map.of(1, 1.5));
        assertThat(faster.work(1)).isEqualTo(2);
        assertThat(DagShape.of(dag).span()).isEqualTo(48);                 // A, B, D
        assertThat(DagShape.of(dag, faster).span()).isEqualTo(47);
        Simulation after = WorkStealingSimulator.simulate(dag, faster, two());
        assertThat(after.makespan()).isEqualTo(60);
        assertThat(after.schedule().start(4)).isEqualTo(29);
        assertThat(after.schedule().start(5)).isEqualTo(40);
    }

    @Test
    void aSpeedupMustBePositiveAndFinite() {
        Dag dag = new Dag(List.of(strand(0, 10, 1)), 1, 0, 10);
        assertThatThrownBy(() -> WhatIf.faster(dag, Map.of(1, 0.0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WhatIf.faster(dag, Map.of(1, Double.NaN))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WhatIf.faster(dag, Map.of(1, Double.POSITIVE_INFINITY)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(WhatIf.faster(dag, Map.of(1, 0.5)).work(0)).isEqualTo(20);     // k < 1: slower
    }
}
