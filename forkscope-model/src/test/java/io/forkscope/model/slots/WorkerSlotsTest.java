package io.forkscope.model.slots;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** slots(t) on hand-built pools and outside threads (measures.md §2), and how reports print them. */
class WorkerSlotsTest {

    /** A pool of 2 whose compensation thread ran tasks: 3 threads, still 2 slots. */
    @Test
    void aCompensationThreadTakesASlotNeverAddsOne() {
        WorkerSlots s = WorkerSlots.of(0, 100, 3, List.of(new PoolLife(2, false, 0, 100, 3)), List.of(), 1);
        assertThat(s.at(0)).isEqualTo(2);
        assertThat(s.at(99)).isEqualTo(2);
        assertThat(s.integral(0, 100)).isEqualTo(200);
        assertThat(s.peak()).isEqualTo(2);
        assertThat(s.extraThreads()).isEqualTo(1);
        assertThat(s.describe()).isEqualTo("2 slots; 3 threads ran tasks (1 compensation or replacement thread)");
    }

    /** Pools of 2 on [0, 60) and 1 on [30, 100): 2, then 3 while both are alive, then 1. */
    @Test
    void poolsAliveAtTheSameTimeAddUp() {
        WorkerSlots s = WorkerSlots.of(0, 100, 3, List.of(new PoolLife(2, false, 0, 60, 2),
                new PoolLife(1, false, 30, 100, 1)), List.of(), 1);
        assertThat(new int[] {s.at(0), s.at(29), s.at(30), s.at(59), s.at(60), s.at(99)})
                .containsExactly(2, 2, 3, 3, 1, 1);
        assertThat(s.changesWithin(0, 100)).containsExactly(30, 60);
        assertThat(s.integral(0, 100)).isEqualTo(2 * 30 + 3 * 30 + 40);
        assertThat(s.peak()).isEqualTo(3);
        assertThat(s.poolsOverlap()).isTrue();
        assertThat(s.describe()).isEqualTo("1-3 slots, 1.90 on average (2 pools, those alive at the same time add up);"
                + " 3 threads ran tasks");
    }

    /**
     * Pools of 2 on [0, 40) and [50, 100): they do not add up, and the gap between them (the
     * program's serial code) keeps the 2 slots of the pool before; before the first, its 2.
     */
    @Test
    void poolsOneAfterAnotherDoNotAddUpAndTheGapCarriesTheSlotsBefore() {
        WorkerSlots s = WorkerSlots.of(-10, 100, 4, List.of(new PoolLife(2, false, 0, 40, 2),
                new PoolLife(2, false, 50, 100, 2)), List.of(), 1);
        for (long t = -10; t < 110; t++) {
            assertThat(s.at(t)).as("slots at %d", t).isEqualTo(2);
        }
        assertThat(s.integral(-10, 100)).isEqualTo(220);
        assertThat(s.describe()).isEqualTo("2 slots (2 pools one after another); 4 threads ran tasks");
    }

    /** A gap between a pool of 3 and a pool of 1 keeps the 3; before the first pool, the first's 3. */
    @Test
    void aGapKeepsTheSlotsOfThePoolBefore() {
        WorkerSlots s = WorkerSlots.of(0, 100, 2, List.of(new PoolLife(3, false, 10, 40, 1),
                new PoolLife(1, false, 60, 100, 1)), List.of(), 1);
        assertThat(new int[] {s.at(0), s.at(10), s.at(45), s.at(59), s.at(60)}).containsExactly(3, 3, 3, 3, 1);
        assertThat(s.integral(0, 100)).isEqualTo(3 * 60 + 40);
    }

    /** The common pool's 1 and main while it runs task bodies [0, 80) and [90, 95). */
    @Test
    void anOutsideThreadHoldsASlotWhileItRunsTaskBodies() {
        WorkerSlots s = WorkerSlots.of(0, 100, 2, List.of(new PoolLife(1, true, 5, 100, 1)),
                List.of(new OutsideThread(0, "main", new long[] {0, 80, 90, 95})), 1);
        assertThat(new int[] {s.at(0), s.at(79), s.at(80), s.at(90), s.at(95)}).containsExactly(2, 2, 1, 2, 1);
        assertThat(s.integral(0, 100)).isEqualTo(100 + 80 + 5);
        assertThat(s.poolsOnly().integral(0, 100)).isEqualTo(100);
        assertThat(s.describe()).isEqualTo("1-2 slots, 1.85 on average (1 outside thread holding a slot while running"
                + " task bodies); 2 threads ran tasks");
    }

    @Test
    void aConstantPIsSaidToBeOne() {
        WorkerSlots s = WorkerSlots.constant(4, 5);
        assertThat(s.recorded()).isFalse();
        assertThat(s.at(Long.MIN_VALUE)).isEqualTo(4);
        assertThat(s.integral(10, 20)).isEqualTo(40);
        assertThat(s.describe(0, 10)).isEqualTo("4 slots (constant: the recording holds no pool lives);"
                + " 5 threads ran tasks");
    }

    @net.jqwik.api.Property(tries = 1000)         // run with 10,000 tries and fresh seeds twice
   
    void nextChangeAfterIsTheFirstLaterTimeWhereTheSlotsDiffer(@net.jqwik.api.ForAll long seed) {
        java.util.Random r = new java.util.Random(seed);
        List<PoolLife> pools = new java.util.ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            long from = r.nextInt(100);
            pools.add(new PoolLife(i, false, from, from + r.nextInt(60), 1 + r.nextInt(3)));
        }
        WorkerSlots s = WorkerSlots.of(0, 200, 3, pools, List.of(), 1 + r.nextInt(3));
        for (long t = -5; t < 210; t++) {
            long next = s.nextChangeAfter(t);
            assertThat(next).isGreaterThan(t);
            long u = t + 1;
            while (u < 260 && s.at(u) == s.at(t)) {
                u++;                                   // brute force: the first later instant that differs
            }
            if (u < 260) {
                assertThat(next).as("after %d", t).isLessThanOrEqualTo(u);
            }
            for (long v = t; v < Math.min(next, 260); v++) {
                assertThat(s.at(v)).isEqualTo(s.at(t));
            }
        }
        assertThat(WorkerSlots.constant(2, 2).nextChangeAfter(5)).isEqualTo(Long.MAX_VALUE);
    }
}
