package io.forkscope.report.html;

import io.forkscope.analysis.cilkview.Diagnosis;
import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.analysis.cilkview.SectionScalability;
import io.forkscope.analysis.cilkview.SpeedupEstimate;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.report.Numbers;

/**
 * Cilkview's summary of the whole run, the numbers {@code forkscope summary} prints: work, span,
 * burdened span, parallelism, burdened parallelism, counts, elapsed time, the diagnosis and the
 * speedup estimates; then the regions, one row each.
 */
final class SummarySection implements HtmlSection {
    @Override
    public String id() {
        return "summary";
    }

    @Override
    public String title() {
        return "Summary: how far it can scale";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.scalability() != null;
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        ScalabilityReport r = in.scalability();
        Unit unit = r.unit();
        SectionScalability s = r.wholeRun();
        WorkSpan ws = s.measures();
        if (!s.diagnoses().isEmpty()) {
            out.open("div", "class", "diagnosis", "id", "diagnosis").element("h3", "Diagnosis").open("ul");
            for (Diagnosis d : s.diagnoses()) {
                out.element("li", d.message(), "data-kind", d.kind().name().toLowerCase(java.util.Locale.ROOT));
            }
            out.close("ul").close("div").newline();
        }
        out.open("div", "class", "columns");
        out.open("table", "class", "numbers", "id", "summary-table");
        out.element("caption", "Whole run (" + unit.symbol() + ")");
        out.numberRow("Work (T1)", "work", ws.work(), Numbers.grouped(ws.work()), human(ws.work(), unit));
        out.numberRow("Span (T\u221e)", "span", ws.span(), Numbers.grouped(ws.span()), human(ws.span(), unit));
        out.numberRow("Burdened span", "burdened-span", ws.burdenedSpan(), Numbers.grouped(ws.burdenedSpan()),
                human(ws.burdenedSpan(), unit));
        out.numberRow("Parallelism", "parallelism", s.parallelism(), Numbers.fixed2(s.parallelism()), "T1 / T\u221e");
        out.numberRow("Burdened parallelism", "burdened-parallelism", s.burdenedParallelism(),
                Numbers.fixed2(s.burdenedParallelism()), "T1 / burdened span");
        out.numberRow("Spawns", "spawns", ws.spawns(), Numbers.grouped(ws.spawns()), "");
        out.numberRow("Syncs", "syncs", ws.syncs(), Numbers.grouped(ws.syncs()), "");
        out.numberRow("Elapsed", "elapsed", ws.elapsedNs(), Numbers.grouped(ws.elapsedNs()),
                human(ws.elapsedNs(), Unit.TIME));
        WholeRun whole = in.recording().wholeRun();
        if (whole != null) {
            out.numberRow("Workers", "workers", whole.workers(), Numbers.grouped(whole.workers()), "");
            out.numberRow("Tasks", "tasks", whole.tasks(), Numbers.grouped(whole.tasks()), "");
        }
        out.close("table").newline();
        if (!s.speedups().isEmpty()) {
            out.open("table", "class", "numbers", "id", "speedup-estimates");
            out.element("caption", "Speedup estimate");
            out.open("thead").row("th", "P", "burdened lower bound", "upper bound").close("thead").open("tbody");
            for (SpeedupEstimate e : s.speedups()) {
                out.open("tr").element("td", Integer.toString(e.p()), "class", "num")
                        .element("td", Numbers.fixed2(e.lower()), "class", "num", "data-value",
                                JsonColumns.number(e.lower(), 6))
                        .element("td", Numbers.fixed2(e.upper()), "class", "num", "data-value",
                                JsonColumns.number(e.upper(), 6))
                        .close("tr");
            }
            out.close("tbody").close("table").newline();
        }
        out.close("div").newline();
        if (!r.regions().isEmpty()) {
            out.open("table", "class", "numbers", "id", "regions-table");
            out.element("caption", "Regions (" + r.regions().size() + ")");
            out.open("thead").row("th", "region", "thread", "work (" + unit.symbol() + ")", "span (" + unit.symbol() + ")",
                    "parallelism", "burdened parallelism").close("thead").open("tbody");
            for (SectionScalability g : r.regions()) {
                out.open("tr").element("td", g.label()).element("td", g.thread() == null ? "?" : g.thread())
                        .element("td", Numbers.grouped(g.measures().work()), "class", "num")
                        .element("td", Numbers.grouped(g.measures().span()), "class", "num")
                        .element("td", Numbers.fixed2(g.parallelism()), "class", "num")
                        .element("td", Numbers.fixed2(g.burdenedParallelism()), "class", "num").close("tr").newline();
            }
            out.close("tbody").close("table").newline();
        }
    }

    private static String human(long value, Unit unit) {
        String human = unit == Unit.TIME ? Numbers.humanDuration(value) : "";
        return human.isEmpty() ? unit.symbol() : unit.symbol() + " (" + human + ")";
    }
}
