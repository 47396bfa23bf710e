package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ExitPrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An internal failure of the recorder, injected for real into the agent
 * ({@code -Dforkscope.test.failAtEvent}, test only): the program's output and exit code are those
 * of a run without the agent, stderr says once that recording stopped, the recording says it
 * failed, and summary, which has no measurement from before the failure (it comes at the 60th event,
 * before the first periodic snapshot), says so first and then, in one line, that it has nothing to
 * show (exit 2) rather than a run of zeros.
 */
class RecorderFailureIT {
    static final String FAIL_AT = "-Dforkscope.test.failAtEvent=60";

    static Stream<Object[]> runs() {
        return Jdks.javas().stream().flatMap(j -> Stream.of(
                new Object[] {j, "cilkview", "normal", 0},
                new Object[] {j, "dag", "normal", 0},
                new Object[] {j, "cilkview", "exit", 3}));
    }

    @ParameterizedTest(name = "{0} mode={1} {2}")
    @MethodSource("runs")
    void aFailureInsideTheEngineLeavesTheProgramAloneAndTheRecordingMarked(String java, String mode, String how,
            int exit, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("failed.fsk");
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of(), ExitPrograms.class, how), dir);
        ChildJvm.Result recorded = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",mode=" + mode,
                List.of(FAIL_AT), ExitPrograms.class, how), dir);

        assertThat(plain.exitCode()).isEqualTo(exit);
        assertThat(recorded.exitCode()).isEqualTo(exit);
        assertThat(recorded.stdout()).isEqualTo(plain.stdout());
        List<String> said = recorded.programStderr().lines().toList();
        assertThat(said).as(recorded.stderr()).containsExactly(
                "forkscope: internal error, recording stopped (the program runs on): java.lang.IllegalStateException:"
                        + " failure injected for a test by " + FAIL_AT);

        Recording rec = RecordingReader.read(out);
        assertThat(rec.complete()).isFalse();
        assertThat(rec.ended()).isTrue();   // the sink still closed the file
        assertThat(rec.recorderFailure().orElseThrow().text()).contains("failure injected for a test");
        assertThat(rec.wholeRun().isFinal()).isFalse();   // no final snapshot of a broken engine

        // the failure came at the 60th event, before the first periodic snapshot: the file holds only the
        // snapshot of the start, before any event, so summary has no measurement to show, and says why
        for (String[] args : List.of(new String[] {"summary", out.toString()},
                new String[] {"summary", out.toString(), "--json"}, new String[] {"summary", out.toString(), "--csv"})) {
            CliRunner.Result summary = CliRunner.run(args);
            assertThat(summary.exitCode()).as(summary.err()).isEqualTo(2);
            assertThat(summary.out()).isEmpty();
            assertThat(summary.err().lines().toList()).as(summary.err()).hasSize(2);
            assertThat(summary.err().lines().toList()).first().asString()
                    .startsWith("forkscope: warning: " + out + ": the recorder failed internally")
                    .contains("failure injected for a test");
            assertThat(summary.err().lines().toList()).last().asString()
                    .startsWith("forkscope: " + out + ": its recorder failed internally (java.lang.IllegalStateException:"
                            + " failure injected for a test")
                    .endsWith(", and no measurement of its run comes before that");
        }
    }
}
