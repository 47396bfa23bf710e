package io.forkscope.model;

import io.forkscope.model.dag.Dag;
import java.util.Locale;

/**
 * A DAG recorded with a budget (record --dag-max-nodes): when the budget was reached, the recorder
 * ended the DAG's window at W ({@link RecordingInfo#DAG_WINDOW_END_NS}) and wrote only nodes that
 * started before it. The reader analyses the window: it drops any node that started at or after W
 * and ends the frame at W. A node that started before W and ended after keeps its whole length, as
 * any node partly outside a frame does (the analyses clip it: measures.md §6).
 */
public final class DagWindow {
    private DagWindow() {}

    /**
     * The workers' busy intervals (16 bytes each in the file) a budget allows per node: a run whose
     * nodes collapse well still hands over a busy interval per task (0.7 GB for a 73 s stencil that
     * kept its first million nodes), so the recorder also ends the window when it has written this
     * many per budgeted node.
     */
    public static final long BUSY_INTERVALS_PER_NODE = 4;

    /** @return the same DAG with its frame ending at {@code windowEnd} (not before its begin) */
    public static Dag cut(Dag dag, long windowEnd) {
        long finish = Math.max(dag.begin(), Math.min(dag.finish(), windowEnd));
        return new Dag(dag.nodes(), dag.workers(), dag.begin(), finish, dag.busy());
    }

    /**
     * @return the part of the DAG inside [from, to): the nodes that started at or after {@code from} and
     *         ended by {@code to}, numbered anew in the same order, with their edges among themselves (an
     *         edge from a node outside is left out: the part starts ready), over the frame [from, to].
     *         (for a region: the strands that span its begin or end, a few microseconds, are left out)
     */
    public static Dag within(Dag dag, long from, long to) {
        java.util.List<io.forkscope.model.dag.DagNode> kept = new java.util.ArrayList<>();
        int[] newId = new int[dag.nodes().size()];
        java.util.Arrays.fill(newId, -1);
        for (io.forkscope.model.dag.DagNode n : dag.nodes()) {
            if (n.start() < from || n.end() > to) {
                continue;
            }
            java.util.List<io.forkscope.model.dag.Edge> in = new java.util.ArrayList<>();
            for (io.forkscope.model.dag.Edge e : n.in()) {
                if (newId[e.from()] >= 0) {
                    in.add(new io.forkscope.model.dag.Edge(newId[e.from()], e.kind()));
                }
            }
            newId[n.id()] = kept.size();
            kept.add(new io.forkscope.model.dag.DagNode(kept.size(), n.worker(), n.start(), n.end(), n.work(), n.span(),
                    n.ends(), in, n.strands(), n.creates(), n.waits(), n.taskEnds(), n.innerDelay(), n.site(),
                    n.sitePath(), n.notRunning(), n.recorderBefore(), n.recorderInside()));
        }
        long begin = Math.max(dag.begin(), from);
        return new Dag(kept, dag.workers(), begin, Math.max(begin, Math.min(dag.finish(), to)), dag.busy())
                .withSlots(dag.slots());
    }

    /** @return the warning that says what the file holds of the run's DAG and what covers the whole run */
    public static String describe(String name, RecordingInfo info, long runBeginNs, long runFinishNs) {
        long end = Math.max(runBeginNs, info.dagWindowEnd().orElse(runFinishNs));
        long whole = Math.max(end, runFinishNs) - runBeginNs;
        String budget = info.dagMaxNodes().isPresent()
                ? String.format(Locale.ROOT, "the recorder's budget of %,d nodes (or %,d busy intervals)",
                        info.dagMaxNodes().getAsLong(), BUSY_INTERVALS_PER_NODE * info.dagMaxNodes().getAsLong())
                : "the recorder's budget";
        String left = info.dagDroppedNodes().isPresent()
                ? String.format(Locale.ROOT, "; %,d later nodes were left out", info.dagDroppedNodes().getAsLong())
                : "";
        return String.format(Locale.ROOT, "%s: the DAG covers the run's first %s of %s (%.0f%%; %s was reached%s; record with"
                        + " --dag-max-nodes 0 for the whole run): the commands that read the DAG (delays, profile, export,"
                        + " compare, predict) analyse that"
                        + " window; summary's work, span and parallelism cover the whole run",
                name, seconds(end - runBeginNs), seconds(whole), whole == 0 ? 100.0 : 100.0 * (end - runBeginNs) / whole,
                budget, left);
    }

    private static String seconds(long ns) {
        if (ns >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
        }
        return ns >= 1_000_000 ? String.format(Locale.ROOT, "%.1f ms", ns / 1e6) : String.format(Locale.ROOT, "%,d ns", ns);
    }
}
