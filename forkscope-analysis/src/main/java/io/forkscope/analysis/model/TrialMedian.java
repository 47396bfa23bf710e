package io.forkscope.analysis.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trials of each (n, p) reduced to one training run whose every value is the median of the
 * trials' values (T1', T1, the counts, delay, no-work, elapsed, span; with an even number of trials
 * the mean of the middle two). A least-squares fit over every trial follows their mean, which one
 * disturbed trial (a cold JIT, a preemption) drags by a third of its excess with three trials; the
 * median of three moves only if two are disturbed. Each value is its own median, so the
 * reduced run's values need not come from one trial (Eq. 9's sum holds for each trial, within a
 * few percent for the medians); each component is fitted on its own values, so none is mixed with
 * another's outlier. Points keep the order of their first trial.
 *
 * <p>T1'(n) is a value of n, not of (n, p): every point of one n gets the median over that n's
 * 1-worker runs (their T1' is their own work), or, without a 1-worker run of n, over all its runs. A
 * run's T1' is its own trial's 1-worker work, so a point whose trials were refused but one would
 * otherwise carry that one trial's T1', cold or not, beside the p = 1 point's median of three.
 */
public final class TrialMedian {
    private TrialMedian() {
    }

    public static List<TrainingRun> of(List<TrainingRun> runs) {
        Map<String, List<TrainingRun>> points = new LinkedHashMap<>();
        for (TrainingRun r : runs) {
            points.computeIfAbsent(r.n() + "/" + r.p(), k -> new ArrayList<>()).add(r);
        }
        Map<Double, List<TrainingRun>> serialRuns = new LinkedHashMap<>();
        for (TrainingRun r : runs) {
            serialRuns.computeIfAbsent(r.n(), k -> new ArrayList<>()).add(r);
        }
        Map<Double, Double> serial = new LinkedHashMap<>();
        serialRuns.forEach((n, all) -> {
            List<TrainingRun> oneWorker = all.stream().filter(r -> r.p() == 1).toList();
            serial.put(n, median(oneWorker.isEmpty() ? all : oneWorker, TrainingRun::serialWork));
        });
        List<TrainingRun> out = new ArrayList<>();
        for (List<TrainingRun> trials : points.values()) {
            TrainingRun first = trials.get(0);
            out.add(new TrainingRun(first.n(), first.p(), serial.get(first.n()),
                    median(trials, TrainingRun::work), median(trials, TrainingRun::createTask),
                    median(trials, TrainingRun::waitTasks), median(trials, TrainingRun::delay),
                    median(trials, TrainingRun::noWork), median(trials, TrainingRun::elapsed),
                    median(trials, TrainingRun::span)));
        }
        return out;
    }

    static double median(List<TrainingRun> trials, java.util.function.ToDoubleFunction<TrainingRun> value) {
        double[] v = trials.stream().mapToDouble(value).toArray();
        Arrays.sort(v);
        int m = v.length;
        return m % 2 == 1 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
    }
}
