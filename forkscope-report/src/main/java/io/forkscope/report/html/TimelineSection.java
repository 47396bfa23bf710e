package io.forkscope.report.html;

import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.CallSite;
import java.util.ArrayList;
import java.util.List;

/**
 * The workers' timelines: each recorded node as a box on its worker's row, drawn on a canvas (when
 * zoomed out, a pixel's nodes are drawn as one, shaded by how much of it they cover). Clicking a node
 * shows its id, worker, site, work, delay and in-edges. The data is columnar: per node its worker,
 * start, length, work, delay (start − ready), the kind of edge that made it ready, its site, and its
 * in-edges as counts with sources (as distances back in id) and kinds.
 */
final class TimelineSection implements HtmlSection {
    @Override
    public String id() {
        return "timelines";
    }

    @Override
    public String title() {
        return "Worker timelines";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.hasDag();
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        Dag dag = in.dag();
        out.element("p", "Each box is a node (a strand, or a sub-DAG one worker ran alone) on the worker that ran it;"
                + " the ready path's nodes are underlined in vermillion. Wheel to zoom around the pointer, drag to pan,"
                + " click a node for its details." + (in.sitesOnSpan() != null ? " Click a row of the call-site table"
                + " to mark its site's nodes here." : ""));
        // the shown range's controls, shared with the profile above: every one a labelled button or field
        out.open("div", "class", "toolbar", "role", "group", "aria-label", "time range shown by the profile and"
                + " the timelines");
        out.element("button", "Zoom in", "type", "button", "id", "view-in", "title", "show half the range");
        out.element("button", "Zoom out", "type", "button", "id", "view-out", "title", "show twice the range");
        out.element("button", "\u2190 Earlier", "type", "button", "id", "view-earlier", "aria-label", "earlier",
                "title", "move a quarter of the range earlier");
        out.element("button", "Later \u2192", "type", "button", "id", "view-later", "aria-label", "later",
                "title", "move a quarter of the range later");
        out.element("button", "Reset", "type", "button", "id", "reset-zoom", "title", "the whole run");
        out.open("span", "class", "range-form");
        out.element("label", "from", "for", "view-from");
        out.empty("input", "type", "number", "id", "view-from", "step", "any", "min", "0", "size", "9");
        out.element("label", "to", "for", "view-to");
        out.empty("input", "type", "number", "id", "view-to", "step", "any", "min", "0", "size", "9");
        out.text(" ms ");
        out.element("button", "Show", "type", "button", "id", "view-apply", "aria-label", "show this range");
        out.close("span");
        out.close("div").newline();
        out.open("div", "class", "toolbar");
        out.element("span", "", "id", "timeline-range", "class", "range", "aria-live", "polite");
        out.element("span", "", "id", "timeline-marked", "class", "range", "aria-live", "polite");
        out.open("span", "class", "range-form");
        out.element("label", "node", "for", "node-go");
        out.empty("input", "type", "number", "id", "node-go", "min", "0", "step", "1", "size", "7");
        out.element("button", "Show node", "type", "button", "id", "node-go-button");
        out.close("span");
        out.close("div").newline();
        out.open("div", "class", "timeline-box").open("canvas", "id", "timeline-canvas", "aria-label", "worker"
                + " timelines; keys: + and - zoom, left and right arrows pan, 0 the whole run, ] and [ the next and"
                + " previous node of a worker, up and down arrows a node of the worker above or below, Escape"
                + " clears; the chosen node's details appear below", "aria-describedby", "timeline-keys")
                .close("canvas").close("div");
        out.element("p", "Keys, once the timelines have the focus (Tab): + \u2212 zoom, \u2190 \u2192 pan, 0 the whole"
                + " run, ] [ the next or previous node of the worker, \u2191 \u2193 the node of the worker above or"
                + " below, Esc clears the choice.", "class", "hint", "id", "timeline-keys");
        out.open("div", "id", "node-details", "class", "node-details", "aria-live", "polite")
                .element("p", "Click a node for its details.", "class", "hint").close("div").newline();
        workers(in, out);
        out.data("timeline", data(in));
    }

