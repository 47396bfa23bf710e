package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ErrorPrograms;
import io.forkscope.it.programs.ExitPrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mistakes end to end: an unwritable recording stops record before the program runs, the agent
 * makes no directory, a recording without events or without declared units says so, and demo
 * leaves no temporary directory.
 */
class UserErrorsIT {
    static List<String> marker(Path ran) {
        return List.of(CliIT.java(), "-cp", CliIT.cp(), ErrorPrograms.class.getName(), "marker", ran.toString());
    }

    static CliRunner.Result record(Path out, List<String> command, String... options) {
        List<String> args = new ArrayList<>(List.of("record", "-o", out.toString()));
        args.addAll(List.of(options));
        args.add("--");
        args.addAll(command);
        return CliRunner.run(args.toArray(new String[0]));
    }

    @Test
    void aCommandThatStartsNoJvmKeepsItsExitCode(@TempDir Path dir) {
        for (int code : new int[] {0, 3}) {
            CliRunner.Result r = CliRunner.run("record", "-o", dir.resolve("r" + code + ".fsk").toString(), "--",
                    "sh", "-c", "exit " + code);
            assertThat(r.exitCode()).as(r.err()).isEqualTo(code);
            assertThat(r.err()).contains("no recording was written");
        }
    }

    @Test
    void aProgramThatDoesNotExistIsOneLineAndExitTwo(@TempDir Path dir) {
        CliRunner.Result r = CliRunner.run("record", "-o", dir.resolve("r.fsk").toString(), "--", "no-such-program-xyz");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("forkscope: cannot start 'no-such-program-xyz': no such program");
    }

    @Test
    void anUnwritableRecordingStopsRecordBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        Path ran = dir.resolve("ran");
        Path nonexistent = Path.of("/nonexistent");
        Assumptions.assumeFalse(Files.exists(nonexistent), "/nonexistent exists on this machine");
        for (Path out : List.of(nonexistent.resolve("r.fsk"), dir.resolve("missing").resolve("r.fsk"),
                Path.of("/proc/self/r.fsk"), dir.resolve("ran").resolve("r.fsk"))) {
            CliRunner.Result r = record(out, marker(ran));
            CliIT.assertOneLineError(r, out.toString());
            assertThat(ran).as("the program ran").doesNotExist();
            if (!out.startsWith("/proc")) {
                assertThat(out.getParent()).doesNotExist();
            }
        }
        assertThat(nonexistent).doesNotExist();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.toList()).isEmpty();
        }
        // the same program, recorded to a directory that exists, runs: the marker is its
        CliRunner.Result r = record(dir.resolve("r.fsk"), marker(ran));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(ran).exists();
    }

    @Test
    void theAgentMakesNoDirectoryAndTheProgramRunsOn(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("missing").resolve("deeper").resolve("r.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(CliIT.java(), "out=" + out, List.of(), ExitPrograms.class,
                "normal"), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("sum ");
        assertThat(r.programStderr().strip()).isEqualTo("forkscope: could not start, the program runs without"
                + " recording: " + out.getParent() + ": no such directory for the recording " + out);
        assertThat(dir.resolve("missing")).doesNotExist();
    }

    @Test
    void aProgramThatExitsBeforeAnyForkLeavesARecordingThatSaysItIsEmpty(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("early.fsk");
        CliRunner.Result r = record(out, List.of(CliIT.java(), "-cp", CliIT.cp(), ErrorPrograms.class.getName(),
                "exit-early", "3"));
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).contains("forkscope: recording " + out + " holds no fork/join events: the program exited"
                + " with code 3 before any").doesNotContain("recording written");
    }

    @Test
    void abstractUnitsThatTheProgramNeverDeclaredAreNamed(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("undeclared.fsk");
        CliRunner.Result r = record(out, List.of(CliIT.java(), "-cp", CliIT.cp(), ExitPrograms.class.getName(),
                "normal"), "--unit", "abstract");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).containsPattern("recording written to " + out.toString().replace(".", "\\.")
                + ", but its work is 0 units: the program ran [0-9]+ task\\(s\\) and never declared units with"
                + " Forkscope\\.work");
    }

    @Test
    void demoLeavesNothingInTheTemporaryDirectoryButItsReport(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(CliIT.java(), "-Djava.io.tmpdir=" + tmp, "-jar", ChildJvm.jar().toString(),
                "demo").redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(out)).isZero();
        assertThat(Files.readString(out)).contains("Parallelism:");
        // the recordings' directory is gone; what stays is the HTML page the demo names last, alone in a
        // directory of its own
        List<Path> left;
        try (Stream<Path> s = Files.list(tmp)) {
            left = s.toList();
        }
        assertThat(left).singleElement().satisfies(d -> assertThat(d.getFileName().toString())
                .startsWith("forkscope-demo-report-"));
        List<Path> pages;
        try (Stream<Path> s = Files.list(left.get(0))) {
            pages = s.toList();
        }
        assertThat(pages).singleElement().satisfies(page -> {
            assertThat(page.getFileName().toString()).isEqualTo("forkscope-demo-quicksort.html");
            assertThat(Files.readString(out).strip()).endsWith("open " + page);
        });
    }

    @Test
    void calibrateChecksItsCacheBeforeMeasuring(@TempDir Path dir) throws Exception {
        Path regular = Files.writeString(dir.resolve("regular.txt"), "not a directory");
        Path cache = regular.resolve("cache");
        List<String> cmd = List.of(CliIT.java(), "-jar", ChildJvm.jar().toString(), "calibrate", "--forks", "100");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(p.exitValue()).as(err).isEqualTo(2);
        assertThat(err.lines().toList()).singleElement().asString().startsWith("forkscope: "
                + cache.resolve("forkscope") + ": " + regular + " is not a directory");
        assertThat(Files.exists(cache)).isFalse();
    }
}
