package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The median of each (n, p)'s trials, value by value, worked out by hand. */
class TrialMedianTest {
    static TrainingRun run(double n, int p, double serial, double work, double elapsed) {
        return new TrainingRun(n, p, serial, work, 10 * n, 10 * n, elapsed * p - work, 0, elapsed, work / 10);
    }

    @Test
    void oneColdTrialOfThreeMovesNothing() {
        // n 12, p 1: trials of 3.2, 16.8 (cold), 3.3 ms; n 12, p 2: 3.0, 3.3, 3.1; n 16, p 1: one trial
        List<TrainingRun> runs = List.of(run(12, 1, 3.2, 3.2, 4.5), run(12, 2, 3.2, 3.0, 4.1),
                run(12, 1, 16.8, 16.8, 17.8), run(12, 2, 16.8, 3.3, 4.7), run(12, 1, 3.3, 3.3, 4.4),
                run(12, 2, 3.3, 3.1, 5.1), run(16, 1, 8.6, 8.6, 10.4));
        List<TrainingRun> m = TrialMedian.of(runs);
        assertThat(m).extracting(TrainingRun::n).containsExactly(12.0, 12.0, 16.0);
        assertThat(m).extracting(TrainingRun::p).containsExactly(1, 2, 1);
        assertThat(m).extracting(TrainingRun::serialWork).containsExactly(3.3, 3.3, 8.6);
        assertThat(m).extracting(TrainingRun::work).containsExactly(3.3, 3.1, 8.6);
        assertThat(m).extracting(TrainingRun::elapsed).containsExactly(4.5, 4.7, 10.4);
        // each value its own median: p 2's delays 8.2 − 3.0 = 5.2, 9.4 − 3.3 = 6.1, 10.2 − 3.1 = 7.1: the
        // median 6.1 is trial 2's, whose work (3.3) is not the median work (3.1)
        assertThat(m.get(1).delay()).isEqualTo(4.7 * 2 - 3.3);
        assertThat(m.get(2)).isEqualTo(runs.get(6));
    }

    @Test
    void twoTrialsGiveTheMeanOfBoth() {
        List<TrainingRun> m = TrialMedian.of(List.of(run(8, 1, 2, 2, 3), run(8, 1, 4, 4, 5)));
        assertThat(m).singleElement().satisfies(r -> {
            assertThat(r.serialWork()).isEqualTo(3);
            assertThat(r.elapsed()).isEqualTo(4);
        });
        assertThat(TrialMedian.of(List.of())).isEmpty();
    }
}
