package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerState;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import io.forkscope.model.slots.WorkerSlots;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The sweep against {@link TickByTickIdlenessOracle} on random timelines with small integer
 * boundaries (many boundaries shared between threads, runs where nobody works, up to 7 threads so
 * that L = lcm(1..P) has several prime factors). Idleness is compared as integers scaled by L:
 * exact equality, no tolerance.
 */
class IdlenessSweepProperties {
    static final int NODES = 4;

    @Provide
    Arbitrary<WorkerTimelines> timelines() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(1, 7), Arbitraries.integers().between(1, 30))
                .as((seed, threads, span) -> random(new Random(seed), threads, span));
    }

    static WorkerTimelines random(Random random, int threads, int span) {
        long start = random.nextInt(5);
        List<WorkerTimeline> list = new ArrayList<>();
        for (int id = 0; id < threads; id++) {
            List<StateInterval> intervals = new ArrayList<>();
            long t = start;
            while (t < start + span) {
                long end = Math.min(start + span, t + 1 + random.nextInt(4));
                int kind = random.nextInt(5); // idle more often, so that nobody-works runs occur
                intervals.add(kind < 2 ? StateInterval.idle(t, end)
                        : kind < 4 ? StateInterval.working(t, end, random.nextInt(NODES))
                        : StateInterval.runtime(t, end, random.nextInt(NODES)));
                t = end;
            }
            list.add(new WorkerTimeline(100 + id, intervals));
        }
        return new WorkerTimelines(list);
    }

    @Property(tries = 1000)
    void theSweepChargesExactlyWhatTheTickByTickDefinitionCharges(@ForAll("timelines") WorkerTimelines timelines) {
        TimelineAttribution sweep = IdlenessSweep.attribute(timelines, NODES);
        TickByTickIdlenessOracle oracle = new TickByTickIdlenessOracle(timelines, NODES);
        for (int c = 0; c < NODES; c++) {
            assertThat(sweep.idlenessScaled(c)).as("idleness of %d", c).isEqualTo(oracle.idlenessScaled[c]);
            assertThat(sweep.workingNs(c)).as("working time of %d", c).isEqualTo(oracle.working[c]);
            assertThat(sweep.runtimeNs(c)).as("runtime of %d", c).isEqualTo(oracle.runtime[c]);
        }
        assertThat(sweep.idleWhileNobodyWorksNs()).isEqualTo(oracle.nobodyWorks);
        IdlenessSweepTest.assertConserved(sweep, timelines);
        Statistics.label("some idle time while nobody works").collect(oracle.nobodyWorks > 0);
        Statistics.label("some idle time while nobody works").coverage(check -> check.check(true).percentage(p -> p >= 20));
        Statistics.label("idleness with a denominator > 1").collect(hasFractions(sweep));
        Statistics.label("idleness with a denominator > 1").coverage(check -> check.check(true).percentage(p -> p >= 20));
    }

    /**
     * Against random worker slots (measures.md §2): n_idle(t) = max(0, slots(t) − occupied(t)), where
     * threads beyond the slots (a compensation thread beside a thread blocked in a join) add no
     * idleness; exact equality with the oracle, and conservation Σ working + Σ runtime + Σ idleness +
     * idle-while-nobody-works = Σ_t max(slots(t), occupied(t)).
     */
    @Property(tries = 1000)
    void againstSlotsTheSweepChargesWhatTheTickByTickDefinitionCharges(@ForAll("timelines") WorkerTimelines timelines,
                                                                       @ForAll long seed) {
        Random rnd = new Random(seed);
        WorkerSlots slots = io.forkscope.analysis.delay.TickSlots.random(rnd, timelines.startNs(), timelines.endNs());
        io.forkscope.analysis.delay.TickSlots ticks = io.forkscope.analysis.delay.TickSlots.of(slots,
                timelines.startNs(), timelines.endNs());
        TimelineAttribution sweep = IdlenessSweep.attribute(timelines, NODES, slots);
        TickByTickIdlenessOracle oracle = new TickByTickIdlenessOracle(timelines, NODES, ticks);
        for (int c = 0; c < NODES; c++) {
            assertThat(sweep.idlenessScaled(c)).as("idleness of %d", c).isEqualTo(oracle.idlenessScaled[c]);
            assertThat(sweep.workingNs(c)).as("working time of %d", c).isEqualTo(oracle.working[c]);
            assertThat(sweep.runtimeNs(c)).as("runtime of %d", c).isEqualTo(oracle.runtime[c]);
        }
        assertThat(sweep.idleWhileNobodyWorksNs()).isEqualTo(oracle.nobodyWorks);
        long capacity = 0;
        boolean beyond = false;
        for (long t = timelines.startNs(); t < timelines.endNs(); t++) {
            int occupied = 0;
            for (WorkerTimeline th : timelines.threads()) {
                occupied += th.at(t).state() != WorkerState.IDLE ? 1 : 0;
            }
            capacity += Math.max(ticks.at(t), occupied);
            beyond |= occupied > ticks.at(t);
        }
        BigInteger total = sweep.exact().whole(sweep.totalWorkingNs() + sweep.totalRuntimeNs()
                + sweep.idleWhileNobodyWorksNs()).add(sweep.totalIdlenessScaled());
        assertThat(total).isEqualTo(sweep.exact().whole(capacity));
        Statistics.label("threads beyond the slots at some tick").collect(beyond);
        Statistics.label("threads beyond the slots at some tick").coverage(check -> check.check(true).percentage(p -> p >= 20));
    }

    private static boolean hasFractions(TimelineAttribution a) {
        for (int c = 0; c < NODES; c++) {
            if (!a.idlenessScaled(c).mod(a.exact().scale()).equals(BigInteger.ZERO)) {
                return true;
            }
        }
        return false;
    }

    @Property(tries = 200)
    void aThreadsStateIsFoundByBinarySearch(@ForAll("timelines") WorkerTimelines timelines) {
        for (WorkerTimeline thread : timelines.threads()) {
            for (long t = thread.startNs() - 1; t <= thread.endNs(); t++) {
                StateInterval linear = null;
                for (StateInterval s : thread.intervals()) {
                    if (s.startNs() <= t && t < s.endNs()) {
                        linear = s;
                    }
                }
                assertThat(thread.at(t)).isEqualTo(linear);
            }
        }
        assertThat(timelines.threads()).allSatisfy(t -> assertThat(t.intervals()).allMatch(s -> s.state() != null));
        assertThat(WorkerState.values()).hasSize(3);
    }
}
