package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.cilkview.Diagnosis;
import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.it.programs.IncompletePrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingGaps;
import io.forkscope.model.RecordingReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CompletableFuture stages and latch-awaited tasks under the agent: the recording counts the tasks
 * forkscope does not model and those nothing joined, warns with the counts, and the analysis
 * makes no parallelism verdict from that DAG.
 */
class IncompleteDagIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void gapsAreCountedAndNoVerdictIsGiven(String java, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("incomplete.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",unit=abstract,burden=100",
                List.of(), IncompletePrograms.class), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("cf 6");

        Recording rec = RecordingReader.read(out);
        RecordingGaps gaps = RecordingGaps.of(rec.info());
        // three AsyncSupply tasks; they and the two executed lambdas are never joined
        assertThat(gaps.unmodeled()).isEqualTo(3);
        assertThat(gaps.unjoined()).isEqualTo(5);
        assertThat(rec.warnings()).anySatisfy(w -> assertThat(w).startsWith("incomplete DAG: 3 task(s) of a runtime"))
                .anySatisfy(w -> assertThat(w).startsWith("incomplete DAG: 5 task(s) were never joined"));
        assertThat(ScalabilityAnalysis.analyze(rec).wholeRun().diagnoses()).extracting(Diagnosis::kind)
                .containsExactly(Diagnosis.Kind.INCOMPLETE_DAG);
    }
}
