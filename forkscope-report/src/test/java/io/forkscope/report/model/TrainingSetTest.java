package io.forkscope.report.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.model.TrainingRun;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The runs the model learns from, on hand-made index rows whose net times are worked out by hand:
 * the net time is elapsed × (T1 + delay + no-work) / slot time, and the fastest trial of a point is
 * the one with the least time of the kind learnt.
 */
class TrainingSetTest {
    /**
     * A run on p workers over {@code elapsed}, slot time p × elapsed split into work, Delay Spotter's
     * delay, no-work, not-running and forkscope's time (the rest, so the split adds up).
     */
    static IndexRow row(long n, int p, int trial, long elapsed, long work, long delay, long noWork, long notRunning,
                        long serial) {
        long slot = p * elapsed;
        long forkscope = slot - work - delay - noWork - notRunning;
        return new IndexRow(n, p, trial, "n" + n + "-p" + p + "-t" + trial + ".fsk", 10, 10, work, delay, noWork,
                notRunning, forkscope, elapsed, 5, p, slot, OptionalLong.of(serial), 2, true);
    }

    /**
     * n 100, p 2, two trials. Trial 1: elapsed 100, slot 200 = work 120 + delay 20 + no-work 10 +
     * not-running 5 + forkscope 45: net = 100 × 150 / 200 = 75. Trial 2: elapsed 90, slot 180 = work 120
     * + delay 40 + no-work 10 + not-running 0 + forkscope 10: net = 90 × 170 / 180 = 85. The fastest by
     * elapsed is trial 2 (90 < 100), by net time trial 1 (75 < 85). As the model sees trial 1: elapsed
     * 100 and delay 200 − 120 − 10 = 70 (all but work and no-work), or net 75 and Delay Spotter's 20;
     * T1 + delay + no-work = 2 × time either way.
     */
    @Test
    void theNetTimeAndTheFastestTrialAreTheHandComputedOnes() {
        IndexRow t1 = row(100, 2, 1, 100, 120, 20, 10, 5, 110);
        IndexRow t2 = row(100, 2, 2, 90, 120, 40, 10, 0, 115);
        assertThat(t1.netElapsed()).isEqualTo(75);
        assertThat(t2.netElapsed()).isEqualTo(85);
        assertThat(t1.notRunningShare()).isEqualTo(0.025);

        TrainingRun paper = t1.trainingRun(false);
        assertThat(paper.elapsed()).isEqualTo(100);
        assertThat(paper.delay()).isEqualTo(70);
        TrainingRun net = t1.trainingRun(true);
        assertThat(net.elapsed()).isEqualTo(75);
        assertThat(net.delay()).isEqualTo(20);
        for (TrainingRun r : List.of(paper, net)) {
            assertThat(r.work() + r.delay() + r.noWork()).isEqualTo(2 * r.elapsed());
        }

        List<IndexRow> rows = List.of(t1, t2);
        TrainingSet all = TrainingSet.screen(rows, false, true);
        assertThat(all.kept()).containsExactly(t1, t2);
        assertThat(all.runs()).extracting(TrainingRun::elapsed).containsExactly(100.0, 90.0);
        assertThat(all.flagged()).singleElement().asString().contains("noisy n 100, p 2: its 2 trials' elapsed times"
                + " spread 10.5%");      // (100 − 90) / 95

        TrainingSet fastest = TrainingSet.screen(rows, false, true, false, true);
        assertThat(fastest.kept()).containsExactly(t2);
        TrainingSet fastestNet = TrainingSet.screen(rows, false, true, true, true);
        assertThat(fastestNet.kept()).containsExactly(t1);
        assertThat(fastestNet.runs()).extracting(TrainingRun::elapsed).containsExactly(75.0);
        assertThat(fastestNet.runs()).extracting(TrainingRun::serialWork).containsExactly(110.0);
        assertThat(fastestNet.grid().net()).isTrue();
        assertThat(fastestNet.grid().fastestTrial()).isTrue();
        assertThat(fastestNet.grid().runs()).isEqualTo(1);
        assertThat(all.grid().net()).isFalse();
        assertThat(all.grid().fastestTrial()).isFalse();
    }

    /** A refused run is never the fastest: the choice is made among the kept trials only. */
    @Test
    void theFastestTrialIsChosenAfterTheScreening() {
        IndexRow quiet = row(100, 2, 1, 100, 120, 20, 10, 5, 110);
        IndexRow noisy = row(100, 2, 2, 60, 80, 10, 10, 20, 115);     // not running 20 of 120: refused
        TrainingSet set = TrainingSet.screen(List.of(quiet, noisy), false, true, false, true);
        assertThat(set.refused()).singleElement().asString().contains("not running 16.7% of P x elapsed");
        assertThat(set.kept()).containsExactly(quiet);
        assertThat(TrainingSet.screen(List.of(quiet, noisy), true, true, false, true).kept()).containsExactly(noisy);
    }

    /**
     * Three trials of n 100, p 2; the third cold (elapsed 300, work 400, T1' 500). The median keeps every
     * row (each trial was screened and counts in the grid) and learns one run whose values are the
     * medians: elapsed 100 (of 90, 100, 300), work 120, T1' 115 (of 110, 115, 500), delay (the model's,
     * P × elapsed − work − no-work) 70 (of 70, 50, 190).
     */
    @Test
    void theMedianOfTheTrialsIsOneRunOfMedians() {
        IndexRow t1 = row(100, 2, 1, 100, 120, 20, 10, 5, 110);
        IndexRow t2 = row(100, 2, 2, 90, 120, 40, 10, 0, 115);
        IndexRow cold = row(100, 2, 3, 300, 400, 40, 10, 0, 500);
        TrainingSet median = TrainingSet.screen(List.of(t1, t2, cold), false, true, false, TrialsKept.MEDIAN);
        assertThat(median.kept()).containsExactly(t1, t2, cold);
        assertThat(median.runs()).singleElement().satisfies(r -> {
            assertThat(r.elapsed()).isEqualTo(100);
            assertThat(r.work()).isEqualTo(120);
            assertThat(r.serialWork()).isEqualTo(115);
            assertThat(r.delay()).isEqualTo(70);
        });
        assertThat(median.grid().runs()).isEqualTo(3);
        assertThat(median.grid().trialsKept()).isEqualTo(TrialsKept.MEDIAN);
        assertThat(median.grid().fastestTrial()).isFalse();
    }

    /**
     * --fastest-trial: the p = 2 point's fastest trial is trial 1, whose 1-worker run was cold (T1' 500);
     * every point of n 100 takes T1' from the fastest 1-worker trial (trial 2, 115) instead.
     */
    @Test
    void theFastestTrialsPointsShareTheFastestOneWorkerT1() {
        IndexRow p1t1 = row(100, 1, 1, 520, 500, 10, 0, 0, 500);
        IndexRow p1t2 = row(100, 1, 2, 125, 115, 5, 0, 0, 115);
        IndexRow p2t1 = row(100, 2, 1, 70, 120, 10, 10, 0, 500);
        IndexRow p2t2 = row(100, 2, 2, 90, 120, 40, 10, 0, 115);
        TrainingSet fastest = TrainingSet.screen(List.of(p1t1, p2t1, p1t2, p2t2), false, true, false, TrialsKept.FASTEST);
        assertThat(fastest.kept()).containsExactly(p1t2, p2t1);
        assertThat(fastest.runs()).extracting(TrainingRun::serialWork).containsExactly(115.0, 115.0);
        assertThat(fastest.runs()).extracting(TrainingRun::elapsed).containsExactly(125.0, 70.0);
    }
}
