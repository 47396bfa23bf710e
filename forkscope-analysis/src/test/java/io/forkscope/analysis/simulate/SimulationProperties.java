package io.forkscope.analysis.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The simulator on random DAGs ({@link SimDags}) against oracles that do not use its code: the
 * scheduling bounds of Brent and Graham (derived in {@link WorkStealingSimulator}'s comment), the
 * identities of the breakdown, and a check of the schedule itself (precedence, durations, no worker
 * running two things, greediness) from the DAG alone.
 */
class SimulationProperties {

    @Provide
    Arbitrary<Integer> workers() {
        return Arbitraries.oneOf(Arbitraries.integers().between(1, 9), Arbitraries.of(64, 1024));
    }

    static Simulation simulate(Dag dag, int p, long latency, long seed, CollapsedReplay mode) {
        return WorkStealingSimulator.simulate(dag, new SimulationOptions(p, latency, seed, mode));
    }

    /**
     * Zero latency is greedy list scheduling: max(T1/P, T∞) ≤ T_P ≤ T1/P + (1 − 1/P)·T∞' (Graham),
     * where a sequential collapsed node counts its whole work in T∞' and a malleable one can never
     * beat the recorded span T∞.
     */
    @Property(tries = 400)
    void brentBoundsHoldWithoutLatency(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                                       @ForAll("workers") int p, @ForAll CollapsedReplay mode, @ForAll long simSeed) {
        Dag dag = SimDags.random(new Random(seed), size);
        DagShape shape = DagShape.of(dag);
        Simulation s = simulate(dag, p, 0, simSeed, mode);
        long tp = s.makespan();
        assertThat(tp * p).isGreaterThanOrEqualTo(shape.work());
        assertThat(tp).isGreaterThanOrEqualTo(mode == CollapsedReplay.SEQUENTIAL ? shape.replaySpan() : shape.span());
        assertThat(tp * p).isLessThanOrEqualTo(shape.work() + (long) (p - 1) * shape.replaySpan());
    }

    /**
     * With latency L, S steals, X splits and D the depth in nodes:
     * P·T_P ≤ T1 + L·(S + X) + (P − 1)·(T∞' + L·min(S, D)).
     */
    @Property(tries = 400)
    void theLatencyBoundHolds(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                              @ForAll("workers") int p, @ForAll @LongRange(min = 0, max = 60) long latency,
                              @ForAll CollapsedReplay mode, @ForAll long simSeed) {
        Dag dag = SimDags.random(new Random(seed), size);
        DagShape shape = DagShape.of(dag);
        Simulation s = simulate(dag, p, latency, simSeed, mode);
        long stealing = latency * (s.steals() + s.splits());
        long path = shape.replaySpan() + latency * Math.min(s.steals(), shape.depth());
        assertThat(s.makespan() * p).isLessThanOrEqualTo(shape.work() + stealing + (long) (p - 1) * path);
        assertThat(s.makespan() * p).isGreaterThanOrEqualTo(shape.work());
    }

    /** work + delay + no-work = P·T_P; work = T1; delay = L·(steals + splits); no-work ≥ 0. */
    @Property(tries = 400)
    void theBreakdownAddsUp(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                            @ForAll("workers") int p, @ForAll @LongRange(min = 0, max = 60) long latency,
                            @ForAll CollapsedReplay mode, @ForAll long simSeed) {
        Dag dag = SimDags.random(new Random(seed), size);
        Simulation s = simulate(dag, p, latency, simSeed, mode);
        assertThat(s.total()).isEqualTo(p * s.makespan());
        assertThat(s.work()).isEqualTo(DagShape.of(dag).work());
        assertThat(s.delay()).isEqualTo(latency * (s.steals() + s.splits()));
        assertThat(s.noWork()).isNotNegative();
    }

    /** One worker: T_1 = T1 exactly, nothing stolen, split, delayed or idle, whatever L and mode. */
    @Property(tries = 300)
    void oneWorkerTakesExactlyTheWork(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                                      @ForAll @LongRange(min = 0, max = 1000) long latency,
                                      @ForAll CollapsedReplay mode, @ForAll long simSeed) {
        Dag dag = SimDags.random(new Random(seed), size);
        Simulation s = simulate(dag, 1, latency, simSeed, mode);
        assertThat(s.makespan()).isEqualTo(DagShape.of(dag).work());
        assertThat(s.steals()).isZero();
        assertThat(s.splits()).isZero();
        assertThat(s.delay()).isZero();
        assertThat(s.noWork()).isZero();
    }

    /**
     * The schedule from the DAG alone: each node ready at its predecessors' latest end, started no
     * sooner (L later if stolen), running its cost (sequential) or between its inner span and its
     * work (malleable); no worker runs or steals two things at once; a node not stolen runs on the
     * worker of a predecessor that ended when it became ready; and greedy: while a node waits
     * unclaimed, every worker is busy.
     */
    @Property(tries = 300)
    void theScheduleIsAValidGreedyWorkStealingSchedule(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int size,
                                                       @ForAll @IntRange(min = 1, max = 6) int p,
                                                       @ForAll @LongRange(min = 0, max = 20) long latency,
                                                       @ForAll CollapsedReplay mode, @ForAll long simSeed) {
        Dag dag = SimDags.random(new Random(seed), size);
        Simulation s = simulate(dag, p, latency, simSeed, mode);
        SimulatedSchedule sc = s.schedule();
        long stolen = 0;
        List<long[]> busy = new ArrayList<>();      // {worker, from, to} of whole, unsplit nodes
        for (DagNode n : dag.nodes()) {
            int v = n.id();
            long latest = 0;
            for (Edge e : n.in()) {
                latest = Math.max(latest, sc.end(e.from()));
            }
            long ready = latest;
            assertThat(sc.ready(v)).isEqualTo(ready);
            long claim = sc.start(v) - (sc.stolen(v) ? latency : 0);
            assertThat(claim).isGreaterThanOrEqualTo(ready);
            long length = sc.end(v) - sc.start(v);
            boolean whole = mode == CollapsedReplay.SEQUENTIAL || !n.collapsed();
            if (whole) {
                assertThat(length).isEqualTo(n.work());
            } else {
                assertThat(length).isBetween(n.span(), n.work());
            }
            stolen += sc.stolen(v) ? 1 : 0;
            if (!sc.stolen(v) && !n.in().isEmpty() && mode == CollapsedReplay.SEQUENTIAL) {
                assertThat(n.in()).anyMatch(e -> sc.end(e.from()) == ready && sc.worker(e.from()) == sc.worker(v));
            }
            busy.add(new long[] {sc.worker(v), claim, sc.end(v)});
        }
        assertThat(stolen).isEqualTo(s.steals());
        if (mode == CollapsedReplay.SEQUENTIAL) {
            for (int i = 0; i < busy.size(); i++) {
                for (int j = i + 1; j < busy.size(); j++) {
                    long[] a = busy.get(i);
                    long[] b = busy.get(j);
                    boolean overlap = a[1] < b[2] && b[1] < a[2];
                    assertThat(a[0] == b[0] && overlap).as("nodes %d and %d overlap on worker %d", i, j, a[0]).isFalse();
                }
            }
            for (int v = 0; v < busy.size(); v++) {
                long ready = sc.ready(v);
                long claim = busy.get(v)[1];
                for (long[] point : busy) {             // check every instant where the busy count can change
                    for (long t : new long[] {ready, point[1], point[2]}) {
                        if (t >= ready && t < claim) {
                            long working = busy.stream().filter(b -> b[1] <= t && t < b[2]).count();
                            assertThat(working).as("node %d waits at %d with a worker free", v, t).isEqualTo(p);
                        }
                    }
                }
            }
        }
    }

    /** The same seed gives the same schedule. */
    @Property(tries = 100)
    void theScheduleIsAFunctionOfTheSeed(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size,
                                         @ForAll("workers") int p, @ForAll @LongRange(min = 0, max = 20) long latency,
                                         @ForAll CollapsedReplay mode, @ForAll long simSeed) {
        Dag dag = SimDags.random(new Random(seed), size);
        Simulation a = simulate(dag, p, latency, simSeed, mode);
        Simulation b = simulate(dag, p, latency, simSeed, mode);
        assertThat(b.makespan()).isEqualTo(a.makespan());
        assertThat(b.steals()).isEqualTo(a.steals());
        for (int v = 0; v < size; v++) {
            assertThat(b.schedule().worker(v)).isEqualTo(a.schedule().worker(v));
            assertThat(b.schedule().start(v)).isEqualTo(a.schedule().start(v));
        }
    }

    /** The offline longest path agrees with Delay Spotter's critical path and work. */
    @Property(tries = 200)
    void dagShapeAgreesWithDelaySpotter(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int size) {
        Dag dag = SimDags.random(new Random(seed), size);
        DagShape shape = DagShape.of(dag);
        var stats = DelaySpotter.analyze(dag).stats();
        assertThat(shape.span()).isEqualTo(stats.criticalPath());
        assertThat(shape.work()).isEqualTo(stats.work());
        assertThat(shape.span()).isLessThanOrEqualTo(shape.replaySpan());
        assertThat(shape.replaySpan()).isLessThanOrEqualTo(shape.work());
    }
}
