package io.forkscope.analysis.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The what-if on random DAGs with random sites ({@link SimDags}). */
class WhatIfProperties {

    @Provide
    Arbitrary<Integer> workers() {
        return Arbitraries.oneOf(Arbitraries.integers().between(1, 9), Arbitraries.of(64, 1024));
    }

    static Map<Integer, Double> sites(Random rnd, double k) {
        Map<Integer, Double> chosen = new HashMap<>();
        for (int site = -1; site <= 2; site++) {
            if (rnd.nextBoolean()) {
                chosen.put(site, k);
            }
        }
        return chosen;
    }

    /** k = 1 changes no cost and so no simulation. */
    @Property(tries = 200)
    void aSpeedupOfOneChangesNothing(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                                     @ForAll("workers") int p, @ForAll @LongRange(min = 0, max = 20) long latency,
                                     @ForAll CollapsedReplay mode) {
        Random rnd = new Random(seed);
        Dag dag = SimDags.random(rnd, size);
        Costs same = WhatIf.faster(dag, sites(rnd, 1.0));
        for (DagNode n : dag.nodes()) {
            assertThat(same.work(n.id())).isEqualTo(n.work());
            assertThat(same.span(n.id())).isEqualTo(n.span());
        }
        SimulationOptions options = new SimulationOptions(p, latency, seed, mode);
        Simulation before = WorkStealingSimulator.simulate(dag, options);
        Simulation after = WorkStealingSimulator.simulate(dag, same, options);
        assertThat(after.makespan()).isEqualTo(before.makespan());
        assertThat(after.steals()).isEqualTo(before.steals());
        assertThat(after.noWork()).isEqualTo(before.noWork());
        assertThat(DagShape.of(dag, same)).isEqualTo(DagShape.of(dag));
    }

    /**
     * k ≥ 1: only the chosen sites' nodes change, by k exactly (to the ns); work, span and replay
     * span never grow; T_1 falls with the work; the new T_P keeps Graham's bound on the new shape.
     */
    @Property(tries = 300)
    void aFasterSiteNeverLengthensTheDagNorBreaksTheBounds(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                                                           @ForAll("workers") int p,
                                                           @ForAll @DoubleRange(min = 1, max = 8) double k,
                                                           @ForAll CollapsedReplay mode) {
        Random rnd = new Random(seed);
        Dag dag = SimDags.random(rnd, size);
        Map<Integer, Double> chosen = sites(rnd, k);
        Costs faster = WhatIf.faster(dag, chosen);
        for (DagNode n : dag.nodes()) {
            boolean scaled = chosen.containsKey(n.site());
            assertThat(faster.work(n.id())).isEqualTo(scaled ? Math.round(n.work() / k) : n.work());
            assertThat(faster.span(n.id())).isEqualTo(scaled ? Math.round(n.span() / k) : n.span());
        }
        DagShape before = DagShape.of(dag);
        DagShape after = DagShape.of(dag, faster);
        assertThat(after.work()).isLessThanOrEqualTo(before.work());
        assertThat(after.span()).isLessThanOrEqualTo(before.span());
        assertThat(after.replaySpan()).isLessThanOrEqualTo(before.replaySpan());
        SimulationOptions one = new SimulationOptions(1, 0, seed, mode);
        assertThat(WorkStealingSimulator.simulate(dag, faster, one).makespan())
                .isEqualTo(after.work())
                .isLessThanOrEqualTo(WorkStealingSimulator.simulate(dag, one).makespan());
        Simulation s = WorkStealingSimulator.simulate(dag, faster, new SimulationOptions(p, 0, seed, mode));
        assertThat(s.makespan() * p).isBetween(after.work(), after.work() + (long) (p - 1) * after.replaySpan());
    }
}
