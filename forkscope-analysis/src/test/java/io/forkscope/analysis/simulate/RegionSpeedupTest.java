package io.forkscope.analysis.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.analysis.simulate.RegionSpeedup.Occurrence;
import io.forkscope.analysis.simulate.SimulatedScaling.SiteSpeedup;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code predict --speedup REGION=k} on the diamond worked out by hand, with the times it was
 * recorded at: A [0, 10) work 10 forks B [10, 30) work 20 (site 7); A's continuation C [10, 20) work 10
 * waits; D [30, 40) work 10 joins. Work 50, span 40 (A, B, D), T_2 = 40 (L = 0).
 */
class RegionSpeedupTest {
    static DagNode node(int id, long start, long end, int site, Edge... in) {
        return new DagNode(id, 0, start, end, end - start, end - start, NodeEnd.END, List.of(in), 1, 0, 0, 1, 0, site);
    }

    static Dag diamond() {
        return new Dag(List.of(node(0, 0, 10, -1), node(1, 10, 30, 7, new Edge(0, EdgeKind.CREATE)),
                node(2, 10, 20, -1, new Edge(0, EdgeKind.CREATE_CONT)),
                node(3, 30, 40, -1, new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END))), 2, 0, 40);
    }

    static SimulatedScaling predict(Dag dag, List<? extends Speedup> speedups) {
        return SimulatedScaling.of(dag, List.of(1, 2), 0, 0, speedups, null);
    }

    /**
     * A region [5, 30]: B [10, 30) and C [10, 20) lie inside and are 2× faster (B 10, C 5); A [0, 10)
     * crosses its begin and is left; D [30, 40) starts at its end, outside. Work 10 + 10 + 5 + 10 = 35,
     * span A, B, D = 30, parallelism 35/30. T_2: A [0, 10) on w0, which keeps C [10, 15); w1 steals B
     * [10, 20); D, ready when B ends at 20, [20, 30): T_2 = 30. T_1 = 35.
     */
    @Test
    void theNodesInsideTheRegionAreKTimesFaster() {
        Dag dag = diamond();
        RegionSpeedup r = RegionSpeedup.of(dag, "kernel", List.of(new Occurrence(5, 30)), 2);
        assertThat(r.nodesInside()).isEqualTo(2);
        assertThat(r.workInside()).isEqualTo(30);
        assertThat(r.nodesCrossing()).isEqualTo(1);
        SimulatedScaling p = predict(dag, List.of(r));
        assertThat(p.asRecorded().shape()).isEqualTo(new DagShape(50, 40, 40, 3));
        assertThat(p.asRecorded().at(2).sequential().makespan()).isEqualTo(40);
        assertThat(p.whatIf().shape()).isEqualTo(new DagShape(35, 30, 30, 3));
        assertThat(p.whatIf().shape().parallelism()).isEqualTo(35.0 / 30);
        assertThat(p.whatIf().at(1).sequential().makespan()).isEqualTo(35);
        assertThat(p.whatIf().at(2).sequential().makespan()).isEqualTo(30);
        assertThat(p.speedups()).containsExactly(r);
    }

    /**
     * Two occurrences, [10, 30] and [30, 40]: B, C and D inside (D in the second), nothing crossing.
     * k = 2: B 10, C 5, D 5; work 30, span 25; T_2: A [0, 10), C [10, 15) on w0, B [10, 20) on w1,
     * D [20, 25): 25.
     */
    @Test
    void everyOccurrenceCounts() {
        Dag dag = diamond();
        RegionSpeedup r = RegionSpeedup.of(dag, "k", List.of(new Occurrence(10, 30), new Occurrence(30, 40)), 2);
        assertThat(r.nodesInside()).isEqualTo(3);
        assertThat(r.workInside()).isEqualTo(40);
        assertThat(r.nodesCrossing()).isZero();
        SimulatedScaling p = predict(dag, List.of(r));
        assertThat(p.whatIf().shape()).isEqualTo(new DagShape(30, 25, 25, 3));
        assertThat(p.whatIf().at(2).sequential().makespan()).isEqualTo(25);
    }

    /**
     * A site and a region both covering B: the later speedup's k is B's (they do not multiply). Site 7
     * ×4 then the region [10, 30] ×2: B 10 (not 5), C 5; work 35. The other order: B 5, C 5; work 30.
     */
    @Test
    void theLaterSpeedupOfANodeWins() {
        Dag dag = diamond();
        SiteSpeedup site = new SiteSpeedup("7", List.of(7), 4);
        RegionSpeedup region = RegionSpeedup.of(dag, "k", List.of(new Occurrence(10, 30)), 2);
        assertThat(WhatIf.faster(dag, Costs.recorded(dag), List.of(site, region)).work(1)).isEqualTo(10);
        assertThat(DagShape.of(dag, WhatIf.faster(dag, Costs.recorded(dag), List.of(site, region))).work())
                .isEqualTo(35);
        assertThat(WhatIf.faster(dag, Costs.recorded(dag), List.of(region, site)).work(1)).isEqualTo(5);
        assertThat(DagShape.of(dag, WhatIf.faster(dag, Costs.recorded(dag), List.of(region, site))).work())
                .isEqualTo(30);
    }

    /** A region around nothing, or k = 1, changes nothing; a node of length 0 at its edge is inside. */
    @Test
    void aRegionWithoutNodesOrAFactorOfOneChangesNothing() {
        Dag dag = diamond();
        RegionSpeedup empty = RegionSpeedup.of(dag, "e", List.of(new Occurrence(100, 200)), 3);
        assertThat(empty.nodesInside()).isZero();
        assertThat(empty.nodesCrossing()).isZero();
        assertThat(predict(dag, List.of(empty)).whatIf().shape()).isEqualTo(new DagShape(50, 40, 40, 3));
        RegionSpeedup one = RegionSpeedup.of(dag, "all", List.of(new Occurrence(0, 40)), 1);
        assertThat(one.nodesInside()).isEqualTo(4);
        assertThat(predict(dag, List.of(one)).whatIf().rows()).isEqualTo(predict(dag, List.of(one)).asRecorded().rows());
        Dag point = new Dag(List.of(node(0, 5, 5, -1)), 1, 0, 10);
        assertThat(RegionSpeedup.of(point, "p", List.of(new Occurrence(5, 5)), 2).nodesInside()).isEqualTo(1);
        assertThatThrownBy(() -> RegionSpeedup.of(dag, "x", List.of(new Occurrence(0, 40)), 0))
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> new Occurrence(5, 4)).hasMessageContaining("ends before it starts");
    }

    /**
     * Costs scaled to another run's work: ×1.5 on the diamond gives A 15, B 30, C 15, D 15 (span 60,
     * T_2 = 60); to 17 (×0.34) each node is rounded (3.4 → 3, 6.8 → 7): work 3 + 7 + 3 + 3 = 16, not 17.
     */
    @Test
    void costsScaleToAnotherRunsWork() {
        Dag dag = diamond();
        Costs up = Costs.scaledTo(dag, 75);
        assertThat(DagShape.of(dag, up)).isEqualTo(new DagShape(75, 60, 60, 3));
        assertThat(SimulatedScaling.of(dag, up, List.of(2), 0, 0, List.of(), null).asRecorded().at(2).sequential()
                .makespan()).isEqualTo(60);
        Costs down = Costs.scaledTo(dag, 17);
        assertThat(down.work(0)).isEqualTo(3);
        assertThat(down.work(1)).isEqualTo(7);
        assertThat(DagShape.of(dag, down).work()).isEqualTo(16);
        assertThatThrownBy(() -> Costs.scaledTo(dag, -1)).isInstanceOf(IllegalArgumentException.class);
        Dag empty = new Dag(List.of(node(0, 0, 0, -1)), 1, 0, 0);
        assertThatThrownBy(() -> Costs.scaledTo(empty, 10)).hasMessageContaining("cannot scale");
    }
}
