package io.forkscope.cli;

import io.forkscope.model.Recording;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.report.delay.ChromeTrace;
import io.forkscope.report.delay.TraceSize;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Exports the timelines of a recording made with --mode dag as Chrome Trace Event JSON.",
    "For Perfetto UI (ui.perfetto.dev) or chrome://tracing: one track per worker, a slice per node, counters"
        + " for the running and ready parallelism, and arrows for create and end edges between workers.",
    "A DAG of millions of nodes makes a trace of gigabytes, which no viewer in a browser holds: past --max-size"
        + " (512M: what Perfetto UI holds in a tab) the counters are left out, then the slices' args, unless"
        + " --counters or --args asks for them; --gzip (or a name ending in .gz) compresses it; docs/reading.md"
        + " says which to use for which size.",
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

    @Option(names = "--args", negatable = true, description = "slices with their args (node id, work, delay,"
            + " in-edges, call site: two thirds of the slices' bytes), or --no-args without; by default with, unless"
            + " the trace would be larger than --max-size even without the counters (with them when --counters is"
            + " given)")
    Boolean args;

    @Option(names = "--counters", negatable = true, description = "the \"running\" and \"ready\" counters (an"
            + " event per change of a series of the parallelism profile: most of a large trace), or --no-counters"
            + " without; by default with, unless the trace would be larger than --max-size")
    Boolean counters;

    @Option(names = "--max-size", paramLabel = "SIZE", defaultValue = "512M", converter = ByteSize.class,
            description = "the largest trace (JSON before any gzip) that the defaults aim for, in bytes or with K, M"
                    + " or G (binary); 0 for no limit (default: ${DEFAULT-VALUE}, what Perfetto UI holds in a"
                    + " browser tab)")
    long maxSize;

    @Option(names = "--gzip", description = "write the JSON gzip'd, which both viewers open as it is; implied by an"
            + " OUT name ending in .gz")
    boolean gzip;

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
        RecordedSites sites = rec.recordedSites().orElse(null);
        TraceBudget.Choice choice = TraceBudget.choose(args, counters, maxSize, TraceSize.of(dag, sites)::bytes);
        choice.note(maxSize).ifPresent(err::println);
        ChromeTrace.Options options = choice.options();
        boolean zipped = gzip || out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        ChromeTrace.Written written;
        replaced(out);
        try (OutputStream file = Files.newOutputStream(out); OutputStream o = zipped ? new FastGzip(file) : file) {
            written = ChromeTrace.write(dag, name, o, sites, options);
        }
        err.println(String.format(Locale.ROOT, "forkscope export: %,d node(s) on %,d track(s), %,d arrow(s) written"
                + " to %s (%s%s); open it in https://ui.perfetto.dev", written.slices(), written.tracks(),
                written.flows(), out, megabytes(Files.size(out)), zipped ? ", gzip'd" : ""));
        TraceViewerFit.advice(written.bytes(), options.args(), options.counters(), out).ifPresent(err::println);
        return 0;
    }

    /**
     * Removes a file that --force replaces, so that the trace is a new file rather than the old one
     * truncated: on ext4 (its default auto_da_alloc) closing a file that was truncated and written again
     * starts writing it to disk, which held the close of a 1.5 GB trace for 0.4 s (docs/reading.md). A link
     * is left as it is (the trace goes where it points), and a file that cannot be removed is truncated.
     */
    private static void replaced(Path out) {
        if (Files.isRegularFile(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.delete(out);
            } catch (IOException e) {
                // overwritten in place, as before
            }
        }
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%,.1f MB", bytes / 1e6);
    }

    /**
     * gzip at deflate's fastest level: a trace's JSON repeats its field names in every event, so level 1
     * already takes it to some tenth of its size, at several times the speed of the default level 6.
     */
    private static final class FastGzip extends GZIPOutputStream {
        FastGzip(OutputStream out) throws IOException {
            super(out, 1 << 16);
            def.setLevel(Deflater.BEST_SPEED);
        }
    }
}
