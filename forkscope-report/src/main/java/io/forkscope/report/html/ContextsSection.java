package io.forkscope.report.html;

import io.forkscope.analysis.contexts.Advisor;
import io.forkscope.analysis.contexts.ContextProfile;
import io.forkscope.analysis.contexts.Metric;
import io.forkscope.analysis.contexts.SampledContexts;
import io.forkscope.model.contexts.ContextTree;
import io.forkscope.report.contexts.ContextsText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HPCToolkit's view, the numbers {@code forkscope contexts} prints: the calling-context tree as an
 * icicle (the root on top, each context as wide as its inclusive work, idleness or overhead, one
 * shown at a time) drawn on a canvas by the page's own code, no flame-graph library being packaged
 * as a webjar; the totals; and Table 1's advice on the contexts with the most idleness and overhead.
 * The data is columnar: per context its parent, frame label (an index into the distinct labels),
 * kind and inclusive work, idleness and overhead in ns; contexts under {@link #MIN_SHARE} of the
 * effort are left out of it when the tree is larger than {@link #ALL_NODES}.
 */
final class ContextsSection implements HtmlSection {
    /** Up to this many contexts, all are drawn. */
    static final int ALL_NODES = 20_000;
    /** In larger trees, the contexts with at least this share of the effort. */
    static final double MIN_SHARE = 1e-4;
    /** The hotspots advised, as {@code contexts} prints them. */
    static final int HOTSPOTS = 5;

    @Override
    public String id() {
        return "contexts";
    }

    @Override
    public String title() {
        return "Where the cores wait: contexts";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.contexts() != null;
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        SampledContexts.Result r = in.contexts();
        ContextProfile p = r.profile();
        out.element("p", "Work, idleness and overhead of the cores by calling context (HPCToolkit), from "
                + r.samples().samples().size() + " samples every " + Math.round(r.periodNs() / 1e6) + " ms, "
                + (r.forkSitePrefixes() ? "logical contexts (each task below the fork sites of its ancestors)"
                : "physical stacks (every task below the root)") + "; idleness " + r.idleness().text() + ". The"
                + " graph is an icicle: the whole run on top, each context below its caller, as wide as its share of"
                + " the chosen metric. Click a context to zoom into it and see its numbers.");
        out.open("table", "class", "numbers", "id", "contexts-totals");
        out.element("caption", "Totals (ms of core time)");
        for (Metric m : List.of(Metric.WORK, Metric.IDLENESS, Metric.OVERHEAD, Metric.EFFORT)) {
            String key = m.name().toLowerCase(Locale.ROOT);
            double v = p.total(m);
            out.numberRow(key, "ctx-" + key, v, ms(v), m == Metric.EFFORT ? "work + idleness + overhead"
                    : String.format(Locale.ROOT, "%.1f%% of the effort", p.percentOfEffort(v)));
        }
        out.close("table").newline();

        out.open("div", "class", "toolbar", "role", "radiogroup", "aria-label", "metric");
        for (String m : List.of("work", "idleness", "overhead")) {
            out.open("label").empty("input", "type", "radio", "name", "contexts-metric", "value", m, "checked",
                    m.equals("work") ? "" : null).text(" " + m).close("label");
        }
        out.element("button", "Whole run", "type", "button", "id", "contexts-reset");
        out.element("span", "", "id", "contexts-focus", "class", "range", "aria-live", "polite");
        out.close("div");
        out.open("div", "class", "contexts-box").open("canvas", "id", "contexts-canvas", "aria-label",
                "icicle graph of the calling contexts; the totals and the advice are in the tables").close("canvas")
                .close("div");
        out.open("div", "id", "context-details", "class", "node-details", "aria-live", "polite")
                .element("p", "Click a context for its numbers.", "class", "hint").close("div").newline();
        Map<Integer, Integer> shown = new HashMap<>();
        out.data("contexts", data(p, shown));
        largest(out, p);
        advice(out, r, shown);
    }

    /** The contexts the icicle shows widest, in a table: its text alternative. */
    static final int LARGEST = 25;

    /**
     * The icicle's numbers as a table: the {@link #LARGEST} contexts (the root apart) with the most
     * inclusive effort, each with its calling path's last frames and its inclusive work, idleness and
     * overhead.
     */
    private static void largest(HtmlWriter out, ContextProfile p) {
        ContextTree tree = p.tree();
        List<Integer> all = new ArrayList<>();
        List<Integer> stack = new ArrayList<>(tree.children(ContextTree.ROOT));
        while (!stack.isEmpty()) {
            int n = stack.remove(stack.size() - 1);
            all.add(n);
            stack.addAll(tree.children(n));
        }
        all.sort((a, b) -> Double.compare(p.inclusive(Metric.EFFORT, b), p.inclusive(Metric.EFFORT, a)));
        List<Integer> top = all.subList(0, Math.min(LARGEST, all.size()));
        out.open("details", "class", "as-table").element("summary", "The icicle as a table: the " + top.size()
                + " contexts with the most effort (of " + p.nodes() + ")");
        out.open("table", "class", "numbers", "id", "contexts-table");
        out.element("caption", "Inclusive amounts, ms of core time");
        out.open("thead").row("th", "context", "called from", "depth", "effort", "work", "idleness", "overhead")
                .close("thead").open("tbody");
        for (int n : top) {
            int depth = 0;
            for (int a = n; a != ContextTree.ROOT; a = tree.parent(a)) {
                depth++;
            }
            int caller = tree.parent(n);
            out.open("tr").element("td", ContextsText.label(tree, n))
                    .element("td", caller == ContextTree.ROOT ? "-" : ContextsText.label(tree, caller))
                    .element("td", Integer.toString(depth), "class", "num");
            for (Metric m : List.of(Metric.EFFORT, Metric.WORK, Metric.IDLENESS, Metric.OVERHEAD)) {
                double v = p.inclusive(m, n);
                out.element("td", ms(v), "class", "num", "data-key", m.name().toLowerCase(Locale.ROOT), "data-value",
                        JsonColumns.number(v, 1));
            }
            out.close("tr").newline();
        }
        out.close("tbody").close("table").close("details").newline();
    }

    /** The contexts drawn, parents before children; {@code shown} maps a context's id to its index here. */
    static JsonColumns data(ContextProfile p, Map<Integer, Integer> shown) {
        ContextTree tree = p.tree();
        double least = p.nodes() <= ALL_NODES ? -1 : MIN_SHARE * p.total(Metric.EFFORT);
        List<Integer> order = new ArrayList<>();
        List<Integer> stack = new ArrayList<>(List.of(ContextTree.ROOT));
        while (!stack.isEmpty()) {
            int n = stack.remove(stack.size() - 1);
            if (n != ContextTree.ROOT && p.inclusive(Metric.EFFORT, n) < least) {
                continue;       // inclusive amounts only shrink downwards: its subtree is smaller still
            }
            shown.put(n, order.size());
            order.add(n);
            List<Integer> children = tree.children(n);
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.add(children.get(i));
            }
        }
        int k = order.size();
        int[] parent = new int[k];
        int[] label = new int[k];
        int[] kind = new int[k];
        double[] work = new double[k];
        double[] idle = new double[k];
        double[] over = new double[k];
        List<String> labels = new ArrayList<>();
        Map<String, Integer> labelIds = new HashMap<>();
        for (int i = 0; i < k; i++) {
            int n = order.get(i);
            parent[i] = n == ContextTree.ROOT ? -1 : shown.get(tree.parent(n));
            String text = n == ContextTree.ROOT ? "all" : tree.frame(n).label();
            label[i] = labelIds.computeIfAbsent(text, t -> {
                labels.add(t);
                return labels.size() - 1;
            });
            kind[i] = n == ContextTree.ROOT ? 0 : tree.frame(n).kind().ordinal();
            work[i] = p.inclusive(Metric.WORK, n);
            idle[i] = p.inclusive(Metric.IDLENESS, n);
            over[i] = p.inclusive(Metric.OVERHEAD, n);
        }
        return new JsonColumns().number("contexts", p.nodes()).number("shown", k).strings("labels", labels)
                .ints("parent", parent).ints("label", label).ints("kind", kind).doubles("work", work, 1)
                .doubles("idleness", idle, 1).doubles("overhead", over, 1);
    }

    /** Table 1 on the hotspots, as {@code contexts} prints it after the tree. */
    private static void advice(HtmlWriter out, SampledContexts.Result r, Map<Integer, Integer> shown) {
        List<Advisor.Advised> advised = Advisor.DEFAULT.hotspots(r.profile(), HOTSPOTS, r.samplesPerNode());
        if (advised.isEmpty()) {
            out.element("p", "No context has idleness or overhead: no advice.", "class", "legend");
            return;
        }
        out.open("table", "class", "numbers", "id", "contexts-advice");
        out.element("caption", String.format(Locale.ROOT, "Where the cores wait (Table 1): idleness from %.0f%%,"
                + " overhead from %.0f%% of a context's own effort is high", 100 * Advisor.DEFAULT.idlenessThreshold(),
                100 * Advisor.DEFAULT.overheadThreshold()));
        out.open("thead").row("th", "context", "idleness", "overhead", "in forkscope's code", "samples", "advice")
                .close("thead").open("tbody");
        for (Advisor.Advised a : advised) {
            Integer index = shown.get(a.node());
            out.open("tr", "data-context", index == null ? null : Integer.toString(index));
            out.element("td", ContextsText.label(r.profile().tree(), a.node()));
            share(out, a.idlenessShare());
            share(out, a.overheadShare());
            share(out, a.forkscopeShare());
            out.element("td", a.samples() >= 0 ? Long.toString(a.samples()) : "-", "class", "num");
            out.element("td", a.advised() ? a.advice().text() + (a.highOnlyWithForkscope()
                    ? ContextsText.OVERHEAD_IS_FORKSCOPES : "")
                    : "no advice (fewer than " + Advisor.DEFAULT.minSamples() + " samples)", "class", "advice");
            out.close("tr").newline();
        }
        out.close("tbody").close("table").newline();
    }

    private static void share(HtmlWriter out, double share) {
        out.element("td", String.format(Locale.ROOT, "%.1f%%", 100 * share), "class", "num", "data-value",
                JsonColumns.number(share, 6));
    }

    private static String ms(double ns) {
        return String.format(Locale.ROOT, "%,.3f", ns / 1e6);
    }
}
