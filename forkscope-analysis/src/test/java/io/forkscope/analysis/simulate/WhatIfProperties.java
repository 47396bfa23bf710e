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

    /**
     * A region speedup scales exactly the nodes whose [start, end] lies inside one of its occurrences
     * (an oracle that checks each node against each interval apart), counts as crossing exactly those
     * that overlap one without lying inside any, and never lengthens work, span or replay span.
     */
    @Property(tries = 300)
    void aFasterRegionScalesExactlyTheNodesInsideIt(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                                                   @ForAll @DoubleRange(min = 1, max = 8) double k) {
        Random rnd = new Random(seed);
        Dag dag = SimDags.random(rnd, size);
        long span = Math.max(1, dag.finish() - dag.begin());
        java.util.List<RegionSpeedup.Occurrence> occurrences = new java.util.ArrayList<>();
        for (int i = rnd.nextInt(4); i > 0; i--) {
            long a = dag.begin() + rnd.nextLong(span + 1);
            long b = dag.begin() + rnd.nextLong(span + 1);
            occurrences.add(new RegionSpeedup.Occurrence(Math.min(a, b), Math.max(a, b)));
        }
        RegionSpeedup r = RegionSpeedup.of(dag, "r", occurrences, k);
        Costs faster = WhatIf.faster(dag, Costs.recorded(dag), java.util.List.of(r));
        long inside = 0;
        long crossing = 0;
        for (DagNode n : dag.nodes()) {
            boolean in = occurrences.stream().anyMatch(o -> o.startNs() <= n.start() && n.end() <= o.endNs());
            // shares time with an occurrence, or holds a whole occurrence of length 0 (the region began
            // and ended while the node ran: it spans the region's begin and end, so it crosses it)
            boolean overlaps = occurrences.stream().anyMatch(o -> Math.max(o.startNs(), n.start())
                    < Math.min(o.endNs(), n.end()) || n.start() < o.startNs() && o.endNs() < n.end());
            inside += in ? 1 : 0;
            crossing += !in && overlaps ? 1 : 0;
            assertThat(faster.work(n.id())).isEqualTo(in ? Math.round(n.work() / k) : n.work());
            assertThat(faster.span(n.id())).isEqualTo(in ? Math.round(n.span() / k) : n.span());
        }
        assertThat(r.nodesInside()).isEqualTo(inside);
        assertThat(r.nodesCrossing()).isEqualTo(crossing);
        DagShape before = DagShape.of(dag);
        DagShape after = DagShape.of(dag, faster);
        assertThat(after.work()).isLessThanOrEqualTo(before.work());
        assertThat(after.span()).isLessThanOrEqualTo(before.span());
        assertThat(after.replaySpan()).isLessThanOrEqualTo(before.replaySpan());
    }
}
