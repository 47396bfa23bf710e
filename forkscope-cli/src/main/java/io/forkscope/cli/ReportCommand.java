package io.forkscope.cli;

import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.analysis.contexts.JfrSampleReader;
import io.forkscope.analysis.contexts.SampledContexts;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.ProfileResampling;
import io.forkscope.analysis.delay.ReadyTimes;
import io.forkscope.analysis.scaling.Measurement;
import io.forkscope.analysis.scaling.RecordedBounds;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.analysis.scaling.ScalingAnalysis;
import io.forkscope.analysis.scaling.SectionBounds;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.sites.On;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.Unit;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.report.MachineLine;
import io.forkscope.report.bench.BenchCsv;
import io.forkscope.report.bench.BenchCsvException;
import io.forkscope.report.delay.CompareColumn;
import io.forkscope.report.html.HtmlPage;
import io.forkscope.report.html.HtmlSection;
import io.forkscope.report.html.ReportInputs;
import io.forkscope.report.plot.ScalingCurves;
import io.forkscope.report.plot.SvgPlot;
import io.forkscope.report.predict.PredictCsv;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "One self-contained HTML page with everything the recording holds: the summary and the speedup bounds;"
        + " for --mode dag recordings the parallelism profile, the worker timelines and where the workers' time"
        + " went; for --sites recordings the call-site table. With --predicted, the speedups forkscope predict"
        + " simulated; with --speedup SITE=k or REGION=k, predict's what-if beside the recorded run; given several --mode dag recordings, the runs compared as forkscope compare does; for"
        + " --sample recordings the contexts (an icicle graph) and their advice. It opens offline in any browser.",
    "Example: forkscope report run.fsk -o run.html --bench bench.csv --predicted predicted.csv",
    "Example: forkscope report run.fsk -o run.html --speedup QuickSort.partition=2   (recorded with --mode dag --sites)"})
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "REC.fsk", arity = "1..*", description = "a recording written by forkscope record or the"
            + " agent; with more than one (each recorded with --mode dag), the page also compares the runs as"
            + " forkscope compare does, the first being the page's recording")
    List<Path> files;

    /** The page's recording: the first given. */
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.html",
            description = "the page to write (default: the recording's name with .html, here)")
    Path output;

    @Option(names = "--bench", paramLabel = "CSV", description = "measured speedups: a CSV of forkscope bench")
    Path bench;

    @Option(names = "--serial", paramLabel = "SER.fsk",
            description = "a recording of a serial run of the same program, for a DAG recording's loss (T1')")
    Path serial;

    @Option(names = "--predicted", paramLabel = "CSV",
            description = "simulated speedups: a CSV of forkscope predict --csv, drawn on the whole run's chart")
    Path predicted;

    @Option(names = "--speedup", paramLabel = "SITE=k|REGION=k",
            description = "what if call site SITE (a recording made with --mode dag --sites), or the nodes inside"
                    + " region REGION, were k times faster, as forkscope predict --speedup (repeatable): the page"
                    + " simulates the DAG as recorded and so"
                    + " changed, and shows the new work, span, parallelism, bounds and T_P beside the recorded ones")
    List<String> speedups = new ArrayList<>();

    @Option(names = "--latency-ns", paramLabel = "N",
            description = "with --speedup: the simulated steal latency in ns (default: the recording's burden, as"
                    + " forkscope predict)")
    Long latencyNs;

    @Option(names = "--force", description = "overwrite the output file if it exists")
    boolean force;

    private List<PredictCsv.PredictedRow> simulated = List.of();

    @Override
    public Integer call() throws Exception {
        file = files.get(0);
        List<String[]> asked = new ArrayList<>();
        for (String s : speedups) {
            asked.add(PredictCommand.parseSpeedup(s));
        }
        if (!asked.isEmpty() && predicted != null) {
            throw new UserError("--speedup simulates the recorded curve and the what-if itself: give --speedup or"
                    + " --predicted, not both");
        }
        if (latencyNs != null && (asked.isEmpty() || latencyNs < 0)) {
            throw new UserError(asked.isEmpty() ? "--latency-ns is the what-if's steal latency: it needs --speedup"
                    : "--latency-ns must be 0 or more, not " + latencyNs);
        }
        Path html = OutputPath.file(output != null ? output
                : Path.of(BenchCommand.withExtension(file.getFileName(), ".html").toString()), force, "-o");
        PrintWriter err = spec.commandLine().getErr();
        simulated = predicted == null ? List.of() : PlotCommand.readPredicted(predicted);
        Recording rec = RecordingInput.read(file, err);
        ReportInputs in = inputs(rec, asked, err);
        if (files.size() > 1) {
            in = in.withCompare(compared(rec, err));
        }
        if (rec.recordedSamples().isPresent()) {
            SampledContexts.Result contexts = SampledContexts.of(rec, JfrSampleReader.EXECUTION_SAMPLE, false, s -> { });
            if (contexts.samples().samples().isEmpty()) {
                err.println("forkscope report: warning: " + file + ": no " + JfrSampleReader.EXECUTION_SAMPLE
                        + " samples, so no contexts (was the run too short?)");
            } else {
                in = in.withContexts(contexts);
            }
        }
        try (Writer w = Files.newBufferedWriter(html, StandardCharsets.UTF_8)) {
            new HtmlPage().write(in, w);
        }
        err.println("forkscope report: written to " + html + " (" + new HtmlPage().applicable(in).stream()
                .map(HtmlSection::id).collect(Collectors.joining(", ")) + ")");
        err.flush();
        return 0;
    }

    /** Every analysis the recording allows, as the other commands make them. */
    ReportInputs inputs(Recording rec, List<String[]> asked, PrintWriter err) {
        String name = file.toString();
        boolean measured = rec.wholeRun() != null && (rec.complete() || !RecordingInput.holdsNothing(rec.wholeRun()));
        ScalabilityReport scalability = measured ? ScalabilityAnalysis.analyze(rec, AnalysisOptions.defaults()) : null;
        boolean dagMode = rec.recordedDag().isPresent() || "dag".equals(rec.info().get(RecordingInfo.MODE, ""));
        if (serial != null && !dagMode) {
            throw new UserError("--serial: " + name + " has no DAG (record it with --mode dag); the serial run's work"
                    + " is compared with a DAG's");
        }
        if (!asked.isEmpty() && !dagMode) {
            throw new UserError("--speedup: " + name + " has no DAG to simulate (record it with --mode dag --sites)");
        }
        DelayReport delays = null;
        Dag dag = null;
        ReadyTimes ready = null;
        if (dagMode) {
            Recording ser = serial == null ? null : DagInput.read(serial, err);
            dag = DagInput.dag(rec, name);
            delays = DagInput.analyze(rec, name, ser, serial == null ? null : serial.toString());
            ready = ReadyTimes.of(dag);
        }
        SimulatedScaling whatIf = null;
        if (!asked.isEmpty()) {
            whatIf = whatIf(rec, dag, name, asked, err);
            simulated = rows(whatIf);
        }
        List<SvgPlot.Chart> charts = measured ? charts(rec) : List.of();
        if (!simulated.isEmpty() && charts.stream().noneMatch(c -> !c.curves().predicted().isEmpty())) {
            err.println("forkscope report: warning: " + name + " has no whole-run work and span to chart; the"
                    + " simulated speedups" + (predicted == null ? "" : " of " + predicted) + " are not drawn");
        }
        RecordedSites sites = rec.recordedSites().orElse(null);
        return new ReportInputs(name, rec, scalability, charts, bench == null ? null : bench.toString(), delays, dag,
                ready, delays == null ? List.of() : ProfileResampling.resample(delays.profile(), ReportInputs.PROFILE_POINTS),
                serial == null ? null : serial.toString(),
                sites == null ? null : SiteRows.of(sites, rec.info().unit(), On.SPAN),
                sites == null ? null : SiteRows.of(sites, rec.info().unit(), On.WORK),
                RecordingInput.incompleteLine(rec),
                rec.wholeRun() == null ? MachineLine.of(rec.info()) : MachineLine.of(rec.info(), rec.wholeRun().compilation()))
                .withWhatIf(whatIf);
    }

    /**
     * The what-if of {@code --speedup}, as {@code forkscope predict} simulates it (its parser, its site
     * names, its latency and seed 0): at P = 1, 2, 4 … up to the chart's axis and at the recorded P.
     */
    private SimulatedScaling whatIf(Recording rec, Dag dag, String name, List<String[]> asked, PrintWriter err) {
        List<io.forkscope.analysis.simulate.Speedup> what = PredictCommand.resolve(rec, dag, name, asked, err);
        long latency;
        if (latencyNs != null) {
            latency = latencyNs;
        } else if (rec.info().unit() != Unit.TIME) {
            throw new UserError(name + ": recorded in abstract units, so its burden is no time; give the what-if's"
                    + " steal latency with --latency-ns N (forkscope calibrate measures it)");
        } else {
            latency = rec.info().burden();
        }
        int largestP = 0;
        if (bench != null) {
            largestP = readBench().stream().mapToInt(Measurement::p).max().orElse(0);
        }
        java.util.TreeSet<Integer> ps = new java.util.TreeSet<>();
        for (int p = 1; p <= ScalingCurves.defaultMaxP(largestP); p *= 2) {
            ps.add(p);
        }
        ps.add(Math.max(1, dag.workers()));
        return SimulatedScaling.of(dag, new ArrayList<>(ps), latency, 0, what, null);
    }

    /** The simulation's rows as {@code predict --csv} writes and {@code plot --predicted} reads them. */
    static List<PredictCsv.PredictedRow> rows(SimulatedScaling s) {
        List<PredictCsv.PredictedRow> out = new ArrayList<>();
        for (SimulatedScaling.Scenario scenario : List.of(s.asRecorded(), s.whatIf())) {
            String label = scenario == s.asRecorded() ? PredictCsv.RECORDED : PredictCsv.WHAT_IF;
            for (SimulatedScaling.Row r : scenario.rows()) {
                out.add(new PredictCsv.PredictedRow(label, r.workers(), scenario.shape().work(),
                        r.sequential().makespan(), r.malleable().makespan()));
            }
        }
        return out;
    }

    private List<Measurement> readBench() {
        try {
            return BenchCsv.read(bench);
        } catch (BenchCsvException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** The runs as {@code forkscope compare} puts them side by side, this page's recording first. */
    private List<CompareColumn> compared(Recording first, PrintWriter err) {
        Recording ser = serial == null ? null : DagInput.read(serial, err);
        String serialName = serial == null ? null : serial.toString();
        List<CompareColumn> columns = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            Recording rec = i == 0 ? first : DagInput.read(f, err);
            columns.add(new CompareColumn(f.getFileName().toString(), DagInput.describe(rec.info()),
                    DagInput.analyze(rec, f.toString(), ser, serialName)));
        }
        return columns;
    }

    /** The speedup-bounds charts as {@code forkscope plot} draws them, with the --bench points when given. */
    private List<SvgPlot.Chart> charts(Recording rec) {
        Map<String, SectionBounds> bounds = RecordedBounds.of(rec);
        if (bounds.isEmpty()) {
            return List.of();
        }
        List<Measurement> points = List.of();
        List<RegionScaling> sections;
        if (bench != null) {
            points = readBench();
            sections = ScalingAnalysis.analyze(points, bounds).regions();
        } else {
            sections = PlotCommand.boundsOnly(bounds);
        }
        int largestP = points.stream().mapToInt(Measurement::p).max().orElse(0);
        int axisP = Math.max(ScalingCurves.defaultMaxP(largestP),
                simulated.stream().mapToInt(PredictCsv.PredictedRow::p).max().orElse(0));
        sections = new ArrayList<>(sections);
        if (!simulated.isEmpty() && bounds.containsKey("") && sections.stream().noneMatch(r -> r.region().isEmpty())) {
            // the simulated curve is the whole run's DAG: its chart, even when the others are regions'
            sections.add(0, new RegionScaling("", bounds.get(""), List.of(), List.of()));
        }
        List<SvgPlot.Chart> charts = new ArrayList<>();
        for (RegionScaling r : sections) {
            List<PredictCsv.PredictedRow> curve = r.region().isEmpty() ? simulated : List.of();
            String note = predicted != null ? PlotCommand.note(r, file, bench, predicted, curve)
                    : PlotCommand.note(r, file, bench, null, List.of()) + (curve.isEmpty() ? ""
                    : "; simulated here, as recorded and with --speedup " + String.join(" ", speedups));
            charts.add(new SvgPlot.Chart(ScalingCurves.of(r, axisP, curve), note));
        }
        return charts;
    }
}
