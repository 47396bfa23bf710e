package io.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What bench/overhead takes from one run's kernel times (the curves are docs/counted-work.md run 8's). */
class KernelTimesTest {

    @Test
    void theBestIsTakenAfterTheFirstRepetition() {
        assertThat(OverheadBenchmark.KernelTimes.of(new double[] {400, 900, 700}).best()).isEqualTo(700);
        assertThat(OverheadBenchmark.KernelTimes.of(new double[] {400}).best()).isEqualTo(400);
    }

    @Test
    void aRunCutOffInItsWarmUpIsStillSettling() {
        // the recorded fib at cut-off 8, its first five repetitions (bench/overhead --repeat 5)
        assertThat(OverheadBenchmark.KernelTimes.of(new double[] {2798.3, 2160.6, 2119.3, 2091.5, 1818.6})
                .stillSettling()).isTrue();
    }

    @Test
    void aSettledRunIsNotEvenWhenItsTimesMoveByAFewPercent() {
        // the same JVM's last five, and the program alone: settled at its third
        assertThat(OverheadBenchmark.KernelTimes.of(new double[] {1713.3, 1742.6, 1574.4, 1508.2, 1512.0, 1548.4})
                .stillSettling()).isFalse();
        assertThat(OverheadBenchmark.KernelTimes.of(new double[] {1054.4, 993.5, 573.8, 635.1, 670.0, 692.4, 664.2})
                .stillSettling()).isFalse();
    }

    @Test
    void twoRepetitionsCannotTell() {
        assertThat(OverheadBenchmark.KernelTimes.of(new double[] {2798.3, 1000}).stillSettling()).isFalse();
    }
}
