package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The coarse clock of counted runs: the system clock's timebase, never ahead of it, never backwards, and it moves. */
class CoarseClockTest {
    @Test
    void readsLagTheSystemClockAndNeverGoBackwards() {
        CoarseClock clock = CoarseClock.start();
        long first = clock.nanoTime();
        long last = first;
        long deadline = System.nanoTime() + 60_000_000_000L;    // a loaded machine may starve the ticker for long
        while (last == first && System.nanoTime() - deadline < 0) {
            long read = clock.nanoTime();
            assertThat(read).isGreaterThanOrEqualTo(last).isLessThanOrEqualTo(System.nanoTime());
            last = read;
            Thread.onSpinWait();
        }
        assertThat(last).as("the ticker refreshed it").isGreaterThan(first);
    }
}
