package io.forkscope.cli;

import io.forkscope.analysis.scaling.Measurement;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.analysis.scaling.ScalingAnalysis;
import io.forkscope.analysis.scaling.ScalingPoint;
import io.forkscope.analysis.scaling.ScalingReport;
import io.forkscope.analysis.scaling.SectionBounds;
import io.forkscope.analysis.scaling.Verdict;
import io.forkscope.report.bench.BenchCsv;
import io.forkscope.report.bench.BenchCsvException;
import io.forkscope.report.bench.ScalingTable;
import io.forkscope.report.plot.GnuplotPlot;
import io.forkscope.report.plot.ScalingChart;
import io.forkscope.report.plot.ScalingCurves;
import io.forkscope.report.plot.SvgPlot;
import io.forkscope.report.predict.PredictCsv;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "plot", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "The scalability plot as SVG, one chart per region: speedup against workers P (Cilkview's).",
    "Each chart has the work-law line, the span-law line, the burdened lower bound from a recording, and the"
        + " speedups measured by forkscope bench; with --predicted, the speedups forkscope predict simulated.",
    "Example: forkscope plot qsort.fsk --bench qsort-bench.csv -o qsort-scaling.svg"})
final class PlotCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "REC.fsk", description = "a recording of the program (forkscope record): the bounds")
    Path recording;

    @Option(names = "--bench", paramLabel = "CSV", description = "measured speedups: a CSV of forkscope bench")
    Path bench;

    @Option(names = "--predicted", paramLabel = "CSV",
            description = "simulated speedups: a CSV of forkscope predict --csv, drawn on the whole run's chart")
    Path predicted;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.svg",
            description = "the SVG to write (default: the recording's name with -scaling.svg, here)")
    Path output;

    @Option(names = "--gnuplot", paramLabel = "DIR",
            description = "also write the charts' data files and a gnuplot script that draws them into DIR")
    Path gnuplot;

    @Option(names = "--max-p", paramLabel = "P", description = "the largest P on the x axis (default: 4 times the"
            + " largest benchmarked P, at least 8; without --bench " + ScalingCurves.BOUNDS_ONLY_MAX_P + ")")
    Integer maxP;

    @Option(names = "--force", description = "overwrite output files that exist")
    boolean force;

    @Override
    public Integer call() throws Exception {
        if (maxP != null && maxP < 2) {
            throw new UserError("--max-p must be at least 2");
        }
        Map<String, SectionBounds> bounds = BenchCommand.readBounds(recording, spec.commandLine().getErr());
        Path svg = OutputPath.file(output != null ? output
                : Path.of(BenchCommand.withExtension(recording.getFileName(), "").toString() + "-scaling.svg"),
                force, "-o");
        if (gnuplot != null) {
            OutputPath.directory(gnuplot, "--gnuplot", force, GnuplotPlot.SCRIPT);
        }
        PrintWriter err = spec.commandLine().getErr();
        List<Measurement> measured = bench == null ? List.of() : readBench(bench);
        List<PredictCsv.PredictedRow> simulated = predicted == null ? List.of() : readPredicted(predicted);
        ScalingReport report = ScalingAnalysis.analyze(measured, bounds);
        List<RegionScaling> sections = new ArrayList<>(report.regions());
        if (bench == null) {
            sections = boundsOnly(bounds);
        } else {
            for (RegionScaling r : sections) {
                if (r.bounds() == null) {
                    err.println("forkscope plot: warning: " + recording + " has no " + (r.region().isEmpty()
                            ? "whole-run measures" : "region " + ScalingTable.sectionName(r.region()))
                            + "; its chart shows the measured speedups only");
                }
            }
        }
        int largestP = measured.stream().mapToInt(Measurement::p).max().orElse(0);
        int axisP = maxP != null ? maxP : ScalingCurves.defaultMaxP(largestP);
        if (largestP > axisP) {
            axisP = largestP;
            err.println("forkscope plot: the x axis goes to P = " + largestP + ", the largest measured, beyond --max-p");
        }
        int largestSimulated = simulated.stream().mapToInt(PredictCsv.PredictedRow::p).max().orElse(0);
        if (maxP == null && largestSimulated > axisP) {
            axisP = largestSimulated;          // the simulation's reach, where the bounds are all there is to check it
        }
        if (!simulated.isEmpty() && sections.stream().noneMatch(r -> r.region().isEmpty())) {
            // the simulated curve is the whole run's DAG: its chart, even when the others are regions'
            sections.add(new RegionScaling("", bounds.get(""), List.of(), List.of()));
        }
        List<SvgPlot.Chart> charts = new ArrayList<>();
        for (RegionScaling r : sections) {
            List<PredictCsv.PredictedRow> curve = r.region().isEmpty() ? simulated : List.of();
            charts.add(new SvgPlot.Chart(ScalingCurves.of(r, axisP, curve), note(r, recording, bench, predicted, curve)));
        }
        SvgPlot.headless();
        try (Writer w = Files.newBufferedWriter(svg, StandardCharsets.UTF_8)) {
            SvgPlot.write(charts, w);
        }
        err.println("forkscope plot: " + charts.size() + " chart(s) written to " + svg);
        if (gnuplot != null) {
            try {
                GnuplotPlot.Written written = GnuplotPlot.write(charts, "forkscope plot " + recording
                        + (bench == null ? "" : " --bench " + bench)
                        + (predicted == null ? "" : " --predicted " + predicted), gnuplot, force);
                err.println("forkscope plot: gnuplot data and script written to " + gnuplot + " ("
                        + String.join(", ", written.files()) + "); draw with: cd " + gnuplot + " && gnuplot "
                        + GnuplotPlot.SCRIPT);
            } catch (FileAlreadyExistsException e) {
                throw new UserError(e.getFile() + ": exists; use --force to overwrite it or choose another --gnuplot DIR");
            }
        }
        if (bench != null) {
            ScalingTable.write(report, recording.toString(), spec.commandLine().getOut());
        }
        return 0;
    }

    /** The charts without measurements: every region of the recording, or its whole run when it has none. */
    static List<RegionScaling> boundsOnly(Map<String, SectionBounds> bounds) {
        Map<String, SectionBounds> shown = new LinkedHashMap<>(bounds);
        if (shown.size() > 1) {
            shown.remove("");
        }
        List<RegionScaling> out = new ArrayList<>();
        for (SectionBounds b : shown.values()) {
            out.add(new RegionScaling(b.region(), b, List.of(), List.of()));
        }
        return out;
    }

    /**
     * The chart's caption: where the bounds come from (for a region that occurs several times, which
     * occurrence: RecordedBounds takes the median work after the first, a warm-up) and the benchmark.
     */
    /** The chart's note: where the bounds, the measured points and the simulated curve (if any) come from. */
    static String note(RegionScaling r, Path recording, Path bench, Path predicted,
                       List<PredictCsv.PredictedRow> curve) {
        StringBuilder b = new StringBuilder();
        SectionBounds s = r.bounds();
        if (s != null) {
            b.append(String.format(Locale.ROOT, "bounds: %s%s (T1/T\u221e %.2f, T1/bT\u221e %.2f; burden %,d %s, %s)",
                    recording.getFileName(), s.occurrences() > 1 ? String.format(Locale.ROOT,
                            " occurrence %d of %d",
                            s.used(), s.occurrences()) : "",
                    s.parallelism(), s.measures().burdenedParallelism(), s.burden(),
                    s.unit().symbol(), shortSource(s.burdenSource())));
        }
        if (!r.points().isEmpty()) {
            int trials = r.points().stream().mapToInt(p -> p.timesNs().size()).max().orElse(0);
            b.append(b.length() > 0 ? "; " : "").append("measured: ").append(bench.getFileName())
                    .append(", up to ").append(trials).append(" trial(s) per P");
            if (r.points().stream().anyMatch(p -> p.verdict() == Verdict.WHOLE_PROCESS)) {
                b.append("; whole process timed, set-up included: not comparable with the bounds");
            }
            List<ScalingPoint> noisy = r.points().stream().filter(ScalingPoint::noisy).toList();
            if (!noisy.isEmpty()) {
                b.append('\n').append(ScalingChart.NOISY_PREFIX).append(String.format(Locale.ROOT,
                        " trials spread > %.0f%% at ", ScalingAnalysis.NOISY_SPREAD * 100))
                        .append(noisy.stream().map(ScalingTable::noisyText).collect(Collectors.joining("; ")));
            }
        }
        if (!curve.isEmpty()) {
            b.append(b.length() > 0 ? "; " : "").append("simulated: ").append(predicted.getFileName());
        }
        return b.toString();
    }

    /** @return a burden source without its details: "calibrated (FILE, DATE)" → "calibrated" */
    static String shortSource(String source) {
        int paren = source.indexOf(" (");
        return paren > 0 ? source.substring(0, paren) : source;
    }

    static List<PredictCsv.PredictedRow> readPredicted(Path file) {
        try {
            return PredictCsv.read(file);
        } catch (PredictCsv.NotPredictCsv e) {
            throw new UserError(e.getMessage());
        } catch (java.io.IOException e) {
            throw new UserError(file + ": cannot be read (" + OutputPath.reason(e) + ")");
        }
    }

    private static List<Measurement> readBench(Path file) {
        try {
            List<Measurement> rows = BenchCsv.read(file);
            if (rows.isEmpty()) {
                throw new UserError(file + ": has no measurement rows");
            }
            return rows;
        } catch (BenchCsvException e) {
            throw new UserError(e.getMessage());
        }
    }
}
