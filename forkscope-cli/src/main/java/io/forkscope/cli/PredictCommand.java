package io.forkscope.cli;

import io.forkscope.analysis.simulate.Costs;
import io.forkscope.analysis.simulate.RegionSpeedup;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.simulate.Speedup;
import io.forkscope.analysis.simulate.SimulatedScaling.SiteSpeedup;
import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.model.DagWindow;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.report.MachineLine;
import io.forkscope.report.Numbers;
import io.forkscope.report.predict.PredictContext;
import io.forkscope.report.predict.PredictCsv;
import io.forkscope.report.predict.PredictJson;
import io.forkscope.report.predict.PredictText;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "predict", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "How the run would scale on P workers: its recorded DAG (record --mode dag) replayed by a simulated"
        + " work-stealing scheduler, each node lasting its recorded CPU time and each steal costing the steal latency.",
    "For each P: the simulated T_P, the speedup T1/T_P and where the simulated P x T_P went (work, delay, no-work),"
        + " with collapsed nodes replayed as sequential pieces and as divisible ones (the truth lies between; record"
        + " with --no-collapse for no guess); the recorded run beside the simulation at its own P (the relative error);"
        + " with --speedup, the work, span, parallelism and T_P after making call sites or regions faster (a what-if).",
    "Example: forkscope predict run.fsk -p 1-64 --csv -o predicted.csv",
    "Example: forkscope predict run.fsk --speedup QuickSort.partition=2   (a recording made with --sites)",
    "Example: forkscope predict run.fsk --speedup merge=2   (the nodes inside every occurrence of region 'merge')"})
final class PredictCommand implements Callable<Integer> {
    /** The worker counts simulated when -p is not given. */
    static final String DEFAULT_WORKERS = "1,2,4,8,16,32,64";

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RUN.fsk", description = "a recording made with forkscope record --mode dag")
    Path file;

    @Option(names = {"-p", "--workers"}, paramLabel = "LIST",
            description = "worker counts to simulate, e.g. 1-64 or 1,2,4,8 (default: " + DEFAULT_WORKERS + ")")
    String workers;

    @Option(names = "--latency-ns", paramLabel = "N",
            description = "the steal latency in ns (default: the recording's burden, as calibrated or set when it was"
                    + " recorded; forkscope calibrate measures it)")
    Long latencyNs;

    @Option(names = "--speedup", paramLabel = "SITE=k|REGION=k",
            description = "what if call site SITE, or the nodes inside region REGION, were k times faster (k > 0); SITE"
                    + " as forkscope sites shows it: its callee (QuickSort.partition), its place (QuickSort.java:41) or"
                    + " its id, on a recording made with --sites; REGION by its label (region:LABEL or site:NAME when"
                    + " one name is both); repeatable")
    List<String> speedups = new ArrayList<>();

    @Option(names = "--region", paramLabel = "LABEL",
            description = "simulate only the DAG of this region's last occurrence (a warm run, when the program"
                    + " repeats its work and measures the last time), checked against that occurrence's elapsed time")
    String region;

