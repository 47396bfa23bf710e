package io.forkscope.cli;

import io.forkscope.analysis.contexts.CollapsedStacks;
import io.forkscope.analysis.contexts.ContextViews;
import io.forkscope.analysis.contexts.JfrSampleReader;
import io.forkscope.analysis.contexts.Metric;
import io.forkscope.analysis.contexts.SampledContexts;
import io.forkscope.model.Recording;
import io.forkscope.report.contexts.ContextsFlatText;
import io.forkscope.report.contexts.ContextsHeader;
import io.forkscope.report.contexts.ContextsJson;
import io.forkscope.report.contexts.ContextsText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "contexts", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Where the cores wait: work, idleness and overhead by calling context (HPCToolkit), of a recording made with"
        + " record --sample.",
    "Top-down by default: the calling context tree with inclusive effort (work + idleness + overhead) and its"
        + " parts, then advice (coarsen or refine the grain, change the strategy: HPCToolkit's Table 1) on the"
        + " contexts with the most idleness and overhead.",
    "Example: forkscope contexts run.fsk --bottom-up"})
final class ContextsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a recording made with forkscope record --sample")
    Path file;

    @ArgGroup(exclusive = true)
    View view = new View();

    static final class View {
        @Option(names = "--bottom-up", description = "callers of the frames where the time went (exclusive, reversed tree)")
        boolean bottomUp;

        @Option(names = "--flat", description = "per frame, summed over all its contexts")
        boolean flat;

        @Option(names = "--collapsed", description = "one line per context with --metric as the count (in us, as every report writes microseconds), for"
                + " speedscope and FlameGraph")
        boolean collapsed;

        @Option(names = "--json", description = "JSON for scripts")
        boolean json;
    }

    @Option(names = "--metric", paramLabel = "work|idleness|overhead|effort", defaultValue = "work",
            description = "with --collapsed: the count of each line (default ${DEFAULT-VALUE})")
    String metric;

    @Option(names = "--event", paramLabel = "execution|cpu-time", defaultValue = "execution",
            description = "the samples: jdk.ExecutionSample (default) or, on JDK 25, jdk.CPUTimeSample")
    String event;

    @Option(names = "--lines", description = "one context per source line (default: per method)")
    boolean lines;

    @Option(names = "--min-percent", paramLabel = "X", defaultValue = "0.5",
            description = "trees: leave out contexts under X%% of the effort (default ${DEFAULT-VALUE}; 0 for all)")
    double minPercent;

    @Option(names = "--top", paramLabel = "N", defaultValue = "30",
            description = "--flat: the N frames with the most effort (default ${DEFAULT-VALUE}; 0 for all)")
    int top;

    @Override
    public Integer call() throws Exception {
        Metric m = metric(metric);
        String eventName = event(event);
        if (spec.commandLine().getParseResult().hasMatchedOption("--metric") && !view.collapsed) {
            throw new UserError("--metric goes with --collapsed");
        }
        if (minPercent < 0 || top < 0) {
            throw new UserError("--min-percent and --top must not be negative");
        }
        Recording rec = RecordingInput.read(file, spec.commandLine().getErr());
        return run(rec, eventName, m, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** The command on a recording already read (also for tests). */
    int run(Recording rec, String eventName, Metric m, PrintWriter out, PrintWriter err) throws IOException {
        String name = file.toString();
        if (rec.recordedSamples().isEmpty()) {
            throw new UserError("true".equals(rec.info().asMap().get("sample"))
                    ? name + " was recorded with --sample but holds no samples: they are written at the end of the run,"
                            + " which this recording does not reach: "
                            + rec.incompleteCause().orElse("its recorder wrote none")
                    : name + " has no samples: record it with `forkscope record --sample`");
        }
        boolean terminal = System.console() != null;
        SampledContexts.Result r = SampledContexts.of(rec, eventName, lines, step -> {
            if (terminal) {
                err.println("forkscope: " + step + "...");
                err.flush();
            }
        });
        if (r.samples().samples().isEmpty() && eventName.equals(JfrSampleReader.CPU_TIME_SAMPLE)) {
            // JFR's CPU-time sampler exists from JDK 25 on and samples only when JFR is the engine
            throw new UserError(name + ": no jdk.CPUTimeSample samples: JFR's CPU-time sampler runs only on JDK 25+"
                    + " and with --sampler jfr (this run: Java " + rec.info().get("java.version", "?") + ", sampled by "
                    + r.samples().sampler().engine() + "); its samples are read with --event execution");
        }
        if (r.samples().samples().isEmpty()) {
            err.println("forkscope: warning: " + name + ": no " + eventName + " samples (was the run too short, or"
                    + " did no thread run Java code?)");
            err.flush();
        }
        boolean sites = "true".equals(rec.info().asMap().get("sites"));
        if (view.json) {
            ContextsJson.write(r, name, rec.complete(), RecordingInput.named(rec.warnings(), name), out);
        } else if (view.collapsed) {
            // the lines are FlameGraph's format, with no room for a header: which engine sampled goes to stderr
            ContextsHeader.samplerLine(r.samples()).lines().forEach(l -> err.println("forkscope: " + l));
            err.flush();
            CollapsedStacks.write(r.profile(), m, 1000, out);
        } else {
            if (!rec.complete()) {
                out.println(RecordingInput.incompleteLine(rec));
            }
            ContextsHeader.write(r, name, sites, out);
            String machine = io.forkscope.report.MachineLine.of(rec.info());
            if (machine != null) {
                out.println(machine);
            }
            if (view.flat) {
                ContextsFlatText.write(r.profile(), top, r.samplesPerNode(), out);
            } else if (view.bottomUp) {
                out.println("bottom-up: a frame where time went, then its callers");
                ContextsText.write(ContextViews.bottomUp(r.profile()), minPercent, 0, out);
            } else {
                ContextsText.write(r.profile(), minPercent, 5, r.samplesPerNode(), out);
            }
        }
        out.flush();
        return 0;
    }

    private static Metric metric(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "work" -> Metric.WORK;
            case "idleness" -> Metric.IDLENESS;
            case "overhead" -> Metric.OVERHEAD;
            case "effort" -> Metric.EFFORT;
            default -> throw new UserError("--metric must be work, idleness, overhead or effort, not '" + text + "'");
        };
    }

    private static String event(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "execution" -> JfrSampleReader.EXECUTION_SAMPLE;
            case "cpu-time" -> JfrSampleReader.CPU_TIME_SAMPLE;
            default -> throw new UserError("--event must be execution or cpu-time, not '" + text + "'");
        };
    }
}
