package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.model.RecorderFailure;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.report.TextReport;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every command that reads a recording says, first, on stderr, once, and naming the file once,
 * why a recording is partial (cut short, or its recorder failed), before any number; its JSON says
 * {@code "complete": false} with the warning, and a clean recording says {@code true} and none.
 */
class IncompleteRecordingCommandsTest {
    @TempDir
    Path dir;

    static final WholeRun EARLY = new WholeRun(new WorkSpan(20, 10, 10, 1, 0, 20), 2, 1, 1, false);
    static final WholeRun FINAL = new WholeRun(new WorkSpan(35, 25, 25, 1, 1, 40), 2, 2, 2, true);

    /** The DAG of DagCommandsTest.delayed() with a periodic snapshot before it, as the agent writes it. */
    static byte[] dagRecording(RecorderFailure failure) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        long t = 7L << 40;
        RecordingWriter w = new RecordingWriter(bytes);
        w.info(DagCommandsTest.info("dag"));
        w.wholeRun(EARLY);
        w.dagNodes(List.of(
                new RecordedNode(t, 0, 0, 10, 10, NodeEnd.CREATE, new long[0], new EdgeKind[0]),
                new RecordedNode(t + 2, 0, 10, 20, 10, NodeEnd.WAIT, new long[] {t},
                        new EdgeKind[] {EdgeKind.CREATE_CONT})));
        if (failure != null) {
            w.failure(failure);
            w.endOfRecording();
            return bytes.toByteArray();
        }
        w.dagNodes(List.of(
                new RecordedNode(t + 3, 0, 35, 40, 5, NodeEnd.END, new long[] {t + 2, t + 1},
                        new EdgeKind[] {EdgeKind.WAIT_CONT, EdgeKind.END}),
                new RecordedNode(t + 1, 1, 25, 35, 10, NodeEnd.END, new long[] {t}, new EdgeKind[] {EdgeKind.CREATE})));
        w.dagRun(2, 0, 40);
        w.wholeRun(FINAL);
        w.endOfRecording();
        return bytes.toByteArray();
    }

    /** Runs the command line with stdout and stderr into one text, in the order they were written. */
    static CliRunner.Result merged(String... args) {
        StringWriter both = new StringWriter();
        PrintWriter w = new PrintWriter(both, true);
        int code = Main.commandLine(w, w).execute(args);
        return new CliRunner.Result(code, both.toString(), "");
    }

    List<String[]> commands(Path f) {
        String s = f.toString();
        return List.of(
                new String[] {"summary", s},
                new String[] {"summary", s, "--json"},
                new String[] {"summary", s, "--csv"},
                new String[] {"delays", s},
                new String[] {"delays", s, "--json"},
                new String[] {"compare", s},
                new String[] {"compare", s, "--json"},
                new String[] {"profile", s, "-o", dir.resolve("p.svg").toString(), "--force"},
                new String[] {"export", s, "--chrome", dir.resolve("t.json").toString(), "--force"},
                new String[] {"plot", s, "-o", dir.resolve("s.svg").toString(), "--force"});
    }

    /**
     * The warning is the first thing written, the file's name is in it once, and it is not repeated
     * (a text report's INCOMPLETE RECORDING line names the cause again, in a few words: left out here).
     */
    static void warnsFirstOnce(CliRunner.Result merged, Path f, String why, String command) {
        String text = merged.out().lines().filter(l -> !l.startsWith("INCOMPLETE RECORDING: "))
                .reduce("", (a, b) -> a + b + "\n");
        String first = "forkscope: warning: " + f + ": " + why;
        assertThat(text).as(command).startsWith(first);
        // once on stderr; a JSON output carries it once more, in its warnings
        assertThat(text.split(Pattern.quote(why), -1)).as(command).hasSize(command.endsWith("--json") ? 3 : 2);
        assertThat(text).as(command).doesNotContain(f + ": " + f);
    }

    @Test
    void aRecordingCutAnywhereSaysSoFirstInEveryCommand() throws Exception {
        byte[] full = dagRecording(null);
        int readable = 0;
        for (int cut = 40; cut < full.length; cut += 13) {
            Path f = Files.write(dir.resolve("cut" + cut + ".fsk"), Arrays.copyOf(full, cut));
            for (String[] args : commands(f)) {
                String command = String.join(" ", args);
                CliRunner.Result r = merged(args);
                if (r.exitCode() == 2) {
                    // unreadable at this cut (no DAG yet, or a damaged one): one clean line
                    assertThat(r.out().strip()).as(command).startsWith("forkscope: ").doesNotContain("\tat ");
                    continue;
                }
                assertThat(r.exitCode()).as(command + "\n" + r.out()).isZero();
                readable++;
                String why = r.out().contains(": cut short after byte " + cut + " (") ? "cut short after byte " + cut
                        : "the recording was not closed";
                warnsFirstOnce(r, f, why, command);
            }
            CliRunner.Result json = CliRunner.run("summary", f.toString(), "--json");
            if (json.exitCode() == 0) {
                JsonNode root = new ObjectMapper().readTree(json.out());
                assertThat(root.get("complete").asBoolean()).isFalse();
                assertThat(root.get("warnings").get(0).asText()).startsWith(f + ": ");
                assertThat(json.err().lines().filter(l -> l.startsWith("forkscope: warning: "))).hasSize(
                        root.get("warnings").size());
                assertThat(CliRunner.run("summary", f.toString()).out()).startsWith(TextReport.incomplete(
                        root.get("warnings").get(0).asText().contains("cut short") ? "cut short after byte " + cut
                                : "it was not closed (the recorded JVM was killed?)") + "\n");
            }
        }
        assertThat(readable).isGreaterThan(20);
    }

    @Test
    void aFailedRecorderIsSaidFirstAndMarkedInJson() throws Exception {
        Path f = Files.write(dir.resolve("failed.fsk"),
                dagRecording(new RecorderFailure(System.currentTimeMillis(), "java.lang.IllegalStateException: bug")));
        for (String[] args : commands(f)) {
            String command = String.join(" ", args);
            CliRunner.Result r = merged(args);
            assertThat(r.exitCode()).as(command + "\n" + r.out()).isZero();
            warnsFirstOnce(r, f, "the recorder failed internally", command);
            assertThat(r.out()).as(command).contains("java.lang.IllegalStateException: bug");
        }
        for (String[] args : List.of(new String[] {"summary", f.toString(), "--json"},
                new String[] {"delays", f.toString(), "--json"}, new String[] {"compare", f.toString(), "--json"})) {
            CliRunner.Result r = CliRunner.run(args);
            JsonNode root = new ObjectMapper().readTree(r.out());
            assertThat(root.get("complete").asBoolean()).isFalse();
            assertThat(root.get("warnings").get(0).asText()).startsWith(f + ": the recorder failed internally");
        }
    }

    @Test
    void aCompleteRecordingSaysNothingAndIsMarkedComplete() throws Exception {
        Path f = Files.write(dir.resolve("whole.fsk"), dagRecording(null));
        for (String[] args : commands(f)) {
            CliRunner.Result r = CliRunner.run(args);
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.err()).doesNotContain("warning");
            assertThat(r.out()).doesNotContain("INCOMPLETE");
        }
        for (String[] args : List.of(new String[] {"summary", f.toString(), "--json"},
                new String[] {"delays", f.toString(), "--json"}, new String[] {"compare", f.toString(), "--json"})) {
            JsonNode root = new ObjectMapper().readTree(CliRunner.run(args).out());
            assertThat(root.get("complete").asBoolean()).isTrue();
            assertThat(root.get("warnings").isArray()).isTrue();
            assertThat(root.get("warnings")).isEmpty();
        }
    }
}
