package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.it.programs.ExitPrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The agent never harms the program: same output, same exit code, same exceptions; and the
 * recording is written however the JVM ends.
 */
class AgentSafetyIT {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"normal, 0", "exit, 3", "throw, 1"})
    void sameOutcomeWithAndWithoutTheAgentAndACompleteRecording(String how, int expectedExit, @TempDir Path dir)
            throws Exception {
        String java = Jdks.javas().get(0);
        Path out = dir.resolve(how + ".fsk");
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of(), ExitPrograms.class, how), dir);
        ChildJvm.Result recorded = ChildJvm.run(ChildJvm.command(java, "out=" + out, List.of(), ExitPrograms.class, how), dir);
        assertThat(plain.exitCode()).isEqualTo(expectedExit);
        assertThat(recorded.exitCode()).isEqualTo(expectedExit);
        assertThat(recorded.stdout()).isEqualTo(plain.stdout());
        if (how.equals("throw")) {
            // the trace itself differs from run to run (the pool re-wraps the exception depending on
            // which thread threw it), with or without the agent: compare what was thrown
            assertThat(plain.stderr()).contains("IllegalStateException: boom in task");
            assertThat(recorded.stderr()).contains("IllegalStateException: boom in task");
        } else {
            assertThat(recorded.programStderr()).isEqualTo(plain.programStderr());
        }
        Recording rec = RecordingReader.read(out);
        assertThat(rec.complete()).isTrue();
        assertThat(rec.wholeRun().isFinal()).isTrue();
        assertThat(rec.wholeRun().measures().spawns()).isPositive();
    }

    @Test
    void sigtermStillWritesAClosedRecordingThatSaysTheRunWasCut(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("term.fsk");
        Process p = startWaiting(dir, out, "");
        p.destroy();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Recording rec = RecordingReader.read(out);
        assertThat(rec.ended()).isTrue();
        assertThat(rec.complete()).isFalse();   // see InterruptedRunIT
        assertThat(rec.endedBy()).contains("SIGTERM");
        assertThat(rec.wholeRun().measures().spawns()).isPositive();
    }

    @Test
    void aKilledJvmLeavesARecordingThatOpensWithAWarning(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("killed.fsk");
        Process p = startWaiting(dir, out, ",flush=20");
        Thread.sleep(300);
        p.destroyForcibly();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Recording rec = RecordingReader.read(out);
        assertThat(rec.complete()).isFalse();
        assertThat(rec.warnings()).anyMatch(w -> w.contains("not closed") || w.contains("cut short"));
        assertThat(rec.wholeRun().measures().spawns()).isPositive();

        // cut the file in the middle of its last block: still opens, up to the last complete block
        byte[] bytes = Files.readAllBytes(out);
        Path cut = dir.resolve("cut.fsk");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 7));
        Recording truncated = RecordingReader.read(cut);
        assertThat(truncated.warnings().get(0)).contains(": cut short after byte " + (bytes.length - 7));
    }

    private static Process startWaiting(Path dir, Path out, String extra) throws Exception {
        List<String> cmd = ChildJvm.command(Jdks.javas().get(0), "out=" + out + extra, List.of(), ExitPrograms.class, "wait");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = lines.readLine()) != null; ) {
            if (line.equals("ready")) {
                return p;
            }
        }
        throw new AssertionError("the program ended before it was ready");
    }
}
