package io.forkscope.model.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WorkerBusyTest {
    @Test
    void refusesWhatIsNotSortedDisjointPairs() {
        assertThatThrownBy(() -> new WorkerBusy(0, "w", new long[] {1, 2, 3})).hasMessageContaining("pairs");
        assertThatThrownBy(() -> new WorkerBusy(0, "w", new long[] {5, 4})).hasMessageContaining("ends before");
        assertThatThrownBy(() -> new WorkerBusy(0, "w", new long[] {0, 10, 9, 12})).hasMessageContaining("overlap");
        assertThatThrownBy(() -> new WorkerBusy(0, "w", new long[] {20, 30, 0, 10})).hasMessageContaining("not sorted");
        assertThatThrownBy(() -> new WorkerBusy(-1, "w", new long[0])).hasMessageContaining("negative");
        // one interval may start where the previous ends, and an interval may be empty
        assertThat(new WorkerBusy(0, "w", new long[] {0, 10, 10, 10, 10, 12}).count()).isEqualTo(3);
    }

    @Test
    void keepsItsOwnCopy() {
        long[] given = {0, 10};
        WorkerBusy b = new WorkerBusy(3, "w", given);
        given[1] = 99;
        b.intervals()[0] = 7;
        assertThat(b.intervals()).containsExactly(0, 10);
        assertThat(b).isEqualTo(new WorkerBusy(3, "w", new long[] {0, 10}));
        assertThat(b).isNotEqualTo(new WorkerBusy(3, "w", new long[] {0, 11}));
        assertThat(b.hashCode()).isEqualTo(new WorkerBusy(3, "w", new long[] {0, 10}).hashCode());
    }

    @Test
    void mergedSortsAndJoinsOverlappingButKeepsTouchingIntervalsApart() {
        WorkerBusy b = WorkerBusy.merged(1, "w", new long[] {30, 40, 0, 10, 5, 12, 40, 50, 6, 8});
        assertThat(b.intervals()).containsExactly(0, 12, 30, 40, 40, 50);
        assertThat(b.count()).isEqualTo(3);
        assertThat(b.start(1)).isEqualTo(30);
        assertThat(b.end(2)).isEqualTo(50);
        assertThatThrownBy(() -> WorkerBusy.merged(1, "w", new long[] {3, 2})).hasMessageContaining("ends before");
    }

    /** Busy [0,10) [20,30) [50,60) seen through the frame [5,55]: busy 5 + 10 + 5, idle [10,20) [30,50). */
    @Test
    void clippedToAFrame() {
        WorkerBusy b = new WorkerBusy(0, "w", new long[] {0, 10, 20, 30, 50, 60});
        assertThat(b.busyWithin(5, 55)).isEqualTo(20);
        assertThat(b.idleWithin(5, 55)).containsExactly(10, 20, 30, 50);
        assertThat(b.countWithin(5, 55)).isEqualTo(3);
        // a frame inside one gap is all idle
        assertThat(b.busyWithin(12, 18)).isZero();
        assertThat(b.idleWithin(12, 18)).containsExactly(12, 18);
        assertThat(b.countWithin(12, 18)).isZero();
        // idle before the first and after the last interval; an interval touching the frame's edge does not count
        assertThat(b.idleWithin(-10, 70)).containsExactly(-10, 0, 10, 20, 30, 50, 60, 70);
        assertThat(b.countWithin(10, 20)).isZero();
        assertThat(new WorkerBusy(0, "w", new long[] {25, 25}).countWithin(20, 30)).isEqualTo(1);
        assertThat(new WorkerBusy(0, "w", new long[0]).idleWithin(0, 4)).containsExactly(0, 4);
    }
}
