package io.forkscope.report.model;

import java.util.List;

/**
 * The training grid of a fitted model: the distinct n and p it learnt from, how many runs and
 * trials, and which p ran on fewer cores than workers (oversubscribed: on a 2-core machine, p = 3).
 * predict measures its extrapolation against it.
 */
public record TrainingGrid(List<Double> ns, List<Integer> ps, int runs, int trials, List<Integer> oversubscribed) {
    public TrainingGrid {
        ns = List.copyOf(ns);
        ps = List.copyOf(ps);
        oversubscribed = List.copyOf(oversubscribed);
    }

    public double maxN() {
        return ns.isEmpty() ? 0 : ns.get(ns.size() - 1);
    }

    public double minN() {
        return ns.isEmpty() ? 0 : ns.get(0);
    }

    public int maxP() {
        return ps.isEmpty() ? 0 : ps.get(ps.size() - 1);
    }
}
