package io.forkscope.report.model;

import io.forkscope.analysis.model.TrainingRun;
import io.forkscope.analysis.model.TrialMedian;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The runs of a sweep's index that the model may learn from (issue 23 item 6: honest inputs), with
 * one line for each run refused and each point flagged:
 * <ul>
 *   <li>refused: a run whose not-running time is {@link #NOT_RUNNING_LIMIT} or more of P × elapsed
 *       (∫ slots dt): that much of its time was the machine's (other processes, oversubscribed
 *       cores, GC), which no equation of the model has a term for; {@code keepNoisy} keeps it,
 *       flagged. Also refused: a run without T1' (the sweep had no p = 1), as Eq. 10 needs it.</li>
 *   <li>flagged, kept: an (n, p) point whose trials' elapsed times spread (max − min) / median by
 *       more than {@link #SPREAD_LIMIT}: each trial is a training row, so the fit averages them,
 *       but the point is noisy.</li>
 * </ul>
 * Two choices of what time the model learns, for a machine other processes disturb:
 * <ul>
 *   <li>{@code net}: each run's net time ({@link IndexRow#netElapsed()}) and Delay Spotter's delay
 *       instead of its elapsed time and the delay that holds the recorder's and the machine's time:
 *       both of those grow with the load of the machine and the recorder's hooks, not with the
 *       program's n and p, and no term of Eq. 12 describes them;</li>
 *   <li>{@code trials} ({@link TrialsKept}): of each (n, p), the median of the trials' values (one run
 *       per point, {@link #runs()}; {@link #kept()} still lists every trial), or only the trial with the
 *       shortest time (net or elapsed, as learnt): a disturbance only ever lengthens a run, so the
 *       fastest of several trials is the least disturbed (benchmarking's minimum of trials), where a
 *       least-squares fit over all trials follows their mean, which one disturbed trial can double.
 *       T1'(n) is one value for all points of n: the fastest 1-worker trial's work, or the median of
 *       the 1-worker trials' ({@link #runs()}).</li>
 * </ul>
 */
public record TrainingSet(List<IndexRow> kept, List<String> refused, List<String> flagged, boolean net,
                          TrialsKept trials) {
    public static final double NOT_RUNNING_LIMIT = 0.10;
    public static final double SPREAD_LIMIT = 0.10;

    public TrainingSet {
        kept = List.copyOf(kept);
        refused = List.copyOf(refused);
        flagged = List.copyOf(flagged);
    }

    /** @param needSerial whether a run without T1' is refused (fitting) or kept (checking) */
    public static TrainingSet screen(List<IndexRow> rows, boolean keepNoisy, boolean needSerial) {
        return screen(rows, keepNoisy, needSerial, false, false);
    }

    /** With {@code fastestTrial}: {@link TrialsKept#FASTEST}, else every trial. */
    public static TrainingSet screen(List<IndexRow> rows, boolean keepNoisy, boolean needSerial, boolean net,
                                     boolean fastestTrial) {
        return screen(rows, keepNoisy, needSerial, net, fastestTrial ? TrialsKept.FASTEST : TrialsKept.ALL);
    }

    /**
     * @param needSerial whether a run without T1' is refused (fitting) or kept (checking)
     * @param net        learn (or check) the net time
     * @param trials     which trials of each (n, p) to learn from, after the screening and flags
     */
    public static TrainingSet screen(List<IndexRow> rows, boolean keepNoisy, boolean needSerial, boolean net,
                                     TrialsKept trials) {
        List<IndexRow> kept = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        List<String> flagged = new ArrayList<>();
        for (IndexRow r : rows) {
            String what = r.file() + " (n " + r.n() + ", p " + r.p() + ", trial " + r.trial() + ")";
            String share = String.format(Locale.ROOT, "%.1f%%", 100 * r.notRunningShare());
            boolean noisy = r.notRunningShare() >= NOT_RUNNING_LIMIT;
            String over = r.pinned() ? "" : "; it ran unpinned on " + r.cpus() + " core(s)"
                    + (r.p() > r.cpus() ? ", oversubscribed" : "");
            if (needSerial && r.serialWork().isEmpty()) {
                refused.add("refused " + what + ": no T1' (the sweep had no p = 1 run of this n and trial)");
            } else if (noisy && !keepNoisy) {
                refused.add("refused " + what + ": not running " + share + " of P x elapsed (the limit is 10%: the"
                        + " machine's time, not the program's" + over + "); --keep-noisy keeps it");
            } else {
                if (noisy) {
                    flagged.add("noisy " + what + ": not running " + share + " of P x elapsed (10% or more)" + over
                            + "; kept");
                }
                kept.add(r);
            }
        }
        Map<String, List<IndexRow>> points = new LinkedHashMap<>();
        for (IndexRow r : kept) {
            points.computeIfAbsent(r.n() + "/" + r.p(), k -> new ArrayList<>()).add(r);
        }
        for (List<IndexRow> point : points.values()) {
            double spread = spread(point);
            if (point.size() > 1 && spread > SPREAD_LIMIT) {
                flagged.add(String.format(Locale.ROOT, "noisy n %d, p %d: its %d trials' elapsed times spread %.1f%%"
                        + " (max - min over median; the limit is 10%%); kept", point.get(0).n(), point.get(0).p(),
                        point.size(), 100 * spread));
            }
        }
        if (trials == TrialsKept.FASTEST) {
            List<IndexRow> fastest = new ArrayList<>();
            for (List<IndexRow> point : points.values()) {
                IndexRow best = point.get(0);
                for (IndexRow r : point) {
                    if (time(r, net) < time(best, net)) {
                        best = r;
                    }
                }
                fastest.add(best);
            }
            kept = fastest;
        }
        return new TrainingSet(kept, refused, flagged, net, trials);
    }

    private static long time(IndexRow r, boolean net) {
        return net ? r.netElapsed() : r.elapsed();
    }

    /** (max − min) / median of the trials' elapsed times; 0 for one trial. */
    static double spread(List<IndexRow> point) {
        double[] e = point.stream().mapToDouble(IndexRow::elapsed).sorted().toArray();
        int m = e.length;
        double median = m % 2 == 1 ? e[m / 2] : (e[m / 2 - 1] + e[m / 2]) / 2;
        return median == 0 ? 0 : (e[m - 1] - e[0]) / median;
    }

    /**
     * The runs to learn from: one per kept row, or for {@link TrialsKept#MEDIAN} one per (n, p). With
     * {@link TrialsKept#FASTEST}, every point of one n takes T1' from that n's fastest 1-worker trial
     * (its own work), as the median takes the median: a p = 2 point's fastest trial otherwise carries
     * its own trial's T1', which may be the cold one (run 3's fib: n 32, p 2 kept only trial 1, whose
     * 1-worker run took 14.5 ms against 6.5 and 6.7).
     */
    public List<TrainingRun> runs() {
        List<TrainingRun> runs = kept.stream().map(r -> r.trainingRun(net)).toList();
        if (trials == TrialsKept.MEDIAN) {
            return TrialMedian.of(runs);
        }
        if (trials == TrialsKept.FASTEST) {
            Map<Double, Double> serial = new LinkedHashMap<>();
            runs.stream().filter(r -> r.p() == 1).forEach(r -> serial.putIfAbsent(r.n(), r.serialWork()));
            return runs.stream().map(r -> !serial.containsKey(r.n()) ? r : new TrainingRun(r.n(), r.p(),
                    serial.get(r.n()), r.work(), r.createTask(), r.waitTasks(), r.delay(), r.noWork(), r.elapsed(),
                    r.span())).toList();
        }
        return runs;
    }

    /** The grid of the kept runs. */
    public TrainingGrid grid() {
        TreeSet<Double> ns = new TreeSet<>();
        TreeSet<Integer> ps = new TreeSet<>();
        TreeSet<Integer> trialNumbers = new TreeSet<>();
        for (IndexRow r : kept) {
            ns.add((double) r.n());
            ps.add(r.p());
            trialNumbers.add(r.trial());
        }
        List<Integer> oversubscribed = kept.stream().filter(r -> r.p() > r.cpus()).map(IndexRow::p).distinct()
                .sorted().toList();
        return new TrainingGrid(new ArrayList<>(ns), new ArrayList<>(ps), kept.size(), trialNumbers.size(),
                oversubscribed, net, trials);
    }
}
