package io.forkscope.report.html;

import io.forkscope.analysis.simulate.DagShape;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.simulate.SimulatedScaling.Row;
import io.forkscope.analysis.simulate.SimulatedScaling.SiteSpeedup;
import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.model.sites.CallSite;
import io.forkscope.report.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * TaskProf's what-if, the numbers {@code forkscope predict --speedup} prints: the recorded DAG's work,
 * span and parallelism as recorded and with the chosen sites k× faster, and per P their upper bounds
 * (min(P, T1/T∞)) and the simulated T_P, beside the run's measured elapsed time at its own P. The
 * speedup bounds chart above draws the same what-if (its upper bound and simulated speedups) in
 * orange. Everything is {@link ReportInputs#whatIf()}'s: the section computes only ratios.
 */
final class WhatIfSection implements HtmlSection {
    @Override
    public String id() {
        return "what-if";
    }

    @Override
    public String title() {
        return "What if a site or region were faster";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.whatIf() != null;
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        SimulatedScaling s = in.whatIf();
        boolean both = s.collapsedNodes() > 0;
        out.element("p", "What if " + s.speedups().stream().map(x -> speedupText(x, in)).collect(Collectors.joining(", "))
                + ": the nodes of those sites take 1/k of their work and span, and a simulated work-stealing scheduler"
                + " (steal latency " + Numbers.grouped(s.stealLatencyNs()) + " ns, seed " + s.seed() + ") replays the"
                + " DAG as recorded and so changed, as forkscope predict --speedup does. A node belongs to the site open"
                + " when its first strand ran" + (both ? "; " + s.collapsedNodes() + " of its " + s.nodes() + " nodes are"
                + " collapsed sub-DAGs, scaled whole (record with --no-collapse for an exact what-if), and replayed"
                + " both as sequential pieces and as divisible ones" : "") + ".");
        shape(out, s);
        perP(out, s, both);
        List<Integer> slower = s.slowerAfter();
        if (!slower.isEmpty()) {
            out.element("p", "At P = " + slower.stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + " the simulated T_P grows although no node got slower: Graham's anomaly (a shorter node changes"
                    + " which worker takes what, and a greedy schedule can end later); work and span never grow.",
                    "class", "warning");
        }
    }

    private static void shape(HtmlWriter out, SimulatedScaling s) {
        DagShape b = s.asRecorded().shape();
        DagShape a = s.whatIf().shape();
        out.open("table", "class", "numbers", "id", "what-if-shape");
        out.element("caption", "The DAG's shape (ns)");
        out.open("thead").row("th", "", "as recorded", "what-if", "change").close("thead").open("tbody");
        row(out, "work T1", "work", b.work(), a.work(), Numbers.grouped(b.work()), Numbers.grouped(a.work()));
        row(out, "span T\u221e", "span", b.span(), a.span(), Numbers.grouped(b.span()), Numbers.grouped(a.span()));
        row(out, "parallelism T1/T\u221e", "parallelism", b.parallelism(), a.parallelism(),
                Numbers.fixed2(b.parallelism()), Numbers.fixed2(a.parallelism()));
        out.close("tbody").close("table").newline();
    }

    private static void row(HtmlWriter out, String label, String key, double before, double after, String beforeText,
                            String afterText) {
        out.open("tr", "data-key", key).element("th", label, "scope", "row");
        out.element("td", beforeText, "class", "num", "data-scenario", "recorded", "data-value",
                JsonColumns.number(before, 6));
        out.element("td", afterText, "class", "num", "data-scenario", "what-if", "data-value",
                JsonColumns.number(after, 6));
        out.element("td", change(before, after), "class", "num").close("tr").newline();
    }

    /** Per P: the bounds, the simulated T_P as recorded and what-if, and the run's own elapsed at its P. */
    private static void perP(HtmlWriter out, SimulatedScaling s, boolean both) {
        double parallelismBefore = s.asRecorded().shape().parallelism();
        double parallelismAfter = s.whatIf().shape().parallelism();
        out.open("table", "class", "numbers", "id", "what-if-p");
        out.element("caption", "Per worker count P: bounds min(P, T1/T\u221e) and simulated T_P (ns)"
                + (both ? ", collapsed nodes sequential (malleable in brackets)" : "")
                + "; measured: the recorded run's elapsed time at its own P");
        out.open("thead").row("th", "P", "upper bound", "what-if's", "T_P simulated", "what-if's", "change",
                "measured T_P").close("thead").open("tbody");
        for (int i = 0; i < s.asRecorded().rows().size(); i++) {
            Row before = s.asRecorded().rows().get(i);
            Row after = s.whatIf().rows().get(i);
            int p = before.workers();
            out.open("tr", "data-p", Integer.toString(p)).element("td", Integer.toString(p), "class", "num");
            number(out, "upper", Math.min(p, parallelismBefore), Numbers.fixed2(Math.min(p, parallelismBefore)));
            number(out, "upper-what-if", Math.min(p, parallelismAfter), Numbers.fixed2(Math.min(p, parallelismAfter)));
            number(out, "t-p", before.sequential().makespan(), tp(before, both));
            number(out, "t-p-what-if", after.sequential().makespan(), tp(after, both));
            out.element("td", change(before.sequential().makespan(), after.sequential().makespan()), "class", "num");
            boolean measured = p == s.recorded().workers();
            out.element("td", measured ? Numbers.grouped(s.recorded().elapsedNs()) : "-", "class", "num", "data-key",
                    measured ? "measured" : null, "data-value", measured ? Long.toString(s.recorded().elapsedNs()) : null);
            out.close("tr").newline();
        }
        out.close("tbody").close("table").newline();
    }

    private static String tp(Row r, boolean both) {
        return Numbers.grouped(r.sequential().makespan()) + (both && r.malleable().makespan() != r.sequential().makespan()
                ? " (" + Numbers.grouped(r.malleable().makespan()) + ")" : "");
    }

    private static void number(HtmlWriter out, String key, double value, String shown) {
        out.element("td", shown, "class", "num", "data-key", key, "data-value", JsonColumns.number(value, 6));
    }

    /** "QuickSort.partition 2× faster (site 3: app.QuickSort.sort@17)" */
    private static String speedupText(io.forkscope.analysis.simulate.Speedup speedup, ReportInputs in) {
        if (!(speedup instanceof SiteSpeedup s)) {
            return speedup.name() + " " + Numbers.plain(speedup.factor()) + "\u00d7 faster (region)";
        }
        List<String> sites = new ArrayList<>();
        List<CallSite> known = in.recording().recordedSites().map(r -> r.sites()).orElse(List.of());
        for (int id : s.sites()) {
            String label = known.stream().filter(c -> c.id() == id).findFirst().map(SiteNames::label).orElse("?");
            sites.add(id + ": " + label);
        }
        return s.name() + " " + Numbers.plain(s.factor()) + "\u00d7 faster (site" + (sites.size() == 1 ? " " : "s ")
                + String.join(", ", sites) + ")";
    }

    /** @return "−12.3%" from before to after; "-" when before is 0 */
    private static String change(double before, double after) {
        return before == 0 ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * (after - before) / before);
    }
}