    /**
     * The timelines' text alternative: per worker its thread, its nodes, the time they lasted and their
     * work, and its first start and last end (ns from the run's begin); with the node details, the
     * numbers the canvas draws.
     */
    private static void workers(ReportInputs in, HtmlWriter out) {
        Dag dag = in.dag();
        int workers = dag.workers();
        for (DagNode x : dag.nodes()) {
            workers = Math.max(workers, x.worker() + 1);
        }
        long[] count = new long[workers];
        long[] length = new long[workers];
        long[] work = new long[workers];
        long[] first = new long[workers];
        long[] last = new long[workers];
        java.util.Arrays.fill(first, Long.MAX_VALUE);
        java.util.Arrays.fill(last, Long.MIN_VALUE);
        for (DagNode x : dag.nodes()) {
            int w = x.worker();
            count[w]++;
            length[w] += x.end() - x.start();
            work[w] += x.work();
            first[w] = Math.min(first[w], x.start() - dag.begin());
            last[w] = Math.max(last[w], x.end() - dag.begin());
        }
        out.open("details", "class", "as-table").element("summary", "The timelines as a table: one row per worker");
        out.open("table", "class", "numbers", "id", "timeline-workers");
        out.element("caption", "Nodes per worker (ns; the ready path's " + in.delays().readyPath().nodes().size()
                + " node(s) are in the delays section)");
        out.open("thead").row("th", "worker", "thread", "nodes", "their time", "their work", "first start",
                "last end").close("thead").open("tbody");
        for (int w = 0; w < workers; w++) {
            int index = w;
            out.open("tr", "data-worker", Integer.toString(w)).element("td", Integer.toString(w), "class", "num")
                    .element("td", dag.busyOf(w).map(WorkerBusy::thread).orElse("worker " + index));
            cell(out, "worker-nodes", count[w]);
            cell(out, "worker-length", length[w]);
            cell(out, "worker-work", work[w]);
            cell(out, "worker-first", count[w] == 0 ? Double.NaN : first[w]);
            cell(out, "worker-last", count[w] == 0 ? Double.NaN : last[w]);
            out.close("tr").newline();
        }
        out.close("tbody").close("table").close("details").newline();
    }

    private static void cell(HtmlWriter out, String key, double v) {
        out.element("td", Double.isNaN(v) ? "-" : io.forkscope.report.Numbers.grouped(Math.round(v)), "class", "num",
                "data-key", key, "data-value", JsonColumns.number(v, 0));
    }

    private static JsonColumns data(ReportInputs in) {
        Dag dag = in.dag();
        List<DagNode> nodes = dag.nodes();
        int n = nodes.size();
        int[] worker = new int[n];
        long[] start = new long[n];
        long[] length = new long[n];
        long[] work = new long[n];
        long[] delay = new long[n];
        int[] readyBy = new int[n];
        int[] site = new int[n];
        int[] inCount = new int[n];
        int edges = nodes.stream().mapToInt(x -> x.in().size()).sum();
        int[] inBack = new int[edges];
        int[] inKind = new int[edges];
        int workers = dag.workers();
        boolean sites = false;
        int e = 0;
        for (DagNode x : nodes) {
            int i = x.id();
            worker[i] = x.worker();
            workers = Math.max(workers, x.worker() + 1);
            start[i] = x.start() - dag.begin();
            length[i] = x.end() - x.start();
            work[i] = x.work();
            delay[i] = in.ready().delay(i);
            readyBy[i] = in.ready().readyBy(i).ordinal();
            site[i] = x.site();
            sites |= x.site() >= 0;
            inCount[i] = x.in().size();
            for (Edge edge : x.in()) {
                inBack[e] = i - edge.from();
                inKind[e++] = edge.kind().ordinal();
            }
        }
        List<String> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int index = w;
            threads.add(dag.busyOf(w).map(WorkerBusy::thread).orElse("worker " + index));
        }
        List<String> siteNames = new ArrayList<>();
        in.recording().recordedSites().ifPresent(s -> {
            for (CallSite c : s.sites()) {
                siteNames.add(SiteNames.label(c));
            }
        });
        List<String> kinds = new ArrayList<>();
        for (io.forkscope.model.dag.EdgeKind k : io.forkscope.model.dag.EdgeKind.values()) {
            kinds.add(k.label());
        }
        int[] path = in.delays().readyPath().nodes().stream().mapToInt(Integer::intValue).toArray();
        JsonColumns data = new JsonColumns().number("elapsed", dag.elapsed()).strings("threads", threads)
                .strings("kinds", kinds).ints("worker", worker).longs("start", start).longs("length", length)
                .longs("work", work).longs("delay", delay).ints("readyBy", readyBy).ints("inCount", inCount)
                .ints("inBack", inBack).ints("inKind", inKind).ints("path", path);
        if (sites) {
            data.ints("site", site).strings("siteNames", siteNames);
        }
        return data;
    }
}
