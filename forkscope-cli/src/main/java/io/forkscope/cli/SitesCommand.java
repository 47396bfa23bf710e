package io.forkscope.cli;

import io.forkscope.analysis.cilkview.ColdCode;
import io.forkscope.analysis.sites.On;
import io.forkscope.analysis.sites.SiteRegions;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.analysis.sites.SpanHolders;

import io.forkscope.model.Compilation;
import io.forkscope.model.Recording;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SitesResult;
import io.forkscope.report.sites.SitesCsv;
import io.forkscope.report.sites.SitesJson;
import io.forkscope.report.sites.SitesText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "sites", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Where the span is: Cilkprof's work and span per call site, of a recording made with record --sites.",
    "Sites by their share of the span (their own strands' time on the critical path), each with the cost"
        + " of its invocations (count, work, span, work/span: Cilkprof's top-call-site measurement), then a"
        + " check that the shares add up to the whole; --wide shows all three of Cilkprof's measurements.",
    "With --region, the profiles of one region (Forkscope.region in the program): its own T1 and T∞, the"
        + " invocations that ran inside it, its critical path from its start to its stop.",
    "Example: forkscope sites qs.fsk --on work --top 10",
    "Example: forkscope sites qs.fsk --region kernel"})
final class SitesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "a recording made with forkscope record --sites")
    Path file;

    @Option(names = "--on", paramLabel = "span|work", defaultValue = "span",
            description = "the profile: span (invocations on the critical path) or work (all); default ${DEFAULT-VALUE}")
    String on;

    @Option(names = "--top", paramLabel = "N",
            description = "show the N largest sites, 0 for all (default 20; --csv and --json: all)")
    Integer top;

    @Option(names = "--region", paramLabel = "LABEL",
            description = "the profiles of the region LABEL (its first occurrence; LABEL#N: its N-th) instead of"
                    + " the whole run's")
    String region;

    @Option(names = "--wide", description = "the full table (some 190 columns): the method column and the"
            + " top-call-site, top-caller and local measurements each with count, work, span and work/span")
    boolean wide;

    @ArgGroup(exclusive = true)
    Format format = new Format();

    static final class Format {
        @Option(names = "--json", description = "JSON for scripts and CI")
        boolean json;

        @Option(names = "--csv", description = "Cilkprof's CSV columns, one row per site")
        boolean csv;
    }

    /** The information key the agent sets to "true" when it wove call sites (agent option sites). */
    static final String SITES_KEY = "sites";

    /** Rows of the text table when --top is not given. */
    static final int DEFAULT_TOP = 20;

    @Override
    public Integer call() throws Exception {
        On profile = profile(on);
        if (top != null && top < 0) {
            throw new UserError("--top must be 0 (all) or more");
        }
        Recording rec = RecordingInput.read(file, spec.commandLine().getErr());
        return run(rec, profile, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** The command on a recording already read (also for tests). */
    int run(Recording rec, On profile, PrintWriter out, PrintWriter err) throws IOException {
        String name = file.toString();
        RecordedSites sites = rec.recordedSites().orElseThrow(() -> new UserError(
                "true".equals(rec.info().asMap().get(SITES_KEY))
                        ? name + " was recorded with --sites but holds no call sites: they are written at the end"
                                + " of the run, which this recording does not reach: "
                                + rec.incompleteCause().orElse("its recorder wrote none")
                        : name + " has no call sites: record it with `forkscope record --sites`"));
        SitesResult result = sites.wholeRun();
        String selected = null;
        String scope = null;
        Compilation compilation = rec.wholeRun().compilation();
        if (region != null) {
            SiteRegions.Choice c = SiteRegions.select(sites, region).orElseThrow(() -> new UserError(
                    sites.regions().isEmpty()
                            ? name + " has no region with call-site profiles (none was recorded: mark one with"
                                    + " Forkscope.region in the program and record with --sites)"
                            : "no region '" + region + "' in " + name + "; its regions: " + SiteRegions.describe(sites)
                                    + " (--region LABEL, or LABEL#N for the N-th)"));
            result = c.region().result();
            compilation = occurrence(rec, c.label(), c.occurrence());
            selected = c.occurrences() > 1 ? c.label() + "#" + c.occurrence() : c.label();
            scope = "region '" + c.label() + "'" + (c.occurrences() > 1
                    ? " (occurrence " + c.occurrence() + " of " + c.occurrences() + ")" : "");
        }
        SiteRows rows = SiteRows.of(sites, result, rec.info().unit(), profile);
        if (format.json) {
            SitesJson.write(rows, name, selected, List.copyOf(SiteRegions.labels(sites).keySet()), rec.info(),
                    rec.complete(), rec.warnings(), top == null ? 0 : top, out);
        } else if (format.csv) {
            SitesCsv.write(rows, top == null ? 0 : top, out);
        } else {
            SitesText.write(rows, name, scope, region == null ? regionsHint(sites) : null,
                    RecordingInput.incompleteLine(rec), top == null ? DEFAULT_TOP : top, wide, out);
            throttledNote(sites, rec.info().asMap(), out);
            ColdCode.diagnosis(compilation, rec.info().unit(), region == null)
                    .ifPresent(d -> io.forkscope.report.TextWrap.prose("note: " + d.message()).forEach(out::println));
        }
        if (!rows.workTotal().ok() || !rows.spanTotal().ok()) {
            err.println("forkscope: error: " + name + ": the call-site totals do not add up (work "
                    + rows.workTotal().sum() + " vs " + rows.workTotal().expected() + ", span "
                    + rows.spanTotal().sum() + " vs " + rows.spanTotal().expected()
                    + "): a recorder bug; the profiles cannot be trusted");
            err.flush();
        }
        return 0;
    }

    /** @return the JIT compilation of the {@code occurrence}-th region labelled {@code label}, unknown if none */
    private static Compilation occurrence(Recording rec, String label, int occurrence) {
        int n = 0;
        for (RegionRecord r : rec.regions()) {
            if (label.equals(r.label()) && ++n == occurrence) {
                return r.compilation();
            }
        }
        return new Compilation(-1, -1);
    }

    /**
     * The last line of the whole run's table when the recording has regions with profiles: which,
     * and how to see one. The whole run stays the default even with a single region (the kernel a
     * user would want): the same command then shows the same scope on every recording, and its T1
     * and T∞ are the ones {@code summary} gives for the run.
     */
    static String regionsHint(RecordedSites sites) {
        Map<String, Integer> labels = SiteRegions.labels(sites);
        if (labels.isEmpty()) {
            return null;
        }
        if (labels.size() == 1 && sites.regions().size() == 1) {
            String label = labels.keySet().iterator().next();
            SitesResult r = sites.regions().get(0).result();
            long span = sites.wholeRun().span();
            return "Region '" + label + "' has its own profiles (span " + SpanHolders.percent(
                    span == 0 ? 0 : 100.0 * r.span() / span) + " of the run's): forkscope sites --region " + label;
        }
        return "Regions with their own profiles: " + SiteRegions.describe(sites)
                + "; show one with --region LABEL (LABEL#N for its N-th occurrence)";
    }

    /**
     * Names the sites the recorder stopped profiling during the run (agent option
     * sites.throttle.ns): their rows hold only the invocations before the cut.
     */
    static void throttledNote(RecordedSites sites, java.util.Map<String, String> info, PrintWriter out) {
        String ids = info.getOrDefault("sites.throttled", "");
        if (ids.isBlank()) {
            return;
        }
        List<String> named = new java.util.ArrayList<>();
        for (String id : ids.split(",")) {
            try {
                int i = Integer.parseInt(id.trim());
                if (i >= 0 && i < sites.sites().size()) {
                    io.forkscope.model.sites.CallSite c = sites.sites().get(i);
                    named.add(c.where() + " " + (c.callee() == null ? c.methodName() : c.callee()));
                }
            } catch (NumberFormatException e) {
                // a damaged value names nothing
            }
        }
        if (named.isEmpty()) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "Throttled: %d site(s) whose calls averaged under %s ns of local work stopped being"
                + " profiled after 65,536 calls on a thread, or 4,096 when another site was checked (sites.throttle.ns);"
                + " their rows count only the calls"
                + " before, later ones are their callers' local work:%n", named.size(),
                info.getOrDefault("sites.throttle.ns", "?"));
        for (String n : named) {
            out.println("  " + n);
        }
        out.flush();
    }

    private static On profile(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "span" -> On.SPAN;
            case "work" -> On.WORK;
            default -> throw new UserError("--on must be span or work, not '" + name + "'");
        };
    }
}
