package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.List;
import java.util.Map;

/**
 * TaskProf's what-if (issue 23, item 5): "if this site (or region) were k× faster, what would the
 * work, span, parallelism and T_P become?". Returns {@link Costs} in which every node whose {@link
 * DagNode#site()} is one of the chosen sites, or that ran inside a chosen region ({@link
 * RegionSpeedup}), has its work and inner span divided by that factor (rounded to the nearest ns);
 * the DAG itself is untouched. Feed the costs to {@link
 * DagShape#of(Dag, Costs)} and {@link WorkStealingSimulator#simulate(Dag, Costs, SimulationOptions)}.
 *
 * <p>Guarantees: a factor of 1 changes nothing; factors ≥ 1 never raise a node's work or span, so
 * work, span and replay span never grow (rounding is monotone, so span ≤ work is kept). T_P may,
 * however: greedy list schedules have Graham's anomalies (a shorter node can change which worker
 * takes what and end the whole run later); {@code WhatIfTest} shows one. On one worker T_P = T1 and
 * falls with it.
 *
 * <p>Approximation: a node is attributed to one site, the innermost site open when its first strand
 * ran; a collapsed node's inner strands may have run in other sites, and all of it is scaled or none.
 * Record with {@code --no-collapse} (and {@code --sites}) for a what-if that scales exactly the
 * site's strands.
 */
public final class WhatIf {
    private WhatIf() {}

    /**
     * @param factorBySite site id → k, the site's speedup (k > 0 and finite; k > 1 is faster)
     * @return the recorded costs with those sites' nodes k× faster
     */
    public static Costs faster(Dag dag, Map<Integer, Double> factorBySite) {
        return faster(dag, Costs.recorded(dag), factorBySite);
    }

    /**
     * @param speedups sites and regions, each with its k; a node covered by several takes the last one's
     *                 k (a later speedup of the same site or region wins; they do not multiply)
     * @return {@code base} with the nodes the speedups cover k× faster
     */
    public static Costs faster(Dag dag, Costs base, List<? extends Speedup> speedups) {
        base.checkFits(dag);
        int n = base.size();
        long[] work = new long[n];
        long[] span = new long[n];
        for (DagNode node : dag.nodes()) {
            int v = node.id();
            double k = 1;
            for (Speedup s : speedups) {
                if (s.covers(node)) {
                    k = s.factor();
                }
            }
            work[v] = k == 1 ? base.work(v) : Math.round(base.work(v) / k);
            span[v] = k == 1 ? base.span(v) : Math.round(base.span(v) / k);
        }
        return Costs.of(work, span);
    }

    /** @return {@code base} with the chosen sites' nodes k× faster */
    public static Costs faster(Dag dag, Costs base, Map<Integer, Double> factorBySite) {
        base.checkFits(dag);
        factorBySite.forEach((site, k) -> {
            if (!(k > 0) || Double.isInfinite(k)) {
                throw new IllegalArgumentException("site " + site + ": a speedup must be positive and finite, not " + k);
            }
        });
        int n = base.size();
        long[] work = new long[n];
        long[] span = new long[n];
        for (DagNode node : dag.nodes()) {
            int v = node.id();
            Double k = factorBySite.get(node.site());
            work[v] = k == null ? base.work(v) : Math.round(base.work(v) / k);
            span[v] = k == null ? base.span(v) : Math.round(base.span(v) / k);
        }
        return Costs.of(work, span);
    }
}
