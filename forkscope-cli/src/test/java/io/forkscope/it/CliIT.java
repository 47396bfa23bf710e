package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.cli.CliRunner;
import io.forkscope.it.programs.ExactPrograms;
import io.forkscope.it.programs.ExitPrograms;
import io.forkscope.model.RecordingReader;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line end to end: record, summary in every format, demo, and its errors. */
class CliIT {
    static String cp() {
        return ChildJvm.testClasses() + File.pathSeparator + ChildJvm.jar();
    }

    static String java() {
        return Jdks.javas().get(0);
    }

    @Test
    void recordThenSummaryInEveryFormat(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("exact.fsk");
        CliRunner.Result rec = CliRunner.run("record", "-o", out.toString(), "--unit", "abstract", "--burden-ns", "100",
                "--", java(), "-cp", cp(), ExactPrograms.class.getName(), "2");
        assertThat(rec.exitCode()).as(rec.err()).isZero();
        assertThat(rec.err()).contains("recording written to " + out);

        CliRunner.Result text = CliRunner.run("summary", out.toString());
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("Work:", "Span:", "Burdened span:", "Parallelism:", "Burdened parallelism:",
                "Spawns:", "Syncs:", "Average maximal strand:", "2 processors:", "64 processors:", "\"fib\"",
                "burden 100 units");

        CliRunner.Result json = CliRunner.run("summary", out.toString(), "--json");
        JsonNode j = new ObjectMapper().readTree(json.out());
        for (String key : List.of("work_ns", "span_ns", "burdened_span_ns", "parallelism", "burdened_parallelism",
                "spawns", "syncs", "average_maximal_strand_ns", "elapsed_ns", "workers", "burden_ns", "unit",
                "speedup_estimate", "regions")) {
            assertThat(j.has(key)).as(key).isTrue();
        }
        assertThat(j.get("unit").asText()).isEqualTo("abstract");
        assertThat(j.get("burden_ns").asLong()).isEqualTo(100);
        JsonNode fib = null;
        for (JsonNode region : j.get("regions")) {
            if (region.get("label").asText().equals("fib")) {
                fib = region;
            }
        }
        assertThat(fib).isNotNull();
        assertThat(fib.get("work_ns").asLong()).isEqualTo(ExactUnitsIT.fibWork(12));
        assertThat(fib.get("span_ns").asLong()).isEqualTo(ExactUnitsIT.fibSpan(12));
        assertThat(j.get("speedup_estimate").get(0).get("p").asInt()).isEqualTo(2);

        CliRunner.Result csv = CliRunner.run("summary", out.toString(), "--csv");
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("tag,work (units),span (units),parallelism,burdened_span (units),burdened_parallelism");
        assertThat(lines).hasSize(1 + 7 + 1);
        assertThat(lines.get(lines.size() - 1)).startsWith(",");
    }

    @Test
    void recordNeverOverwritesWithoutForce(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("kept.fsk");
        Files.writeString(out, "precious");
        CliRunner.Result refused = CliRunner.run("record", "-o", out.toString(), "--", java(), "-cp", cp(),
                ExitPrograms.class.getName(), "normal");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err().lines().toList()).singleElement().asString()
                .contains(out.toString()).contains("exists").contains("--force");
        assertThat(Files.readString(out)).isEqualTo("precious");

        CliRunner.Result forced = CliRunner.run("record", "--force", "-o", out.toString(), "--", java(), "-cp", cp(),
                ExitPrograms.class.getName(), "exit");
        assertThat(forced.exitCode()).isEqualTo(3);
        assertThat(RecordingReader.read(out).complete()).isTrue();
    }

    @Test
    void everyJvmUnderOneRecordGetsItsOwnFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("multi.fsk");
        String one = java() + " -cp " + cp() + " " + ExitPrograms.class.getName() + " normal";
        CliRunner.Result r = CliRunner.run("record", "-o", out.toString(), "--", "bash", "-c", one + " && " + one);
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<Path> files = new ArrayList<>();
        try (var s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().startsWith("multi")).forEach(files::add);
        }
        assertThat(files).hasSize(2);
        for (Path f : files) {
            assertThat(RecordingReader.read(f).complete()).isTrue();
        }
    }

    @Test
    void badInputGetsOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a recording");
        assertOneLineError(CliRunner.run("summary", text.toString()), text + ": not a forkscope recording");
        assertOneLineError(CliRunner.run("summary", dir.resolve("nope.fsk").toString()), "no such file");
        Path newer = dir.resolve("newer.fsk");
        Files.write(newer, new byte[] {'F', 'S', 'K', 'R', 'E', 'C', 0x0D, 0x0A, 0, 7, 0, 0});
        assertOneLineError(CliRunner.run("summary", newer.toString()), "newer than this forkscope reads");
        assertOneLineError(CliRunner.run("summary"), "Missing required parameter");
        assertOneLineError(CliRunner.run("record", "--unit", "furlongs", "--", "java"), "unknown unit");
        assertOneLineError(CliRunner.run("frobnicate"), "unknown command 'frobnicate'");
        assertOneLineError(CliRunner.run("record", "-o", dir.resolve("x.fsk").toString(), "--", "no-such-program-here"),
                "cannot start 'no-such-program-here'");
    }

    @Test
    void demoRecordsTheBundledQuicksortAndPrintsItsReport() throws Exception {
        CliRunner.Result r = CliRunner.run("demo");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("Parallelism:", "Speedup estimate", "\"quicksort\"");
    }

    static void assertOneLineError(CliRunner.Result r, String contains) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err().lines().toList()).as(r.err()).singleElement().asString().startsWith("forkscope: ").contains(contains);
        assertThat(r.err()).doesNotContain("\tat ");
    }
}
