package io.forkscope.cli;

import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.model.Recording;
import io.forkscope.model.dag.Dag;
import io.forkscope.report.delay.ChromeTrace;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Exports the timelines of a recording made with --mode dag as Chrome Trace Event JSON.",
    "For Perfetto UI (ui.perfetto.dev) or chrome://tracing: one track per worker, a slice per node, counters"
        + " for the running and ready parallelism, and arrows for create and end edges between workers.",
    "Example: forkscope export run.fsk --chrome run.json"})
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a recording made with forkscope record --mode dag")
    Path file;

    @Option(names = "--chrome", paramLabel = "OUT.json", required = true,
            description = "the Chrome Trace Event JSON file to write")
    Path chrome;

    @Option(names = "--force", description = "overwrite OUT.json if it exists")
    boolean force;

    @Override
    public Integer call() throws Exception {
        Path out = OutputPath.file(chrome, force, "--chrome");
        Recording rec = DagInput.read(file, spec.commandLine().getErr());
        return run(rec, out, spec.commandLine().getErr());
    }

    int run(Recording rec, Path out, PrintWriter err) throws IOException {
        String name = file.toString();
        Dag dag = DagInput.dag(rec, name);
        OutputPath.file(out, force, "--chrome");
        ChromeTrace.Written written;
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            written = ChromeTrace.write(dag, ParallelismProfile.of(dag), name, w, rec.recordedSites().orElse(null));
        }
        err.println("forkscope export: " + written.slices() + " node(s) on " + written.tracks() + " track(s), "
                + written.flows() + " arrow(s) written to " + out + "; open it in https://ui.perfetto.dev");
        return 0;
    }
}
