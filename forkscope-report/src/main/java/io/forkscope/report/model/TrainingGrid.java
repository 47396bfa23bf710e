package io.forkscope.report.model;

import java.util.List;

/**
 * The training grid of a fitted model: the distinct n and p it learnt from, how many runs and
 * trials, and which p ran on fewer cores than workers (oversubscribed: on a 2-core machine, p = 3).
 * predict measures its extrapolation against it. {@code net} and {@code trialsKept} say which
 * time it learnt ({@link TrainingSet}): model check measures the runs it checks the same way.
 *
 * @param runs       the runs kept by the screening (before trials were reduced to their median or fastest)
 * @param net        trained on the net time (without the recorder's hooks and off-CPU time) rather than
 *                   the elapsed time
 * @param trialsKept which trials of each (n, p) it learnt from
 */
public record TrainingGrid(List<Double> ns, List<Integer> ps, int runs, int trials, List<Integer> oversubscribed,
                           boolean net, TrialsKept trialsKept) {
    public TrainingGrid {
        ns = List.copyOf(ns);
        ps = List.copyOf(ps);
        oversubscribed = List.copyOf(oversubscribed);
    }

    /** Trained on every trial's elapsed time (the paper's). */
    public TrainingGrid(List<Double> ns, List<Integer> ps, int runs, int trials, List<Integer> oversubscribed) {
        this(ns, ps, runs, trials, oversubscribed, false, TrialsKept.ALL);
    }

    /** Trained on the fastest trial of each (n, p) only. */
    public boolean fastestTrial() {
        return trialsKept == TrialsKept.FASTEST;
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
