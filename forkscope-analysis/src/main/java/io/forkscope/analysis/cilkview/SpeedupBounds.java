package io.forkscope.analysis.cilkview;

import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * The speedup bounds of Cilkview §2–3 (measures.md §3) for one section.
 *
 * <p>Upper bound: min(P, T1/T∞), Inequalities (3) and (4). Estimated lower bound: Corollary 2,
 * T1 / (T1/P + 2δ·bT∞), with Cilkview's span coefficient δ = 0.85.
 *
 * <p>Note on the paper: its text (Corollary 2 and "TP ≤ T1/P + 1.7bT∞") gives the formula used
 * here, but the lower bounds printed in its Fig. 6 are those of T1 / (T1/P + 1.7·(1 − 1/P)·bT∞)
 * (to two decimals at every P shown). This class follows the text (measures.md §3); its bounds are
 * slightly below Fig. 6's.
 *
 * <p>Degenerate sections: with no work there is nothing to speed up and {@link #estimates} returns
 * no estimate at all. A span of 0 with work (impossible in a real DAG, where the span is at least
 * the longest strand) sets no Span-Law limit, so the upper bound is P; a burdened span of 0 makes
 * the lower bound P. The lower bound is clamped to the upper one, so a burdened span recorded
 * below the span cannot push it above. No result is NaN or infinite.
 */
public final class SpeedupBounds {
    /** δ: Cilkview §3 measured 0.8–1.0 in practice and uses 0.85. */
    public static final double SPAN_COEFFICIENT = 0.85;

    private SpeedupBounds() {}

    /** @return min(P, T1/T∞); P when the span is 0 */
    public static double upper(long work, long span, int p) {
        return span <= 0 ? p : Math.min(p, (double) work / span);
    }

    /** @return T1 / (T1/P + 2δ·bT∞), not clamped; P when both work and burdened span are 0 */
    public static double lower(long work, long burdenedSpan, int p) {
        double denominator = (double) work / p + 2 * SPAN_COEFFICIENT * burdenedSpan;
        return denominator <= 0 ? p : work / denominator;
    }

    /** @return both bounds on {@code p} processors, lower clamped to upper */
    public static SpeedupEstimate estimate(WorkSpan ws, int p) {
        double upper = upper(ws.work(), ws.span(), p);
        double lower = Math.min(lower(ws.work(), ws.burdenedSpan(), p), upper);
        return new SpeedupEstimate(p, lower, upper);
    }

    /** @return one estimate per processor count, in the given order; empty when there is no work */
    public static List<SpeedupEstimate> estimates(WorkSpan ws, List<Integer> processorCounts) {
        if (ws.work() <= 0) {
            return List.of();
        }
        List<SpeedupEstimate> out = new ArrayList<>(processorCounts.size());
        for (int p : processorCounts) {
            out.add(estimate(ws, p));
        }
        return List.copyOf(out);
    }
}
