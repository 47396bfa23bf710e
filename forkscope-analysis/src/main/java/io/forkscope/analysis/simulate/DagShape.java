package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;

/**
 * Work, span and depth of a DAG under given {@link Costs}, by one longest-path pass over the nodes in
 * id order (every predecessor has a smaller id) — the offline counterpart of the recorder's online
 * work and span (measures.md §2). With {@link Costs#recorded} its span is Delay Spotter's critical
 * path ({@code DagStats.criticalPath}).
 *
 * @param work       T1: the sum of the nodes' work
 * @param span       T∞: the longest path, each node counting its inner span (a collapsed node's
 *                   inner critical path, a strand's work)
 * @param replaySpan the longest path with each node counting its whole work: the span of the DAG a
 *                   collapsed node is one sequential piece of ({@link CollapsedReplay#SEQUENTIAL});
 *                   equal to {@code span} when nothing is collapsed; span ≤ replaySpan ≤ work
 * @param depth      the most nodes on one path (0 for an empty DAG)
 */
public record DagShape(long work, long span, long replaySpan, int depth) {

    public static DagShape of(Dag dag) {
        return of(dag, Costs.recorded(dag));
    }

    public static DagShape of(Dag dag, Costs costs) {
        costs.checkFits(dag);
        int n = dag.nodes().size();
        long[] longest = new long[n];
        long[] longestWhole = new long[n];
        int[] nodesOnPath = new int[n];
        long work = 0;
        long span = 0;
        long replaySpan = 0;
        int depth = 0;
        for (DagNode node : dag.nodes()) {
            int v = node.id();
            long before = 0;
            long beforeWhole = 0;
            int beforeNodes = 0;
            for (Edge e : node.in()) {
                before = Math.max(before, longest[e.from()]);
                beforeWhole = Math.max(beforeWhole, longestWhole[e.from()]);
                beforeNodes = Math.max(beforeNodes, nodesOnPath[e.from()]);
            }
            longest[v] = before + costs.span(v);
            longestWhole[v] = beforeWhole + costs.work(v);
            nodesOnPath[v] = beforeNodes + 1;
            work += costs.work(v);
            span = Math.max(span, longest[v]);
            replaySpan = Math.max(replaySpan, longestWhole[v]);
            depth = Math.max(depth, nodesOnPath[v]);
        }
        return new DagShape(work, span, replaySpan, depth);
    }

    /** @return T1/T∞; 0 when the span is 0 */
    public double parallelism() {
        return span == 0 ? 0 : (double) work / span;
    }
}
