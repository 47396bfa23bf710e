package io.forkscope.analysis.cilkview;

/**
 * Cilkview's speedup range on {@code p} processors (Fig. 6, "Speedup Estimate"): the estimated
 * lower bound and the upper bound, with {@code lower <= upper <= p}.
 *
 * @param p     processor count
 * @param lower estimated lower bound T1 / (T1/P + 1.7·bT∞), at most {@code upper}; may be below 1
 *              (a predicted slowdown, as in Cilkview Fig. 8)
 * @param upper min(P, T1/T∞): the Work Law and the Span Law
 */
public record SpeedupEstimate(int p, double lower, double upper) {}
