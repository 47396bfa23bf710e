package io.forkscope.analysis.cilkview;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingGaps;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A DAG the recorder knows to be incomplete gets no verdict on its parallelism, only the counts. */
class IncompleteDagDiagnosisTest {
    /** Parallelism 3.11 on 2 processors: LOW_PARALLELISM when the DAG is complete. */
    static final WorkSpan LOW = new WorkSpan(311, 100, 100, 3, 0, 0);

    @Test
    void incompleteDagIsTheOnlyFindingAndCarriesTheCounts() {
        List<Diagnosis> d = Diagnostician.diagnose(LOW, Unit.ABSTRACT, 2, new RecordingGaps(3, 3, 0, 0));
        assertThat(d).extracting(Diagnosis::kind).containsExactly(Diagnosis.Kind.INCOMPLETE_DAG);
        assertThat(d.get(0).message()).startsWith("no diagnosis: the recorded DAG is incomplete (3 task(s) of a runtime")
                .contains("3 task(s) were never joined").doesNotContain("not enough parallelism").doesNotContain("\n");
        assertThat(Diagnostician.diagnose(LOW, Unit.ABSTRACT, 2, RecordingGaps.NONE)).extracting(Diagnosis::kind)
                .containsExactly(Diagnosis.Kind.LOW_PARALLELISM);
    }

    @Test
    void analysisReadsTheCountsFromTheRecordingForEverySection() {
        Map<String, String> info = new LinkedHashMap<>();
        info.put(RecordingInfo.UNIT, "abstract");
        info.put(RecordingGaps.UNMODELED, "4");
        Recording rec = new Recording(new RecordingInfo(info), new WholeRun(LOW, 2, 2, 4, true),
                List.of(new RegionRecord("r", "main", 0, LOW, 0)), List.of(), true);
        ScalabilityReport report = ScalabilityAnalysis.analyze(rec);
        assertThat(report.wholeRun().diagnoses()).extracting(Diagnosis::kind).containsExactly(Diagnosis.Kind.INCOMPLETE_DAG);
        assertThat(report.regions().get(0).diagnoses()).extracting(Diagnosis::kind)
                .containsExactly(Diagnosis.Kind.INCOMPLETE_DAG);
    }
}
