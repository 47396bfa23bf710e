package io.forkscope.analysis.cilkview;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Compilation;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A section measured while its code was being compiled is said first, with the fix; only in time units. */
class ColdCodeTest {
    static final long MS = 1_000_000L;

    @Test
    void aColdRegionIsSaidFirstWithTheFix() {
        WorkSpan ws = new WorkSpan(400 * MS, 400 * MS, 400 * MS, 0, 0, 400 * MS);   // serial: low parallelism too
        Recording rec = recording(Unit.TIME, new WholeRun(ws, 2, 1, 1, true, 20 * MS, 1_000 * MS),
                new RegionRecord("cold", "main", 0, ws, 0, 160 * MS),
                new RegionRecord("warm", "main", 0, ws, 0, 39 * MS),
                new RegionRecord("old file", "main", 0, ws, 0));
        ScalabilityReport r = ScalabilityAnalysis.analyze(rec);
        SectionScalability cold = r.regions().get(0);
        assertThat(cold.diagnoses().get(0).kind()).isEqualTo(Diagnosis.Kind.COLD_CODE);
        assertThat(cold.diagnoses().get(0).message()).contains("160 ms during this region's 400 ms (40%)")
                .contains("warm up first").contains("Forkscope.region");
        assertThat(cold.diagnoses()).extracting(Diagnosis::kind).contains(Diagnosis.Kind.LOW_PARALLELISM);
        assertThat(r.regions().get(1).diagnoses()).extracting(Diagnosis::kind).doesNotContain(Diagnosis.Kind.COLD_CODE);
        assertThat(r.regions().get(2).diagnoses()).extracting(Diagnosis::kind).doesNotContain(Diagnosis.Kind.COLD_CODE);
        assertThat(r.regions().get(0).compilation()).isEqualTo(new Compilation(160 * MS, 400 * MS));
        // the whole run's 20 ms over the recorder's 1 s is 2%: warm enough
        assertThat(r.wholeRun().diagnoses()).extracting(Diagnosis::kind).doesNotContain(Diagnosis.Kind.COLD_CODE);
    }

    @Test
    void theWholeRunIsMeasuredFromItsFirstEvent() {
        WorkSpan ws = new WorkSpan(100 * MS, 50 * MS, 50 * MS, 1, 1, 100 * MS);
        Recording rec = recording(Unit.TIME, new WholeRun(ws, 2, 2, 3, true, 90 * MS, 300 * MS));
        Diagnosis d = ScalabilityAnalysis.analyze(rec).wholeRun().diagnoses().get(0);
        assertThat(d.kind()).isEqualTo(Diagnosis.Kind.COLD_CODE);
        assertThat(d.message()).contains("90 ms during the 300 ms from the run's first event to the recording's end (30%)");
    }

    /**
     * Warmed up, then measured in regions (the demo, the advice followed): the whole run is cold
     * (90 of 300 ms), its one region warm (2 of 100 ms): the whole run's finding points at the
     * regions instead of advising what the program already does. With a cold region it advises.
     */
    @Test
    void aColdWholeRunWithWarmRegionsPointsAtTheRegions() {
        WorkSpan ws = new WorkSpan(100 * MS, 50 * MS, 50 * MS, 1, 1, 100 * MS);
        Recording warm = recording(Unit.TIME, new WholeRun(ws, 2, 2, 3, true, 90 * MS, 300 * MS),
                new RegionRecord("measured", "main", 0, ws, 0, 2 * MS));
        Diagnosis d = ScalabilityAnalysis.analyze(warm).wholeRun().diagnoses().get(0);
        assertThat(d.kind()).isEqualTo(Diagnosis.Kind.COLD_CODE);
        assertThat(d.message()).contains("90 ms during its 300 ms, 30%", "not in its regions: read the regions below")
                .doesNotContain("warm up first");
        Recording cold = recording(Unit.TIME, new WholeRun(ws, 2, 2, 3, true, 90 * MS, 300 * MS),
                new RegionRecord("measured", "main", 0, ws, 0, 2 * MS), new RegionRecord("first", "main", 0, ws, 0, 40 * MS));
        assertThat(ScalabilityAnalysis.analyze(cold).wholeRun().diagnoses().get(0).message()).contains("warm up first");
    }

    @Test
    void declaredUnitsDoNotDependOnTheJit() {
        WorkSpan ws = new WorkSpan(100, 50, 50, 1, 1, 100 * MS);
        assertThat(ColdCode.diagnosis(new Compilation(90 * MS, 100 * MS), Unit.ABSTRACT, false)).isEmpty();
        assertThat(ColdCode.diagnosis(new Compilation(90 * MS, 100 * MS), Unit.TIME, false)).isPresent();
        Recording rec = recording(Unit.ABSTRACT, new WholeRun(ws, 2, 2, 3, true, 90 * MS, 100 * MS));
        assertThat(ScalabilityAnalysis.analyze(rec).wholeRun().diagnoses()).extracting(Diagnosis::kind)
                .doesNotContain(Diagnosis.Kind.COLD_CODE);
    }

    private static Recording recording(Unit unit, WholeRun run, RegionRecord... regions) {
        RecordingInfo info = new RecordingInfo(Map.of(RecordingInfo.UNIT, unit == Unit.TIME ? "time" : "abstract",
                RecordingInfo.BURDEN, "0", RecordingInfo.BURDEN_SOURCE, "option"));
        return new Recording(info, run, List.of(regions), List.of(), true);
    }
}
