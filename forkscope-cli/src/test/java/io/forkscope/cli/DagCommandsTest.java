package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The commands that read a recorded DAG. Recordings with a DAG are built in memory and handed to
 * each command's {@code run}; the errors go through the whole command line on files.
 */
class DagCommandsTest {
    @TempDir
    Path dir;

    /** P = 2: B ready at 10 ns, started at 25 ns: work 35, delay 15, no-work-sched 5, no-work-app 25. */
    static Dag delayed() {
        return new Dag(List.of(
                DagNode.strand(0, 0, 0, 10, NodeEnd.CREATE, List.of()),
                DagNode.strand(1, 1, 25, 35, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE))),
                DagNode.strand(2, 0, 10, 20, NodeEnd.WAIT, List.of(new Edge(0, EdgeKind.CREATE_CONT))),
                DagNode.strand(3, 0, 35, 40, NodeEnd.END,
                        List.of(new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END)))), 2, 0, 40);
    }

    static Map<String, String> info(String mode) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(RecordingInfo.MODE, mode);
        m.put(RecordingInfo.UNIT, "time");
        m.put("workers", "2");
        m.put(RecordingInfo.JAVA_VERSION, "17");
        return m;
    }

    static final WholeRun WHOLE = new WholeRun(new WorkSpan(30, 20, 20, 1, 1, 40), 1, 1, 2, true);

    static Recording withDag(Dag dag) {
        return new Recording(new RecordingInfo(info("dag")), WHOLE, List.of(), List.of(), true, dag);
    }

    static Recording serialRun() {
        return new Recording(new RecordingInfo(info("cilkview")), WHOLE, List.of(), List.of(), true);
    }

    /** A real recording file without a DAG. */
    Path fileWithoutDag(String name) throws Exception {
        return writeWithoutDag(dir.resolve(name));
    }

    static Path writeWithoutDag(Path f) throws Exception {
        try (OutputStream out = Files.newOutputStream(f); RecordingWriter w = new RecordingWriter(out)) {
            w.info(info("cilkview"));
            w.wholeRun(WHOLE);
            w.endOfRecording();
        }
        return f;
    }

    /** A real recording file with the DAG of {@link #delayed()}, written as the agent writes it. */
    Path fileWithDag(String name) throws Exception {
        return writeWithDag(dir.resolve(name));
    }

    static Path writeWithDag(Path f) throws Exception {
        long t = 7L << 40;   // ids are per-thread sequences
        try (OutputStream out = Files.newOutputStream(f); RecordingWriter w = new RecordingWriter(out)) {
            w.info(info("dag"));
            w.wholeRun(WHOLE);
            w.dagNodes(List.of(
                    new RecordedNode(t + 3, 0, 35, 40, 5, NodeEnd.END, new long[] {t + 2, t + 1},
                            new EdgeKind[] {EdgeKind.WAIT_CONT, EdgeKind.END}),
                    new RecordedNode(t + 1, 1, 25, 35, 10, NodeEnd.END, new long[] {t}, new EdgeKind[] {EdgeKind.CREATE})));
            w.dagNodes(List.of(
                    new RecordedNode(t, 0, 0, 10, 10, NodeEnd.CREATE, new long[0], new EdgeKind[0]),
                    new RecordedNode(t + 2, 0, 10, 20, 10, NodeEnd.WAIT, new long[] {t},
                            new EdgeKind[] {EdgeKind.CREATE_CONT})));
            w.dagRun(2, 0, 40);
            w.endOfRecording();
        }
        return f;
    }

    @Test
    void endToEndOnFiles() throws Exception {
        Path run = fileWithDag("run.fsk");
        CliRunner.Result r = CliRunner.run("delays", run.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        String text = r.out().replaceAll(" +", " ");
        assertThat(text).contains("work (T1): 35 ns", "\n delay 15 ns 18.75%", "\n no-work-sched 5 ns 6.25%",
                "\n no-work-app 25 ns 31.25%");

        r = CliRunner.run("delays", run.toString(), "--serial", fileWithoutDag("ser.fsk").toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(new ObjectMapper().readTree(r.out()).get("serial").get("work_stretch_ns").asDouble()).isEqualTo(5.0);

        Path json = dir.resolve("run.json");
        r = CliRunner.run("export", run.toString(), "--chrome", json.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(new ObjectMapper().readTree(json.toFile()).get("traceEvents").isArray()).isTrue();
        assertUserError(CliRunner.run("export", run.toString(), "--chrome", json.toString()), "exists; use --force");
        // --force replaces the file with a new one (not the old one truncated): a second link to the old one
        // keeps its bytes, a symbolic link is written through
        byte[] first = Files.readAllBytes(json);
        Path old = dir.resolve("old.json");
        Files.createLink(old, json);
        Files.write(old, new byte[] {'x'});
        assertThat(CliRunner.run("export", run.toString(), "--chrome", json.toString(), "--force").exitCode()).isZero();
        assertThat(Files.readAllBytes(json)).isEqualTo(first);
        assertThat(Files.readAllBytes(old)).containsExactly('x');
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), old);
        assertThat(CliRunner.run("export", run.toString(), "--chrome", link.toString(), "--force").exitCode()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readAllBytes(old)).isEqualTo(first);

        r = CliRunner.run("compare", run.toString(), run.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().replaceAll(" +", " ")).contains("no-work-app (ns) 25 25");

        Path svg = dir.resolve("run-profile.svg");
        r = CliRunner.run("profile", run.toString(), "-o", svg.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(svg)).contains("ready (create)");
    }

    static <T> T parsed(T command, String... args) {
        new CommandLine(command).parseArgs(args);
        return command;
    }

    // --- errors: one line, exit 2

    static void assertUserError(CliRunner.Result r, String message) {
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("forkscope: ").contains(message);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aMissingFile() {
        String missing = dir.resolve("nope.fsk").toString();
        assertUserError(CliRunner.run("delays", missing), "nope.fsk: no such file");
        assertUserError(CliRunner.run("compare", missing), "nope.fsk: no such file");
        assertUserError(CliRunner.run("export", missing, "--chrome", dir.resolve("t.json").toString()), "no such file");
        assertUserError(CliRunner.run("profile", missing, "-o", dir.resolve("p.svg").toString()), "no such file");
    }

    @Test
    void notARecording() throws Exception {
        Path junk = dir.resolve("junk.fsk");
        Files.writeString(junk, "hello, world\n");
        assertUserError(CliRunner.run("delays", junk.toString()), "junk.fsk");
    }

    @Test
    void aRecordingWithoutADag() throws Exception {
        Path f = fileWithoutDag("plain.fsk");
        String expected = f + ": recorded without a DAG; record with --mode dag";
        assertUserError(CliRunner.run("delays", f.toString()), expected);
        assertUserError(CliRunner.run("delays", f.toString(), "--json"), expected);
        assertUserError(CliRunner.run("compare", f.toString(), f.toString()), expected);
        assertUserError(CliRunner.run("export", f.toString(), "--chrome", dir.resolve("t.json").toString()), expected);
        assertUserError(CliRunner.run("profile", f.toString(), "-o", dir.resolve("p.svg").toString()), expected);
        assertThat(dir.resolve("t.json")).doesNotExist();
        assertThat(dir.resolve("p.svg")).doesNotExist();
    }

    @Test
    void outputsAreNotOverwrittenWithoutForce() throws Exception {
        Path f = fileWithoutDag("plain.fsk");
        Path json = Files.writeString(dir.resolve("t.json"), "keep");
        Path svg = Files.writeString(dir.resolve("p.svg"), "keep");
        assertUserError(CliRunner.run("export", f.toString(), "--chrome", json.toString()), "t.json: exists; use --force");
        assertUserError(CliRunner.run("profile", f.toString(), "-o", svg.toString()), "p.svg: exists; use --force");
        assertThat(json).hasContent("keep");
        assertThat(svg).hasContent("keep");
    }

    @Test
    void exportNeedsItsOutput() {
        CliRunner.Result r = CliRunner.run("export", "x.fsk");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--chrome");
    }

    @Test
    void theCommandsAreListedInTheHelp() {
        CliRunner.Result r = CliRunner.run("--help");
        assertThat(r.out()).contains("delays", "profile", "export", "compare");
    }

    // --- happy paths on recordings built in memory

    @Test
    void delaysText() throws Exception {
        StringWriter out = new StringWriter();
        int code = parsed(new DelaysCommand(), "run.fsk").run(withDag(delayed()), null, new PrintWriter(out),
                new PrintWriter(new StringWriter()));
        assertThat(code).isZero();
        String text = out.toString().replaceAll(" +", " ");
        assertThat(text).contains("forkscope delays: run.fsk", "work (T1): 35 ns", "\n no-work-sched 5 ns 6.25%",
                "\n no-work-app 25 ns 31.25%", "check: work + not running + delay + no-work = P \u00d7 elapsed",
                "\n speedup: - T1' / elapsed needs a serial run")
                .doesNotContain("Against the serial run");
    }

    @Test
    void delaysJsonWithASerialRun() throws Exception {
        StringWriter out = new StringWriter();
        parsed(new DelaysCommand(), "run.fsk", "--serial", "ser.fsk", "--json")
                .run(withDag(delayed()), serialRun(), new PrintWriter(out), new PrintWriter(new StringWriter()));
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("breakdown").get("delay_ns").asDouble()).isEqualTo(15.0);
        assertThat(j.get("serial").get("file").asText()).isEqualTo("ser.fsk");
        assertThat(j.get("serial").get("work_ns").asDouble()).isEqualTo(30.0);
        assertThat(j.get("serial").get("work_stretch_ns").asDouble()).isEqualTo(5.0);
        assertThat(j.get("serial").get("performance_loss_ns").asDouble()).isEqualTo(50.0);
    }

    @Test
    void aSerialRunWithADagGivesItsDagsWork() throws Exception {
        StringWriter out = new StringWriter();
        Dag serial = new Dag(List.of(DagNode.strand(0, 0, 0, 28, NodeEnd.END, List.of())), 1, 0, 28);
        parsed(new DelaysCommand(), "run.fsk", "--serial", "ser.fsk", "--json")
                .run(withDag(delayed()), withDag(serial), new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertThat(new ObjectMapper().readTree(out.toString()).get("serial").get("work_stretch_ns").asDouble())
                .isEqualTo(7.0);
    }

    /** @return what export said on stderr, having written delayed()'s trace to {@code out} with {@code options} */
    private static String exported(Path out, String... options) throws Exception {
        String[] cli = new String[options.length + 3];
        cli[0] = "run.fsk";
        cli[1] = "--chrome";
        cli[2] = out.toString();
        System.arraycopy(options, 0, cli, 3, options.length);
        StringWriter err = new StringWriter();
        parsed(new ExportCommand(), cli).run(withDag(delayed()), out, new PrintWriter(err, true));
        return err.toString();
    }

    @Test
    void exportWritesATrace() throws Exception {
        Path json = dir.resolve("run.json");
        String err = exported(json);
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.get("traceEvents").size()).isGreaterThan(4);
        assertThat(err).contains("4 node(s) on 2 track(s), 2 arrow(s) written to");
    }

    /**
     * --gzip, or a name ending in .gz, writes the same JSON gzip'd; --no-args and --no-counters write
     * the same events without the slices' args, without the counters.
     */
    @Test
    void exportGzipsAndLeavesOutArgsAndCounters() throws Exception {
        PrintWriter err = new PrintWriter(new StringWriter(), true);
        Path plain = dir.resolve("run.json");
        parsed(new ExportCommand(), "run.fsk", "--chrome", plain.toString()).run(withDag(delayed()), plain, err);
        byte[] json = Files.readAllBytes(plain);
        for (String[] args : List.of(new String[] {"run.json.gz"}, new String[] {"RUN.JSON.GZ"},
                new String[] {"zipped.json", "--gzip"})) {
            Path gz = dir.resolve(args[0]);
            String[] cli = new String[args.length + 2];
            cli[0] = "run.fsk";
            cli[1] = "--chrome";
            System.arraycopy(args, 0, cli, 2, args.length);
            StringWriter said = new StringWriter();
            parsed(new ExportCommand(), cli).run(withDag(delayed()), gz, new PrintWriter(said, true));
            byte[] raw = Files.readAllBytes(gz);
            assertThat(raw[0] & 0xff).as("gzip's magic").isEqualTo(0x1f);
            assertThat(raw[1] & 0xff).isEqualTo(0x8b);
            try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
                assertThat(in.readAllBytes()).isEqualTo(json);
            }
            assertThat(said.toString()).contains("gzip'd");
        }
        Path lean = dir.resolve("lean.json");
        parsed(new ExportCommand(), "run.fsk", "--chrome", lean.toString(), "--no-args", "--no-counters")
                .run(withDag(delayed()), lean, err);
        JsonNode all = new ObjectMapper().readTree(json);
        JsonNode less = new ObjectMapper().readTree(lean.toFile());
        int slices = 0;
        for (JsonNode e : less.get("traceEvents")) {
            assertThat(e.get("ph").asText()).isNotEqualTo("C");
            if (e.get("ph").asText().equals("X")) {
                assertThat(e.has("args")).isFalse();
                slices++;
            }
        }
        assertThat(slices).isEqualTo(4);
        long counters = 0;
        for (JsonNode e : all.get("traceEvents")) {
            counters += e.get("ph").asText().equals("C") ? 1 : 0;
        }
        assertThat(less.get("traceEvents").size()).isEqualTo(all.get("traceEvents").size() - counters);
        assertThat(Files.size(lean)).isLessThan(json.length / 2);
    }

    /**
     * Past --max-size the counters are left out, then the args, and export says so; what the user asked
     * for stays; the default limit is what Perfetto UI holds in a tab.
     */
    @Test
    void exportKeepsWithinMaxSize() throws Exception {
        Path all = dir.resolve("all.json");
        assertThat(exported(all)).doesNotContain("left out");
        assertThat(parsed(new ExportCommand(), "run.fsk", "--chrome", "x.json").maxSize).isEqualTo(TraceBudget.DEFAULT);

        Path small = dir.resolve("small.json");
        assertThat(exported(small, "--max-size", "1K")).contains("forkscope export: left out the counters and the slices' args, for a"
                + " trace of some 0 MB", "more than --max-size 1K;", "--counters --args, or --max-size 0, keep them");
        JsonNode trace = new ObjectMapper().readTree(small.toFile());
        for (JsonNode e : trace.get("traceEvents")) {
            assertThat(e.get("ph").asText()).isNotEqualTo("C");
            assertThat(e.get("ph").asText().equals("X") && e.has("args")).isFalse();
        }

        Path asked = dir.resolve("asked.json");
        assertThat(exported(asked, "--max-size", "1K", "--counters")).contains("left out the slices' args,").doesNotContain("left out the counters");
        assertThat(Files.readString(asked)).contains("\"ph\":\"C\"");

        Path none = dir.resolve("none.json");
        assertThat(exported(none, "--max-size", "1K", "--args", "--counters")).doesNotContain("left out");
        assertThat(Files.readAllBytes(none)).isEqualTo(Files.readAllBytes(all));
    }

    @Test
    void compareSideBySide() throws Exception {
        StringWriter out = new StringWriter();
        parsed(new CompareCommand(), dir.resolve("lifo.fsk").toString(), "fifo.fsk")
                .run(List.of(withDag(delayed()), withDag(delayed())), null, new PrintWriter(out));
        String text = out.toString().replaceAll(" +", " ");
        assertThat(text).contains("forkscope compare: 2 run(s)", "lifo.fsk fifo.fsk",
                "mode=dag workers=2 mode=dag workers=2", "no-work-sched (ns) 5 5", "no-work-app (ns) 25 25",
                "delay (ns) 15 15");
    }

    @Test
    void compareJsonWithASerialRun() throws Exception {
        StringWriter out = new StringWriter();
        parsed(new CompareCommand(), "lifo.fsk", "fifo.fsk", "--serial", "ser.fsk", "--json")
                .run(List.of(withDag(delayed()), withDag(delayed())), serialRun(), new PrintWriter(out));
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertThat(j.get("runs")).hasSize(2);
        assertThat(j.get("runs").get(1).get("file").asText()).isEqualTo("fifo.fsk");
        assertThat(j.get("runs").get(0).get("fig5").get("work_ns").asDouble()).isEqualTo(5.0);
    }

    @Test
    void profileWritesTheSvgAndGnuplot() throws Exception {
        Path svg = dir.resolve("run-profile.svg");
        Path gp = dir.resolve("gp");
        StringWriter err = new StringWriter();
        parsed(new ProfileCommand(), "run.fsk", "-o", svg.toString(), "--gnuplot", gp.toString(), "--points", "3")
                .run(withDag(delayed()), svg, new PrintWriter(err, true));
        assertThat(Files.readString(svg)).contains("<svg", "ready (create)", "workers P = 2");
        List<String> data = Files.readAllLines(gp.resolve("profile.dat"));
        assertThat(data).hasSize(1 + 3);
        assertThat(gp.resolve("profile.gp")).exists();
        assertThat(err.toString()).contains("written to " + svg);
    }
}
