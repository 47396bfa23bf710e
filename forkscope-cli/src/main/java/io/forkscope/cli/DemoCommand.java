package io.forkscope.cli;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.Unit;
import io.forkscope.samples.SampleMain;
import io.forkscope.samples.Samples;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Records a bundled parallel quicksort under the agent and prints its scalability report (how much"
        + " parallelism), then records it again with call sites and prints the sites that hold the span.",
    "The sort runs twice first to warm up the JIT, outside the measured region 'quicksort'.",
    "Last it records the run's DAG (--mode dag) with call sites and writes its HTML report as"
        + " forkscope-demo-NAME.html into a new directory of its own in the system's temporary directory"
        + " (kept), and prints its path.",
    "The recordings go to a temporary directory, deleted afterwards; to keep one, use"
        + " forkscope example quicksort --record FILE."})
final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--example", defaultValue = "quicksort", paramLabel = "NAME",
            description = "which bundled program to record (default: ${DEFAULT-VALUE}; see: forkscope example --list)")
    String example;

    @Option(names = "--workers", defaultValue = "2", paramLabel = "P", description = "pool size (default: ${DEFAULT-VALUE})")
    int workers;

    /** Warm-up runs before the measured one: a cold first run is mostly the JIT's (71% of the region on this VM). */
    static final int WARMUP = 2;

    @Override
    public Integer call() throws Exception {
        if (Samples.find(example).isEmpty()) {
            throw new UserError("--example: no bundled program '" + example + "'; the programs are "
                    + String.join(", ", Samples.names()));
        }
        if (workers < 1) {
            throw new UserError("--workers must be at least 1, not " + workers);
        }
        PrintWriter err = spec.commandLine().getErr();
        try (TempDirectory dir = TempDirectory.create("forkscope-demo-")) {
            Path out = dir.path().resolve(example + ".fsk");
            AgentLaunch.checkAgentPath(out, "the temporary directory (set java.io.tmpdir)");
            err.println("forkscope demo: recording '" + example + "' on " + workers + " workers under the agent"
                    + " (run " + WARMUP + " times first to warm up the JIT; the region '" + example + "' is the"
                    + " measured run)...");
            List<String> cmd = List.of(SelfJar.java(), "-cp", SelfJar.path().toString(), SampleMain.class.getName(),
                    example, "--workers", Integer.toString(workers), "--warmup", Integer.toString(WARMUP));
            int exit = new AgentLaunch(SelfJar.path(), out, Unit.TIME, null, null).run(cmd);
            if (exit != 0) {
                err.println("forkscope demo: the example failed with exit code " + exit);
                return 1;
            }
            err.println("forkscope demo: its report:");
            err.println();
            err.flush();
            int summary = Main.commandLine(spec.commandLine().getOut(), err).execute("summary", out.toString());
            if (summary != 0) {
                return summary;
            }
            return whereTheSpanIs(dir.path(), cmd, err);
        }
    }

    /**
     * The same program recorded again with call sites (a second run: observing every call slows
     * the program's strands, so the report above comes from a run without them), then its top
     * sites by share of the span, in its first region when it has one (the kernel).
     */
    private int whereTheSpanIs(Path dir, List<String> cmd, PrintWriter err) throws Exception {
        Path sited = dir.resolve(example + "-sites.fsk");
        err.println();
        err.println("forkscope demo: recording '" + example + "' again, with call sites (record --sites)...");
        int exit = new AgentLaunch(SelfJar.path(), sited, Unit.TIME, null, null).option("sites=true").run(cmd);
        if (exit != 0) {
            err.println("forkscope demo: the example failed with exit code " + exit);
            return 1;
        }
        List<String> args = new java.util.ArrayList<>(List.of("sites", sited.toString(), "--top", "5"));
        Recording rec = RecordingReader.read(sited);
        rec.recordedSites().filter(s -> !s.regions().isEmpty())
                .ifPresent(s -> args.addAll(List.of("--region", s.regions().get(0).label())));
        List<String> shown = new java.util.ArrayList<>(args);
        shown.set(1, "REC.fsk");   // the demo's file is deleted when it ends
        err.println("forkscope demo: where the span is (forkscope " + String.join(" ", shown) + "):");
        err.println();
        err.flush();
        int sites = Main.commandLine(spec.commandLine().getOut(), err).execute(args.toArray(String[]::new));
        if (sites != 0) {
            return sites;
        }
        // a directory of its own, made for this run: the page never replaces a file (another user's, or an
        // earlier demo's someone kept) and the recordings' directory, deleted at the end, does not hold it
        Path html = java.nio.file.Files.createTempDirectory("forkscope-demo-report-")
                .resolve("forkscope-demo-" + example + ".html").toAbsolutePath();
        int report = report(dir, cmd, html, err);
        if (report == 0) {
            nextSteps(err);
            err.println();
            err.println("forkscope demo: everything in one page (forkscope report REC.fsk -o FILE.html): open " + html);
            err.flush();
        }
        return report;
    }

    /**
     * A third run, recorded with its DAG and call sites, and its HTML report: written outside the
     * recordings' temporary directory (which is deleted), into a new directory of its own, its path
     * the demo's last line.
     */
    private int report(Path dir, List<String> cmd, Path html, PrintWriter err) throws Exception {
        Path dag = dir.resolve(example + "-dag.fsk");
        err.println();
        err.println("forkscope demo: recording '" + example + "' once more, with its DAG and call sites (record --mode dag"
                + " --sites), for the HTML report...");
        int exit = new AgentLaunch(SelfJar.path(), dag, Unit.TIME, null, null).option("mode=dag").option("sites=true")
                .run(cmd);
        if (exit != 0) {
            err.println("forkscope demo: the example failed with exit code " + exit);
            return 1;
        }
        return Main.commandLine(spec.commandLine().getOut(), err).execute("report", dag.toString(), "-o",
                html.toString());
    }

    /** What to run next, on one's own program: the demo's last words. */
    static void nextSteps(PrintWriter err) {
        err.println();
        err.println("forkscope demo: next, on your own program (java -cp app.jar Main here):");
        err.println("  ./forkscope record -o app.fsk -- java -cp app.jar Main             work, span, parallelism:");
        err.println("  ./forkscope summary app.fsk                                         does it have enough?");
        err.println("  ./forkscope record --sites -o app-sites.fsk -- java -cp app.jar Main");
        err.println("  ./forkscope sites app-sites.fsk                                     which code holds the span");
        err.println("  ./forkscope record --mode dag -o app-dag.fsk -- java -cp app.jar Main");
        err.println("  ./forkscope delays app-dag.fsk                                      where the workers' time went");
        err.println("  ./forkscope report app-dag.fsk -o app.html                          all of it in one HTML page");
        err.println("  Measure a warm run: repeat the work in your program and wrap the last one in");
        err.println("  Forkscope.region(\"name\") (README: Your own program).");
        err.flush();
    }
}