    @Option(names = "--work-ns", paramLabel = "N",
            description = "scale every node's work and span by one factor so that the DAG's work T1 is N ns, e.g."
                    + " the T_1 that forkscope bench -p 1 measured without the recorder (the recorded work holds the"
                    + " recorder's effect and the recorded run's JIT state)")
    Long workNs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "seeds the simulated thieves' choice of victim (default: ${DEFAULT-VALUE})")
    long seed;

    @ArgGroup(exclusive = true)
    Format format = new Format();

    static final class Format {
        @Option(names = "--csv", description = "one row per P, integers in ns (for forkscope plot --predicted)")
        boolean csv;

        @Option(names = "--json", description = "JSON for scripts and CI")
        boolean json;
    }

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write there instead of to the terminal")
    Path output;

    @Option(names = "--force", description = "overwrite the -o file if it exists")
    boolean force;

    @Override
    public Integer call() throws Exception {
        List<Integer> ps = BenchCommand.parseWorkers(workers == null ? DEFAULT_WORKERS : workers);
        if (workNs != null && workNs <= 0) {
            throw new UserError("--work-ns must be above 0, not " + workNs);
        }
        if (latencyNs != null && latencyNs < 0) {
            throw new UserError("--latency-ns must be 0 or more, not " + latencyNs);
        }
        List<String[]> asked = new ArrayList<>();
        for (String s : speedups) {
            asked.add(parseSpeedup(s));
        }
        Path out = output == null ? null : OutputPath.file(output, force, "-o");
        PrintWriter err = spec.commandLine().getErr();
        Recording rec = DagInput.read(file, err);
        String name = file.toString();
        Dag dag = DagInput.timed(rec, DagInput.dag(rec, name));    // T_P is a time: counted nodes by their times
        if (region != null) {
            RegionRecord r = lastOccurrence(rec, region, name);
            long n = rec.regions().stream().filter(x -> x.label().equals(region)).count();
            dag = DagWindow.within(dag, r.startNs(), r.startNs() + r.measures().elapsedNs());
            name = name + ", region '" + region + "'" + (n > 1 ? " (occurrence " + n + " of " + n + ")" : "");
            if (dag.nodes().isEmpty()) {
                throw new UserError(name + ": no node of the DAG lies inside the region");
            }
        }
        List<Speedup> what = resolve(rec, dag, name, asked, err);
        long latency;
        String source;
        if (latencyNs != null) {
            latency = latencyNs;
            source = "given with --latency-ns";
        } else {
            if (rec.info().unit() != Unit.TIME) {
                throw new UserError(name + ": recorded in " + (rec.info().unit() == Unit.ABSTRACT ? "abstract units"
                        : rec.info().unit().symbol()) + ", so its burden ("
                        + rec.info().burden() + " " + rec.info().unit().symbol() + ") is no time; give the steal latency with --latency-ns N (forkscope calibrate measures"
                        + " it)");
            }
            latency = rec.info().burden();
            source = latencySource(rec.info());
        }
        SimulatedScaling.Progress progress = progress(err);
        long recordedWork = dag.nodes().stream().mapToLong(DagNode::work).sum();
        if (workNs != null && recordedWork <= 0) {
            throw new UserError(name + ": its DAG has no work to scale to --work-ns " + workNs);
        }
        Costs costs = workNs == null ? Costs.recorded(dag) : Costs.scaledTo(dag, workNs);
        SimulatedScaling p = SimulatedScaling.of(dag, costs, ps, latency, seed, what, progress);
        if (progress != null) {
            err.print("\r" + " ".repeat(70) + "\r");
            err.flush();
        }
        PredictContext context = new PredictContext(name, source, RecordingInput.incompleteLine(rec),
                MachineLine.of(rec.info(), rec.wholeRun() == null ? null : rec.wholeRun().compilation()),
                cpus(rec.info()), workNs == null ? -1 : recordedWork);
        if (format.csv) {
            err.println("forkscope predict: steal latency " + Numbers.grouped(latency) + " ns, " + source);
        }
        if (out == null) {
            write(p, context, rec.complete(), spec.commandLine().getOut());
        } else {
            try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                write(p, context, rec.complete(), w);
            }
            err.println("forkscope predict: written to " + out + (format.csv ? "  (forkscope plot "
                    + ShellWords.quote(file) + " --predicted " + ShellWords.quote(out) + ")" : ""));
        }
        return 0;
    }

    private void write(SimulatedScaling p, PredictContext c, boolean complete, Writer w) throws IOException {
        if (format.csv) {
            PredictCsv.write(p, w);
        } else if (format.json) {
            PredictJson.write(p, c, complete, w);
        } else {
            PredictText.write(p, c, w);
        }
    }

    /** @return the last occurrence of the region with this label; a user error naming the ones there are if none */
    static RegionRecord lastOccurrence(Recording rec, String label, String name) {
        RegionRecord last = null;
        java.util.Set<String> labels = new java.util.TreeSet<>();
        for (RegionRecord r : rec.regions()) {
            labels.add(r.label());
            if (r.label().equals(label)) {
                last = r;
            }
        }
        if (last == null) {
            throw new UserError(name + " has no region '" + label + "'" + (labels.isEmpty() ? " (it has no regions)"
                    : " (its regions: " + String.join(", ", labels) + ")"));
        }
        return last;
    }

    /** @return where the recording's burden came from, in words */
    static String latencySource(RecordingInfo info) {
        String s = info.burdenSource();
        if (s.equals("default")) {
            return "the recording's burden (the default, Cilkscale's, not measured on this machine: forkscope calibrate"
                    + " measures it, or give --latency-ns)";
        }
        if (s.equals("option")) {
            return "the recording's burden (set when it was recorded)";
        }
        return "the recording's burden (" + s + ")";
    }

    /** @return {SITE, k} of "SITE=k" */
    static String[] parseSpeedup(String s) {
        int eq = s.lastIndexOf('=');
        String site = eq < 0 ? "" : s.substring(0, eq).strip();
        String k = eq < 0 ? "" : s.substring(eq + 1).strip();
        double factor;
        try {
            factor = Double.parseDouble(k);
        } catch (NumberFormatException e) {
            factor = Double.NaN;
        }
        if (site.isEmpty() || !(factor > 0) || Double.isInfinite(factor)) {
            throw new UserError("--speedup needs SITE=k or REGION=k with k a number above 0 (2: twice as fast), not '" + s + "'");
        }
        return new String[] {site, k};
    }

    /**
     * @return the asked speedups: a region when the name is one of the recording's region labels (or
     *         written {@code region:LABEL}), else the call sites it names (or {@code site:NAME}); a user
     *         error for a name that names neither, or both
     */
    static List<Speedup> resolve(Recording rec, Dag dag, String name, List<String[]> asked, PrintWriter err) {
        List<Speedup> out = new ArrayList<>();
        for (String[] a : asked) {
            String what = a[0];
            double k = Double.parseDouble(a[1]);
            boolean region = what.startsWith(REGION_PREFIX);
            boolean site = what.startsWith(SITE_PREFIX);
            String bare = region ? what.substring(REGION_PREFIX.length()) : site ? what.substring(SITE_PREFIX.length())
                    : what;
            List<RegionSpeedup.Occurrence> occurrences = occurrences(rec, bare);
            if (!site && !occurrences.isEmpty()) {
                if (!region && rec.recordedSites().isPresent() && !matching(rec.recordedSites().get().sites(), bare)
                        .isEmpty()) {
                    throw new UserError("'" + bare + "' in " + name + " is both a region and a call site; write --speedup"
                            + " region:" + bare + "=" + a[1] + " or site:" + bare + "=" + a[1]);
                }
                RegionSpeedup r = RegionSpeedup.of(dag, bare, occurrences, k);
                if (r.nodesInside() == 0) {
                    err.println("forkscope predict: warning: no node of the DAG ran inside region '" + bare + "': its"
                            + " speedup changes nothing");
                }
                out.add(r);
            } else if (region) {
                throw new UserError(name + " has no region '" + bare + "'" + regionsText(rec));
            } else {
                out.add(site(rec, dag, name, bare, k, err));
            }
        }
        return out;
    }

    static final String REGION_PREFIX = "region:";
    static final String SITE_PREFIX = "site:";

    /** @return the occurrences of the region labelled {@code label}, in the DAG's clock; empty when it has none */
    static List<RegionSpeedup.Occurrence> occurrences(Recording rec, String label) {
        List<RegionSpeedup.Occurrence> out = new ArrayList<>();
        for (RegionRecord r : rec.regions()) {
            if (r.label().equals(label)) {
                out.add(new RegionSpeedup.Occurrence(r.startNs(), r.startNs() + r.measures().elapsedNs()));
            }
        }
        return out;
    }

    private static String regionsText(Recording rec) {
        java.util.Set<String> labels = new java.util.TreeSet<>();
        rec.regions().forEach(r -> labels.add(r.label()));
        return labels.isEmpty() ? " (it has no regions)" : " (its regions: " + String.join(", ", labels) + ")";
    }

    /** @return the call sites {@code site} names, k× faster; a user error when it names none */
    private static SiteSpeedup site(Recording rec, Dag dag, String name, String site, double k, PrintWriter err) {
        RecordedSites sites = rec.recordedSites().orElseThrow(() -> new UserError("no region '" + site + "' in " + name
                + regionsText(rec) + ", and it has no call sites: --speedup SITE=k needs a recording made with --sites"
                + " (forkscope record --mode dag --sites ...)"));
        List<Integer> ids = matching(sites.sites(), site);
        if (ids.isEmpty()) {
            throw new UserError("no call site or region '" + site + "' in " + name + "; name a site by its callee"
                    + " (QuickSort.partition), its place (QuickSort.java:41) or its id, as forkscope sites "
                    + ShellWords.quote(Path.of(name)) + " --wide shows them, or a region by its label" + regionsText(rec));
        }
        Set<Integer> inDag = new HashSet<>();
        for (DagNode n : dag.nodes()) {
            inDag.add(n.site());
        }
        if (ids.stream().noneMatch(inDag::contains)) {
            err.println("forkscope predict: warning: no node of the DAG ran in " + site + ": its speedup changes"
                    + " nothing");
        }
        return new SiteSpeedup(site, ids, k);
    }

    /**
     * @return the ids of the sites {@code name} names: an id; else every site at that place
     *         ({@code File.java:41}, or {@code Class.method@bci} without a line), or with that label
     *         ({@code app.Class.method@bci}); else every site whose callee it is, without or with the
     *         package ({@code QuickSort.partition}, {@code app.QuickSort.partition})
     */
    static List<Integer> matching(List<CallSite> sites, String name) {
        if (name.chars().allMatch(Character::isDigit)) {
            try {
                int id = Integer.parseInt(name);
                return sites.stream().filter(s -> s.id() == id).map(CallSite::id).toList();
            } catch (NumberFormatException e) {
                return List.of();
            }
        }
        List<Integer> byPlace = sites.stream().filter(s -> s.where().equals(name) || SiteNames.label(s).equals(name))
                .map(CallSite::id).toList();
        if (!byPlace.isEmpty()) {
            return byPlace;
        }
        return sites.stream().filter(s -> !SiteNames.callee(s).isEmpty() && (SiteNames.callee(s).equals(name)
                || fullCallee(s).equals(name))).map(CallSite::id).toList();
    }

    private static String fullCallee(CallSite s) {
        String c = s.callee() == null ? "" : s.callee();
        int paren = c.indexOf('(');
        return paren >= 0 ? c.substring(0, paren) : c;
    }

    static int cpus(RecordingInfo info) {
        try {
            return Integer.parseInt(info.get(RecordingInfo.AVAILABLE_PROCESSORS, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** @return progress on stderr when it is a terminal, else null (nothing is printed) */
    private static SimulatedScaling.Progress progress(PrintWriter err) {
        if (System.console() == null) {
            return null;
        }
        return (done, total, what) -> {
            err.print(String.format(Locale.ROOT, "\rforkscope predict: simulated %d of %d (%s)%s", done, total, what,
                    " ".repeat(10)));
            err.flush();
        };
    }
}
