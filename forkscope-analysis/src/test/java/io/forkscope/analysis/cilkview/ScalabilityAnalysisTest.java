package io.forkscope.analysis.cilkview;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScalabilityAnalysisTest {
    static Recording recording(String unit, WorkSpan whole, List<RegionRecord> regions) {
        RecordingInfo info = new RecordingInfo(Map.of(RecordingInfo.UNIT, unit, RecordingInfo.BURDEN, "6250",
                RecordingInfo.BURDEN_SOURCE, "default"));
        return new Recording(info, new WholeRun(whole, 4, 5, 100, true), regions, List.of(), true);
    }

    @Test
    void wholeRunThenEachRegionOccurrenceInFileOrder() {
        WorkSpan whole = new WorkSpan(1000, 100, 160, 10, 10, 5000);
        List<RegionRecord> regions = List.of(
                new RegionRecord("sort", "main", 10, new WorkSpan(400, 40, 50, 4, 4, 2000), 0),
                new RegionRecord("merge", "worker-1", 20, new WorkSpan(100, 100, 100, 0, 0, 300), 2),
                new RegionRecord("sort", "main", 30, new WorkSpan(500, 50, 60, 5, 5, 2500), 0));
        ScalabilityReport r = ScalabilityAnalysis.analyze(recording("time", whole, regions), new AnalysisOptions(4, 16));

        assertThat(r.unit()).isEqualTo(Unit.TIME);
        assertThat(r.options()).isEqualTo(new AnalysisOptions(4, 16));
        assertThat(r.sections()).hasSize(4).first().isSameAs(r.wholeRun());
        assertThat(r.sections()).extracting(SectionScalability::label).containsExactly(null, "sort", "merge", "sort");
        assertThat(r.sections()).extracting(SectionScalability::isWholeRun).containsExactly(true, false, false, false);

        SectionScalability w = r.wholeRun();
        assertThat(w.thread()).isNull();
        assertThat(w.measures()).isEqualTo(whole);
        assertThat(w.parallelism()).isEqualTo(10.0);
        assertThat(w.burdenedParallelism()).isEqualTo(6.25);
        assertThat(w.averageMaximalStrand()).isCloseTo(1000 / 31.0, within(1e-12));
        assertThat(w.speedups()).extracting(SpeedupEstimate::p).containsExactly(2, 4, 8, 16);
        assertThat(w.speedups()).extracting(SpeedupEstimate::upper).containsExactly(2.0, 4.0, 8.0, 10.0);
        assertThat(w.speedups().get(3).lower()).isCloseTo(1000 / (62.5 + 272), within(1e-12));
        // parallelism 10 < 40; 6.25 is not below half of 10; strands 32.3 ns < 250 ns
        assertThat(w.diagnoses()).extracting(Diagnosis::kind)
                .containsExactly(Diagnosis.Kind.LOW_PARALLELISM, Diagnosis.Kind.SHORT_STRANDS);

        SectionScalability merge = r.regions().get(1);
        assertThat(merge.thread()).isEqualTo("worker-1");
        assertThat(merge.startNs()).isEqualTo(20);
        assertThat(merge.unjoined()).isEqualTo(2);
        assertThat(merge.parallelism()).isEqualTo(1.0);
        assertThat(merge.speedups()).extracting(SpeedupEstimate::upper).containsOnly(1.0);
        assertThat(merge.speedups()).extracting(SpeedupEstimate::lower)
                .containsOnly(Math.min(1.0, 100 / (100 / 2.0 + 170)), 100 / (100 / 4.0 + 170),
                        100 / (100 / 8.0 + 170), 100 / (100 / 16.0 + 170));
        assertThat(r.regions().get(2).measures().work()).isEqualTo(500);
    }

    @Test
    void abstractUnitAndNoRegions() {
        WorkSpan whole = new WorkSpan(1_000_000, 1000, 1000, 1_000_000, 0, 1);
        ScalabilityReport r = ScalabilityAnalysis.analyze(recording("abstract", whole, List.of()), new AnalysisOptions(8, 64));
        assertThat(r.unit()).isEqualTo(Unit.ABSTRACT);
        assertThat(r.regions()).isEmpty();
        assertThat(r.sections()).containsExactly(r.wholeRun());
        assertThat(r.wholeRun().averageMaximalStrand()).isCloseTo(1_000_000 / 2_000_001.0, within(1e-15));
        assertThat(r.wholeRun().diagnoses()).isEmpty();
    }

    @Test
    void emptyWholeRun() {
        ScalabilityReport r = ScalabilityAnalysis.analyze(recording("time", WorkSpan.ZERO, List.of()), new AnalysisOptions(8, 64));
        assertThat(r.wholeRun().speedups()).isEmpty();
        assertThat(r.wholeRun().diagnoses()).isEmpty();
        assertThat(r.wholeRun().parallelism()).isZero();
        assertThat(r.wholeRun().averageMaximalStrand()).isZero();
    }

    @Test
    void defaultOptionsUseThisMachine() {
        ScalabilityReport r = ScalabilityAnalysis.analyze(recording("time", WorkSpan.ZERO, List.of()));
        assertThat(r.options()).isEqualTo(AnalysisOptions.defaults());
    }
}
