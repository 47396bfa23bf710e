package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.WorkerTimelines;

import java.util.List;
import java.util.Map;

/**
 * Work, idleness and overhead per logical context, from the timelines (exact totals per task context)
 * and the samples (where inside a task's frames those totals went). For a task context c with
 * WORKING time W_c, RUNTIME time R_c and exact idleness I_c (see {@link IdlenessSweep}), and the
 * samples S_c taken while a thread was WORKING(c):
 * <ul>
 * <li>work(x) += W_c × (program samples of S_c at x) / |S_c|;</li>
 * <li>overhead(x) += W_c × (runtime/tool samples of S_c at x) / |S_c|;</li>
 * <li>idleness(x) += I_c × (Σ n_idle/|W| of S_c's samples at x) / (Σ over S_c);</li>
 * <li>overhead(x) += R_c × (samples taken in RUNTIME(c) at x) / (all of them).</li>
 * </ul>
 * With no samples for c an amount stays at c itself. Ratios, not counts × period, carry the samples'
 * information: a sampler that visits only some threads per period (JFR on JDK 17: 5) still gives
 * unbiased shares, and totals stay exact: Σ work + Σ idleness + Σ overhead + no-work idleness = P × span.
 * The idle time while nobody works goes to a synthetic node {@link Frame#NO_WORK_ANYWHERE} under the
 * root (created only if that time is non-zero), so that views and their totals include it.
 */
public final class ContextAttribution {
    private ContextAttribution() {
    }

    /** The combined profile; adds the no-work node to {@code tree} when needed. */
    public static ContextProfile profile(ContextTree tree, WorkerTimelines timelines, List<Sample> samples, long periodNs) {
        TimelineAttribution exact = IdlenessSweep.attribute(timelines, tree.size());
        SampleAttribution sampled = SampleAttribution.attribute(timelines, samples, periodNs);
        return combine(tree, exact, sampled);
    }

    public static ContextProfile combine(ContextTree tree, TimelineAttribution exact, SampleAttribution sampled) {
        if (exact.idleWhileNobodyWorksNs() > 0) {
            tree.child(ContextTree.ROOT, Frame.NO_WORK_ANYWHERE);
        }
        int n = tree.size();
        double[] work = new double[n];
        double[] idleness = new double[n];
        double[] overhead = new double[n];
        for (int c = 0; c < exact.nodes(); c++) {
            Map<Integer, SampleAttribution.Cell> cells = sampled.byTask().getOrDefault(c, Map.of());
            double workingNs = exact.workingNs(c);
            double idleNs = exact.idlenessNs(c);
            double runtimeNs = exact.runtimeNs(c);
            long workingSamples = 0;
            long runtimeSamples = 0;
            double idleWeight = 0;
            for (SampleAttribution.Cell cell : cells.values()) {
                workingSamples += cell.workSamples + cell.overheadSamples;
                runtimeSamples += cell.runtimeSamples;
                idleWeight += cell.idlenessWeight;
            }
            if (workingSamples == 0) {
                work[c] += workingNs;
            }
            if (idleWeight == 0) {
                idleness[c] += idleNs;
            }
            if (runtimeSamples == 0) {
                overhead[c] += runtimeNs;
            }
            for (Map.Entry<Integer, SampleAttribution.Cell> e : cells.entrySet()) {
                int x = e.getKey();
                SampleAttribution.Cell cell = e.getValue();
                if (workingSamples > 0) {
                    work[x] += workingNs * cell.workSamples / workingSamples;
                    overhead[x] += workingNs * cell.overheadSamples / workingSamples;
                }
                if (idleWeight > 0) {
                    idleness[x] += idleNs * cell.idlenessWeight / idleWeight;
                }
                if (runtimeSamples > 0) {
                    overhead[x] += runtimeNs * cell.runtimeSamples / runtimeSamples;
                }
            }
        }
        if (exact.idleWhileNobodyWorksNs() > 0) {
            idleness[tree.find(ContextTree.ROOT, Frame.NO_WORK_ANYWHERE)] += exact.idleWhileNobodyWorksNs();
        }
        return new ContextProfile(tree, work, idleness, overhead);
    }
}
