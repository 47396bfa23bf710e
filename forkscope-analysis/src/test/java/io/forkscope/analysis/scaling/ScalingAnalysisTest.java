package io.forkscope.analysis.scaling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Speedups and verdicts against hand-computed bounds: T1 = 1,000,000, T∞ = 10,000, bT∞ = 20,000,
 * so parallelism 100, and at P = 2 the range is 1e6/(5e5 + 1.7·2e4) = 1.8726592 to 2.
 */
class ScalingAnalysisTest {
    static final SectionBounds K = new SectionBounds("k", new WorkSpan(1_000_000, 10_000, 20_000, 1, 1, 0), 1, 1,
            Unit.TIME, 100, "test");
    static final double LOWER_2 = 1.8726592;

    static List<Measurement> runs(String region, int p, int cpus, long... times) {
        List<Measurement> out = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            out.add(new Measurement(region, p, i + 1, times[i], 2, 1, cpus, cpus >= p));
        }
        return out;
    }

    static List<Measurement> with(long... atTwo) {
        List<Measurement> all = new ArrayList<>(runs("k", 1, 1, 1100, 1000, 900));
        all.addAll(runs("k", 2, 2, atTwo));
        return all;
    }

    static ScalingPoint atTwo(long... times) {
        return ScalingAnalysis.analyze(with(times), Map.of("k", K)).regions().get(0).points().get(1);
    }

    @Test
    void speedupsAreBaselineMedianOverMedianWithTheTrialsRange() {
        ScalingPoint p = atTwo(530, 510, 520);
        assertThat(p.p()).isEqualTo(2);
        assertThat(p.timesNs()).containsExactly(530L, 510L, 520L);
        assertThat(p.medianNs()).isEqualTo(520);
        assertThat(p.minNs()).isEqualTo(510);
        assertThat(p.maxNs()).isEqualTo(530);
        assertThat(p.relativeSpread()).isCloseTo(20.0 / 520, within(1e-12));
        assertThat(p.speedup().median()).isCloseTo(1000.0 / 520, within(1e-12));
        assertThat(p.speedup().min()).isCloseTo(1000.0 / 530, within(1e-12));
        assertThat(p.speedup().max()).isCloseTo(1000.0 / 510, within(1e-12));
        assertThat(p.bounds().lower()).isCloseTo(LOWER_2, within(1e-6));
        assertThat(p.bounds().upper()).isEqualTo(2.0);
        assertThat(p.verdict()).isEqualTo(Verdict.INSIDE);
    }

    @Test
    void verdictsAtTheEdgesOfTheRange() {
        // median 1000/540 = 1.85 < 1.87, but the best trial 1000/520 = 1.92 is inside
        assertThat(atTwo(540, 520, 600).verdict()).isEqualTo(Verdict.EDGE);
        // best trial 1000/700 = 1.43 < 0.95 · 1.87 = 1.78
        ScalingPoint below = atTwo(700, 800, 900);
        assertThat(below.verdict()).isEqualTo(Verdict.BELOW);
        // worst trial 1000/420 = 2.38 > 1.05 · 2
        assertThat(atTwo(400, 410, 420).verdict()).isEqualTo(Verdict.ABOVE);
        // median 1000/480 = 2.08 above 2, worst trial 1000/490 = 2.04 within 5%
        assertThat(atTwo(470, 480, 490).verdict()).isEqualTo(Verdict.EDGE);
        RegionScaling r = ScalingAnalysis.analyze(with(700, 800, 900), Map.of("k", K)).regions().get(0);
        assertThat(r.points().get(0).verdict()).isEqualTo(Verdict.BASELINE);
        assertThat(judgedFindings(r)).singleElement().satisfies(f -> {
            assertThat(f.kind()).isEqualTo(ScalingFinding.Kind.BELOW_LOWER_BOUND);
            assertThat(f.points()).containsExactly(below);
        });
        assertThat(r.judged()).isEqualTo(1);
        assertThat(r.inside()).isZero();
    }

    @Test
    void moreWorkersThanCoresIsNotJudged() {
        List<Measurement> all = with(520);
        all.addAll(runs("k", 4, 2, 900));
        RegionScaling r = ScalingAnalysis.analyze(all, Map.of("k", K)).regions().get(0);
        ScalingPoint four = r.points().get(2);
        assertThat(four.verdict()).isEqualTo(Verdict.OVERSUBSCRIBED);
        assertThat(four.pinned()).isFalse();
        assertThat(four.bounds().lower()).isCloseTo(1e6 / (2.5e5 + 34_000), within(1e-9));
        assertThat(judgedFindings(r)).extracting(ScalingFinding::kind)
                .containsExactly(ScalingFinding.Kind.MORE_WORKERS_THAN_CORES);
        assertThat(r.judged()).isEqualTo(1);
        assertThat(r.inside()).isEqualTo(1);
    }

    /** @return the findings about the bounds: all but NOISY_TRIALS (the baseline here spreads 20%) */
    static List<ScalingFinding> judgedFindings(RegionScaling r) {
        return r.findings().stream().filter(f -> f.kind() != ScalingFinding.Kind.NOISY_TRIALS).toList();
    }

    @Test
    void trialsSpreadingMoreThanTenPercentAreFlaggedWithTheirLoads() {
        // (1050 - 950) / 1000 = 10% exactly: not above the threshold; (1050 - 949) / 1000 = 10.1%: flagged
        assertThat(atTwo(950, 1000, 1050).noisy()).isFalse();
        ScalingPoint noisy = atTwo(949, 1000, 1050);
        assertThat(noisy.noisy()).isTrue();
        RegionScaling r = ScalingAnalysis.analyze(with(949, 1000, 1050), Map.of()).regions().get(0);
        // the baseline, 1100/1000/900, spreads 20%: both points are flagged, in P order
        assertThat(r.findings()).filteredOn(f -> f.kind() == ScalingFinding.Kind.NOISY_TRIALS).singleElement()
                .satisfies(f -> assertThat(f.points()).extracting(ScalingPoint::p).containsExactly(1, 2));
        // loads: the mean of the trials that measured the others' share, and the largest
        List<Measurement> loaded = List.of(
                new Measurement("k", 1, 1, 100, 1, 0, 1, true, new io.forkscope.model.machine.MachineLoad(0.2, 1.0, 2)),
                new Measurement("k", 1, 2, 100, 1, 0, 1, true, new io.forkscope.model.machine.MachineLoad(0.5, 3.0, 2)),
                new Measurement("k", 1, 3, 100, 1, 0, 1, true, io.forkscope.model.machine.MachineLoad.UNKNOWN));
        ScalingPoint p = ScalingAnalysis.analyze(loaded, Map.of()).regions().get(0).points().get(0);
        assertThat(p.meanLoad().othersShare()).isCloseTo(0.35, within(1e-12));
        assertThat(p.meanLoad().loadAverage()).isCloseTo(2.0, within(1e-12));
        assertThat(p.maxOthersShare()).isEqualTo(0.5);
        assertThat(p.noisy()).isFalse();
        assertThat(atTwo(500).meanLoad()).isEqualTo(io.forkscope.model.machine.MachineLoad.UNKNOWN);
    }

    @Test
    void withoutBaselineOrBoundsNothingIsJudged() {
        RegionScaling noBase = ScalingAnalysis.analyze(runs("k", 2, 2, 500), Map.of("k", K)).regions().get(0);
        assertThat(noBase.points().get(0).speedup()).isNull();
        assertThat(noBase.points().get(0).verdict()).isEqualTo(Verdict.NO_BASELINE);
        RegionScaling noBounds = ScalingAnalysis.analyze(with(500), Map.of()).regions().get(0);
        assertThat(noBounds.bounds()).isNull();
        assertThat(noBounds.points().get(1).bounds()).isNull();
        assertThat(noBounds.points().get(1).verdict()).isEqualTo(Verdict.NO_BOUNDS);
        assertThat(noBounds.points().get(1).speedup().median()).isEqualTo(2.0);
    }

    @Test
    void theWholeProcessIsNotJudgedAgainstTheBoundsOfItsForkJoinWork() {
        // the same times that fall clearly BELOW for a region (best trial 1000/700 = 1.43 < 0.95 · 1.87)
        List<Measurement> whole = new ArrayList<>(runs("", 1, 1, 1100, 1000, 900));
        whole.addAll(runs("", 2, 2, 700, 800, 900));
        SectionBounds wholeBounds = new SectionBounds("", K.measures(), 1, 1, Unit.TIME, 100, "test");
        RegionScaling r = ScalingAnalysis.analyze(whole, Map.of("", wholeBounds)).regions().get(0);
        ScalingPoint two = r.points().get(1);
        assertThat(r.points().get(0).verdict()).isEqualTo(Verdict.BASELINE);
        assertThat(two.verdict()).isEqualTo(Verdict.WHOLE_PROCESS);
        assertThat(two.speedup().median()).isCloseTo(1000.0 / 800, within(1e-12));   // still measured
        assertThat(two.bounds().lower()).isCloseTo(LOWER_2, within(1e-6));            // and still predicted
        assertThat(r.judged()).isZero();
        assertThat(judgedFindings(r)).singleElement().satisfies(f -> {
            assertThat(f.kind()).isEqualTo(ScalingFinding.Kind.WHOLE_PROCESS_TIMED);
            assertThat(f.points()).containsExactly(two);
        });
        // a whole run without bounds or without a baseline says so first, as a region would
        assertThat(ScalingAnalysis.analyze(whole, Map.of()).regions().get(0).points().get(1).verdict())
                .isEqualTo(Verdict.NO_BOUNDS);
    }

    @Test
    void sectionsKeepTheirFirstAppearanceOrderAndPointsAscendInP() {
        List<Measurement> all = new ArrayList<>(runs("z", 2, 2, 5));
        all.addAll(runs("", 1, 1, 10));
        all.addAll(runs("z", 1, 1, 10));
        ScalingReport r = ScalingAnalysis.analyze(all, Map.of());
        assertThat(r.regions()).extracting(RegionScaling::region).containsExactly("z", "");
        assertThat(r.regions().get(0).points()).extracting(ScalingPoint::p).containsExactly(1, 2);
        assertThat(r.tolerance()).isEqualTo(ScalingAnalysis.TOLERANCE);
    }
}
