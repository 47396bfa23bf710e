package io.forkscope.cli;

import io.forkscope.samples.SampleMain;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "example", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Runs a bundled program (the papers' benchmarks in Java fork/join); --list shows them.",
    "Its options: NAME [--n N] [--cutoff C] [--serial] [--workers P] [--repeat K] [--warmup W] (W unmeasured runs first).",
    "With --record FILE it runs under the agent in a new JVM and writes a recording; record's options"
        + " (--mode dag, --sites, --sample, ...) apply to it.",
    "Example: forkscope example quicksort --record qs.fsk --mode dag"})
final class ExampleCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--record", paramLabel = "FILE", description = "record the run to FILE (a new JVM with the agent)")
    Path record;

    @Option(names = "--force", description = "with --record: overwrite FILE if it exists")
    boolean force;

    @Mixin
    RecordingOptions options = new RecordingOptions();

    @Unmatched
    List<String> sampleArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (record == null) {
            if (options.anyGiven()) {
                throw new UserError("record's options (--mode, --sites, --sample, ...) need --record FILE");
            }
            try (PrintStream out = SampleLines.into(spec.commandLine().getOut(), line -> line);
                 PrintStream sampleErr = SampleLines.into(err, SampleLines::rewrite)) {
                return SampleMain.run(out, sampleErr, sampleArgs.toArray(new String[0]));
            }
        }
        Path out = OutputPath.file(record, force, "--record");
        AgentLaunch.checkAgentPath(out, "the recording's path");
        AgentLaunch launch = options.launch(out, SelfJar.java(), err);
        Files.deleteIfExists(out);
        // the bundled program runs as the user's own would, in a JVM of its own: no launcher frames
        List<String> cmd = new ArrayList<>(List.of(SelfJar.java(), "-cp", SelfJar.path().toString(),
                SampleMain.class.getName()));
        cmd.addAll(sampleArgs);
        Process child = AgentLaunch.start(launch.processBuilder(cmd).inheritIO()
                .redirectError(ProcessBuilder.Redirect.PIPE));
        Thread copier = new Thread(() -> {
            try {
                SampleLines.copy(child.getErrorStream(), err, Charset.defaultCharset());
            } catch (IOException e) {
                // the child's stderr closed early: it has ended
            }
        }, "forkscope-example-stderr");
        copier.start();
        int exit = AgentLaunch.await(child);
        copier.join();
        RecordingOutcome.report(launch.recordings(), exit, err);
        return exit;
    }
}
