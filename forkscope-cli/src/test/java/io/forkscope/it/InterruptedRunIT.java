package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ExitPrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingGaps;
import io.forkscope.model.RecordingReader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run ended by SIGTERM, SIGINT or SIGHUP, on every JDK: the program exits as without the agent
 * (128 + the signal), the recording is written and closed but not complete, says which signal
 * ended the run first in its warnings and in every report's JSON and text, and the 5 tasks the
 * program had created and not yet joined (ExitPrograms inflight: a root and its 4 children that
 * never end) are counted as cut off by the signal, never as tasks the program failed to join.
 * {@code record} stopped by a signal stops the program, and still says where its recording is.
 */
class InterruptedRunIT {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String java : Jdks.javas()) {
            for (String signal : List.of("TERM", "INT", "HUP")) {
                out.add(Arguments.of(java, signal));
            }
        }
        return out.stream();
    }

    static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} SIG{1}")
    @MethodSource("cases")
    void aSignalledRunIsIncompleteSaysWhyAndBlamesNoTaskOnTheProgram(String java, String signal, @TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("run.fsk");
        Process p = startReady(ChildJvm.command(java, "out=" + out + ",mode=dag", List.of(), ExitPrograms.class,
                "inflight"), dir);
        assumeFalse(ignores(p.pid(), signal), "SIG" + signal + " is ignored in this environment (a background job):"
                + " the JVM ignores it with or without the agent");
        kill(p.pid(), signal);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(128 + number(signal));   // the JVM's own exit code for the signal

        Recording rec = RecordingReader.read(out);
        String why = out + ": the run was ended by SIG" + signal + " before the program finished";
        assertThat(rec.ended()).isTrue();
        assertThat(rec.complete()).isFalse();
        assertThat(rec.endedBy()).contains("SIG" + signal);
        assertThat(rec.warnings().get(0)).startsWith(why);
        RecordingGaps gaps = RecordingGaps.of(rec.info());
        assertThat(gaps.unjoined()).isZero();
        assertThat(gaps.cutOff()).isEqualTo(5);
        assertThat(rec.warnings()).noneMatch(w -> w.contains("never joined"))
                .anyMatch(w -> w.contains("5 task(s) were not yet joined when SIG" + signal + " ended the run"));

        for (String[] args : List.of(new String[] {"summary", out.toString(), "--json"},
                new String[] {"delays", out.toString(), "--json"})) {
            CliRunner.Result r = CliRunner.run(args);
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode root = JSON.readTree(r.out());
            assertThat(root.get("complete").asBoolean()).isFalse();
            assertThat(root.get("warnings").get(0).asText()).startsWith(why);
            assertThat(r.out() + r.err()).doesNotContain("never joined");
        }
        for (String[] args : List.of(new String[] {"summary", out.toString()}, new String[] {"delays", out.toString()})) {
            CliRunner.Result r = CliRunner.run(args);
            assertThat(r.err()).startsWith("forkscope: warning: " + why);
            assertThat(r.out()).contains("INCOMPLETE RECORDING: the numbers below cover only part of the run (its run was"
                    + " ended by SIG" + signal + ")").doesNotContain("never joined");
        }
    }

    @ParameterizedTest(name = "{0} SIG{1}")
    @MethodSource("cases")
    void recordStoppedByASignalStillSaysWhereTheRecordingIs(String java, String signal, @TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("rec.fsk");
        List<String> cmd = List.of(java, "-jar", ChildJvm.jar().toString(), "record", "-o", out.toString(), "--",
                java, "-cp", CliIT.cp(), ExitPrograms.class.getName(), "inflight");
        Path err = dir.resolve("record.err");
        Process record = new ProcessBuilder(DefaultSignals.restoring(cmd, "INT", "HUP", "TERM")).directory(dir.toFile())
                .redirectError(err.toFile()).start();
        awaitReady(record);
        assumeFalse(ignores(record.pid(), signal), "SIG" + signal + " is ignored in this environment");
        kill(record.pid(), signal);
        assertThat(record.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(record.exitValue()).isEqualTo(128 + number(signal));   // forkscope's JVM ends as any would
        // forkscope stopped its program with SIGTERM, the program wrote its recording, forkscope said where
        assertThat(Files.readString(err)).contains("forkscope: recording written to " + out
                + ", incomplete: its run was ended by SIGTERM");
        Recording rec = RecordingReader.read(out);
        assertThat(rec.endedBy()).contains("SIGTERM");
        assertThat(RecordingGaps.of(rec.info()).cutOff()).isEqualTo(5);
    }

    private static Process startReady(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(DefaultSignals.restoring(cmd, "INT", "HUP", "TERM")).directory(dir.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        awaitReady(p);
        return p;
    }

    private static void awaitReady(Process p) throws Exception {
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = lines.readLine()) != null; ) {
            if (line.equals("ready")) {
                return;
            }
        }
        throw new AssertionError("the program ended before it was ready");
    }

    private static void kill(long pid, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor()).isZero();
    }

    private static int number(String signal) {
        return switch (signal) {
            case "HUP" -> 1;
            case "INT" -> 2;
            case "TERM" -> 15;
            default -> throw new IllegalArgumentException(signal);
        };
    }

    /** @return whether the process ignores the signal (SigIgn in /proc): then it cannot end the run */
    private static boolean ignores(long pid, String signal) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("SigIgn:")) {
                long mask = Long.parseUnsignedLong(line.substring(7).trim(), 16);
                return (mask & (1L << (number(signal) - 1))) != 0;
            }
        }
        return false;
    }
}
