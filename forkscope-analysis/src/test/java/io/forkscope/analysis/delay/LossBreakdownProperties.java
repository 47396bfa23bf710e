package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Invariants of the decomposition on random DAGs and random (valid) schedules. */
class LossBreakdownProperties {

    @Property(tries = 300)
    void workDelayAndNoWorkAddUpToWorkersTimesElapsed(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int workers,
                                                      @ForAll @IntRange(min = 1, max = 60) int size) {
        Dag dag = RandomSchedules.randomRun(new Random(seed), workers, size);
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

    /**
     * Against varying worker slots (measures.md §2): work + delay + no-work = ∫ slots(t) dt (the slot
     * time, as DagStats and SlotFit count it), and the busy time of the threads maps onto the slots:
     * busy = within + beyond, slot time = within + free.
     */
    @Property(tries = 300)
    void workDelayAndNoWorkAddUpToTheSlotTime(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int workers,
                                               @ForAll @IntRange(min = 1, max = 60) int size) {
        Random rnd = new Random(seed);
        Dag plain = RandomSchedules.randomRun(rnd, workers, size);
        Dag dag = plain.withSlots(TickSlots.random(rnd, plain.begin(), plain.finish()));
        TickSlots ticks = TickSlots.of(dag.slots(), dag.begin(), dag.finish());
        long slotTime = 0;
        for (long t = dag.begin(); t < dag.finish(); t++) {
            slotTime += ticks.at(t);
        }
        DelayReport r = DelaySpotter.analyze(dag);
        assertThat(r.stats().slotTime()).isEqualTo(slotTime);
        assertThat(r.breakdown().total()).isCloseTo(slotTime, within(1e-6 * Math.max(1, slotTime)));
        assertThat(r.breakdown().work()).isLessThanOrEqualTo(r.stats().work() + 1e-6);
    }
}
