package io.forkscope.cli;

import io.forkscope.model.Recording;
import io.forkscope.report.delay.CompareColumn;
import io.forkscope.report.delay.CompareJson;
import io.forkscope.report.delay.CompareText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Several runs of one program (recorded with --mode dag) side by side: where each run's worker-time went"
        + " (Delay Spotter's comparison of runtimes).",
    "For each run: elapsed, workers, and the loss breakdown work (or work stretch), delay, no-work-sched,"
        + " no-work-app.",
    "Example: forkscope compare lifo.fsk fifo.fsk --serial serial.fsk"})
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "recordings made with forkscope record --mode dag")
    List<Path> files;

    @Option(names = "--serial", paramLabel = "SER.fsk",
            description = "a recording of a serial run: shows the work stretch (T1 minus T1') instead of the work")
    Path serial;

    @Option(names = "--json", description = "JSON for scripts and CI")
    boolean json;

    @Override
    public Integer call() throws Exception {
        List<Recording> recs = new ArrayList<>();
        for (Path f : files) {
            recs.add(DagInput.read(f, spec.commandLine().getErr()));
        }
        Recording ser = serial == null ? null : DagInput.read(serial, spec.commandLine().getErr());
        return run(recs, ser, spec.commandLine().getOut());
    }

    int run(List<Recording> recs, Recording ser, PrintWriter out) throws IOException {
        String serialName = serial == null ? null : serial.toString();
        List<CompareColumn> columns = new ArrayList<>();
        for (int i = 0; i < recs.size(); i++) {
            Path f = files.get(i);
            Recording rec = recs.get(i);
            columns.add(new CompareColumn(f.getFileName().toString(), DagInput.describe(rec.info()),
                    DagInput.analyze(rec, f.toString(), ser, serialName)));
        }
        boolean complete = recs.stream().allMatch(Recording::complete) && (ser == null || ser.complete());
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < recs.size(); i++) {
            warnings.addAll(RecordingInput.named(recs.get(i).warnings(), files.get(i).toString()));
        }
        if (ser != null) {
            warnings.addAll(RecordingInput.named(ser.warnings(), serialName));
        }
        if (json) {
            CompareJson.write(columns, serialName, complete, warnings, out);
        } else {
            String first = null;
            for (int i = 0; i < recs.size() && first == null; i++) {
                if (!recs.get(i).complete()) {
                    first = files.get(i) + ": " + recs.get(i).incompleteCause().orElse("incomplete");
                }
            }
            if (first == null && !complete) {
                first = serialName + ": " + ser.incompleteCause().orElse("incomplete");
            }
            CompareText.write(columns, serialName, complete ? null : io.forkscope.report.TextReport.incomplete(first),
                    out);
        }
        return 0;
    }
}
