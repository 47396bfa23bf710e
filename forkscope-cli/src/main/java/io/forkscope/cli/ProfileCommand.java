package io.forkscope.cli;

import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.ProfileResampling;
import io.forkscope.analysis.delay.ProfileSample;
import io.forkscope.model.Recording;
import io.forkscope.model.dag.Dag;
import io.forkscope.report.delay.ProfileChart;
import io.forkscope.report.delay.ProfileGnuplot;
import io.forkscope.report.plot.SvgPlot;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "profile", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "The parallelism of one run over time, from a recording made with --mode dag, as an SVG chart (Delay"
        + " Spotter's parallelism profile).",
    "It shows the nodes running, the nodes ready (by the edge that made them ready) stacked on them, and the"
        + " worker count P as a line.",
    "Example: forkscope profile run.fsk -o run-profile.svg --gnuplot run-profile"})
final class ProfileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a recording made with forkscope record --mode dag")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.svg",
            description = "the SVG to write (default: the recording's name with -profile.svg, here)")
    Path output;

    @Option(names = "--gnuplot", paramLabel = "DIR",
            description = "also write the profile's data (" + ProfileGnuplot.DATA + ") and a gnuplot script ("
                    + ProfileGnuplot.SCRIPT + ") into DIR")
    Path gnuplot;

    @Option(names = "--points", paramLabel = "N", defaultValue = "2000",
            description = "at most N samples: time-weighted averages over equal stretches (default: ${DEFAULT-VALUE})")
    int points;

    @Option(names = "--force", description = "overwrite output files that exist")
    boolean force;

    @Override
    public Integer call() throws Exception {
        Path svg = svgPath();
        Recording rec = DagInput.read(file, spec.commandLine().getErr());
        return run(rec, svg, spec.commandLine().getErr());
    }

    private Path svgPath() {
        if (points < 1) {
            throw new UserError("--points must be at least 1");
        }
        Path svg = output != null ? output
                : Path.of(BenchCommand.withExtension(file.getFileName(), "").toString() + "-profile.svg");
        if (gnuplot != null) {
            OutputPath.directory(gnuplot, "--gnuplot", force, ProfileGnuplot.DATA, ProfileGnuplot.SCRIPT);
        }
        return OutputPath.file(svg, force, "-o");
    }

    int run(Recording rec, Path svg, PrintWriter err) throws IOException {
        String name = file.toString();
        Dag dag = DagInput.dag(rec, name);
        svg = OutputPath.file(svg, force, "-o");
        DelayReport report = DagInput.analyze(rec, name, null, null);
        List<ProfileSample> samples = ProfileResampling.resample(report.profile(), points);
        String title = "Parallelism profile of " + file.getFileName();
        String note = String.format(Locale.ROOT, "P = %d workers, elapsed %.3f ms; %d sample(s)%s", dag.workers(),
                dag.elapsed() / 1e6, samples.size(),
                samples.size() < report.profile().segments().size() ? " (time-weighted averages)" : "");
        double slotTime = report.stats().slotTime();
        if (slotTime > 0 && report.breakdown().notRunning() > 0) {
            // the chart's running line is the program's work; the workers' threads off a CPU are not in it
            note += String.format(Locale.ROOT, "; not running %.1f%% of P x elapsed",
                    100 * report.breakdown().notRunning() / slotTime);
        }
        String machine = io.forkscope.report.MachineLine.shortForm(rec.info());
        if (!machine.isEmpty()) {
            note += "; " + machine;
        }
        SvgPlot.headless();
        try (Writer w = Files.newBufferedWriter(svg, StandardCharsets.UTF_8)) {
            ProfileChart.write(samples, dag.begin(), dag.workers(), title, note, w);
        }
        err.println("forkscope profile: written to " + svg);
        err.println("forkscope profile: workers (P): " + report.slotsText()
                + (report.profile().segments().stream().mapToInt(x -> x.slots()).distinct().count() > 1
                ? " (the chart's worker line is their peak; the breakdown uses slots(t))" : ""));
        if (gnuplot != null) {
            try {
                List<String> files = ProfileGnuplot.write(samples, dag.begin(), dag.workers(), title + " (" + note + ")",
                        gnuplot, force);
                err.println("forkscope profile: gnuplot data and script written to " + gnuplot + " ("
                        + String.join(", ", files) + "); draw with: cd " + gnuplot + " && gnuplot " + ProfileGnuplot.SCRIPT);
            } catch (FileAlreadyExistsException e) {
                throw new UserError(e.getFile() + ": exists; use --force to overwrite it or choose another --gnuplot DIR");
            }
        }
        return 0;
    }
}
