package io.forkscope.cli;

import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.model.Recording;
import io.forkscope.report.ReportFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "summary", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "How much the recorded program can speed up: its work, span, burdened span, parallelism and the speedup"
        + " range on 2 to 64 processors, with a diagnosis (Cilkview's report).",
    "Example: forkscope summary fib.fsk --json"})
final class SummaryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a recording written by forkscope record or the agent")
    Path file;

    @ArgGroup(exclusive = true)
    Format format = new Format();

    static final class Format {
        @Option(names = "--json", description = "JSON for scripts and CI")
        boolean json;

        @Option(names = "--csv", description = "Cilkscale's CSV: one row per region, the whole run last")
        boolean csv;
    }

    @Option(names = "--max-p", paramLabel = "P", defaultValue = "64",
            description = "largest processor count for speedup estimates (default: ${DEFAULT-VALUE})")
    int maxP;

    @Option(names = "--processors", paramLabel = "P",
            description = "the core count the diagnosis judges parallelism against (default: this machine's)")
    Integer processors;

    @Override
    public Integer call() throws Exception {
        if (maxP < 2) {
            throw new UserError("--max-p must be at least 2");
        }
        Recording rec = RecordingInput.read(file, spec.commandLine().getErr());
        RecordingInput.requireMeasures(rec, file.toString());
        AnalysisOptions opts = AnalysisOptions.defaults().withMaxProcessors(maxP);
        if (processors != null) {
            if (processors < 1) {
                throw new UserError("--processors must be at least 1");
            }
            opts = opts.withProcessors(processors);
        }
        ScalabilityReport report = ScalabilityAnalysis.analyze(rec, opts);
        String name = format.json ? "json" : format.csv ? "csv" : "text";
        PrintWriter out = spec.commandLine().getOut();
        ReportFormat.named(name).write(report, rec, out);
        out.flush();
        return 0;
    }
}
