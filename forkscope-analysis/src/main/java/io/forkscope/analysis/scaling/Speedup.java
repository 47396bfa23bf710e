package io.forkscope.analysis.scaling;

/**
 * A measured speedup T(1)/T(P) with its spread over the trials: the median uses the median times,
 * min and max divide the baseline's median time by the slowest and the fastest trial at P.
 */
public record Speedup(double median, double min, double max) {}
