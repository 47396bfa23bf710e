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

    /** @return the same DAG with its frame ending at {@code windowEnd} (not before its begin) */
    public static Dag cut(Dag dag, long windowEnd) {
        long finish = Math.max(dag.begin(), Math.min(dag.finish(), windowEnd));
        return new Dag(dag.nodes(), dag.workers(), dag.begin(), finish, dag.busy());
    }

    /** @return the warning that says what the file holds of the run's DAG and what covers the whole run */
    public static String describe(String name, RecordingInfo info, long runBeginNs, long runFinishNs) {
        long end = Math.max(runBeginNs, info.dagWindowEnd().orElse(runFinishNs));
        long whole = Math.max(end, runFinishNs) - runBeginNs;
        String budget = info.dagMaxNodes().isPresent()
                ? String.format(Locale.ROOT, "the recorder's budget of %,d nodes", info.dagMaxNodes().getAsLong())
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
