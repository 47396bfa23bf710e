package io.forkscope.report.html;

import io.forkscope.analysis.sites.On;
import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.analysis.sites.SiteRow;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.report.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cilkprof's call-site table, the numbers {@code forkscope sites --wide} prints: per site its share,
 * where it is, its method, callee and kind, and the three measurements (top-call-site, top-caller,
 * local: count, work, span, work/span), on span and on work (one shown at a time). The columns sort
 * on a click and the rows filter by text; every number is also in its cell's {@code data-value}.
 */
final class SitesSection implements HtmlSection {
    @Override
    public String id() {
        return "sites";
    }

    @Override
    public String title() {
        return "Call sites";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.sitesOnSpan() != null && in.sitesOnWork() != null;
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        SiteRows span = in.sitesOnSpan();
        String unit = span.unit().symbol();
        out.element("p", "Work T1 " + Numbers.grouped(span.work()) + " " + unit + ", span " + Numbers.grouped(span.span())
                + " " + unit + ", parallelism " + Numbers.fixed2(span.span() == 0 ? 0 : (double) span.work() / span.span())
                + ". Amounts in " + unit + "; top-call-site: the site's invocations not inside another of its own;"
                + " top-caller: its invocations not inside another by the same caller; local: its own strands, without"
                + " its calls (the share is of this). Click a heading to sort" + rowClick(in) + ".");
        if (span.approximate()) {
            out.element("p", "The on-span profile is approximate: " + span.foreignJoins() + " join(s) waited for a task"
                    + " that another method forked.", "class", "warning");
        }
        out.open("div", "class", "toolbar");
        out.open("label").text("Filter ").empty("input", "type", "search", "id", "sites-filter", "placeholder",
                "class, method, file").close("label");
        out.open("label").text(" Profile ").open("select", "id", "sites-profile")
                .element("option", "on span (invocations on the critical path)", "value", "span")
                .element("option", "on work (every invocation)", "value", "work").close("select").close("label");
        out.element("span", "", "id", "sites-count", "class", "range");
        out.close("div");
        table(out, span, On.SPAN, false);
        table(out, in.sitesOnWork(), On.WORK, true);
    }

    /** What a click on a row marks: the site's nodes in the timelines, its method's contexts in the icicle. */
    private static String rowClick(ReportInputs in) {
        List<String> marks = new ArrayList<>();
        if (in.hasDag()) {
            marks.add("its site's nodes in the worker timelines");
        }
        if (in.contexts() != null) {
            marks.add("its method's contexts in the icicle below");
        }
        return marks.isEmpty() ? "" : ", a row to mark " + String.join(" and ", marks);
    }

    private static void table(HtmlWriter out, SiteRows rows, On on, boolean hidden) {
        String name = on == On.SPAN ? "span" : "work";
        out.open("div", "class", "table-scroll", "id", "sites-" + name + "-box", "hidden", hidden ? "" : null);
        out.open("table", "class", "numbers sortable sites-table", "id", "sites-" + name);
        out.open("thead").open("tr");
        List<String> heads = new ArrayList<>(List.of("%" + name, "where", "method", "callee", "kind"));
        for (String m : List.of("top-call-site", "top-caller", "local")) {
            for (String c : List.of("count", "work", "span", "work/span")) {
                heads.add(m + " " + c);
            }
        }
        for (int i = 0; i < heads.size(); i++) {
            boolean text = i >= 1 && i <= 4;
            out.element("th", heads.get(i), "scope", "col", "data-type", text ? "text" : "number", "tabindex", "0",
                    "aria-sort", i == 0 ? "descending" : null);
        }
        out.close("tr").close("thead").newline().open("tbody");
        for (SiteRow row : rows.shown(0)) {
            SiteMeasures m = row.measures(on);
            // the site's method as the contexts' frames name it: a click marks them in the icicle
            out.open("tr", "data-site", Integer.toString(row.site().id()), "data-frame",
                    Frame.of(row.site().className(), row.site().methodName(), -1, -1).label());
            number(out, String.format(Locale.ROOT, "%.1f%%", row.percent(on)), row.percent(on));
            out.element("td", row.site().where()).element("td", SiteNames.method(row.site()))
                    .element("td", SiteNames.callee(row.site()).isEmpty() ? "-" : SiteNames.callee(row.site()))
                    .element("td", row.site().kind().name().toLowerCase(Locale.ROOT));
            for (Measurement x : List.of(m.topCallSite(), m.topCaller(), m.local())) {
                number(out, Numbers.grouped(x.count()), x.count());
                number(out, Numbers.grouped(x.work()), x.work());
                number(out, Numbers.grouped(x.span()), x.span());
                number(out, Numbers.fixed2(x.parallelism()), x.parallelism());
            }
            out.close("tr").newline();
        }
        out.close("tbody").close("table").close("div").newline();
    }

    private static void number(HtmlWriter out, String shown, double value) {
        out.element("td", shown, "class", "num", "data-value", JsonColumns.number(value, 6));
    }
}
