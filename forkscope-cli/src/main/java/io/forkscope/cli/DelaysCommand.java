package io.forkscope.cli;

import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.model.Recording;
import io.forkscope.report.delay.DelayJson;
import io.forkscope.report.delay.DelayText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "delays", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Where one parallel run's worker-time went, from a recording made with --mode dag (Delay Spotter).",
    "DAG Recorder's statistics, and where the P x elapsed worker-time went: work, delay (by edge kind),"
        + " no-work-sched (the runtime's fault) and no-work-app (too little parallelism); given a serial run,"
        + " the work stretch and the performance loss.",
    "Example: forkscope delays run.fsk --serial serial.fsk"})
final class DelaysCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a recording made with forkscope record --mode dag")
    Path file;

    @Option(names = "--serial", paramLabel = "SER.fsk",
            description = "a recording of a serial run of the same program (its work is T1')")
    Path serial;

    @Option(names = "--json", description = "JSON for scripts and CI")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Recording rec = DagInput.read(file, spec.commandLine().getErr());
        Recording ser = serial == null ? null : DagInput.read(serial, spec.commandLine().getErr());
        return run(rec, ser, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** The command on recordings already read (also for tests). */
    int run(Recording rec, Recording ser, PrintWriter out, PrintWriter err) throws IOException {
        String name = file.toString();
        String serialName = serial == null ? null : serial.toString();
        DelayReport report = DagInput.analyze(rec, name, ser, serialName);
        if (json) {
            DelayJson.write(report, name, rec.info(), rec.complete(), rec.warnings(), serialName, out);
        } else {
            DelayText.write(report, name, RecordingInput.incompleteLine(rec),
                    io.forkscope.report.MachineLine.of(rec.info(), rec.wholeRun().compilation()), serialName, out);
        }
        return 0;
    }
}
