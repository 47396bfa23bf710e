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
                + " the ready path's nodes are outlined. Wheel to zoom around the pointer, drag to pan, click a node"
                + " for its details." + (in.sitesOnSpan() != null ? " Click a row of the call-site table to mark"
                + " its site's nodes here." : ""));
        out.open("div", "class", "toolbar");
        out.element("button", "Reset", "type", "button", "id", "reset-zoom");
        out.element("span", "", "id", "timeline-range", "class", "range", "aria-live", "polite");
        out.element("span", "", "id", "timeline-marked", "class", "range", "aria-live", "polite");
        out.close("div");
        out.open("div", "class", "timeline-box").open("canvas", "id", "timeline-canvas", "aria-label",
                "worker timelines; the node details appear below when a node is clicked").close("canvas").close("div");
        out.open("div", "id", "node-details", "class", "node-details", "aria-live", "polite")
                .element("p", "Click a node for its details.", "class", "hint").close("div").newline();
        out.data("timeline", data(in));
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
