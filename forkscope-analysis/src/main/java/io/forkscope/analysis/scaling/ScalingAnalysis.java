package io.forkscope.analysis.scaling;

import io.forkscope.analysis.cilkview.SpeedupEstimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cilkview's scalability benchmarking (§4, Fig. 2) as a comparison: for each section, the measured
 * speedups T(1)/T(P) over the trials of a sweep, next to the range its recording predicts
 * (upper min(P, T1/T∞), lower T1/(T1/P + 1.7·bT∞)), with a verdict per P and findings per section.
 *
 * <p>Verdicts (see {@link Verdict}), with tolerance τ = {@value #TOLERANCE}: INSIDE when the median
 * speedup is within [lower, upper]; BELOW when even the best trial is below lower·(1 − τ); ABOVE
 * when even the worst trial is above upper·(1 + τ); EDGE otherwise. P = 1 is the baseline; a P
 * larger than the cores its runs had is OVERSUBSCRIBED and not judged, since the bounds assume P
 * processors. The whole run ("") is WHOLE_PROCESS and not judged: a bench row of the whole run
 * exists only when the program closed no region, and then times the process from the agent's
 * start to its exit, set-up included, which the recording's fork/join bounds do not describe.
 *
 * <p>A point whose trials spread more than {@value #NOISY_SPREAD} of their median is flagged
 * (NOISY_TRIALS), with the machine's load during its trials, whatever its verdict.
 */
public final class ScalingAnalysis {
    /**
     * The trials' relative spread ((max − min) / median, {@link ScalingPoint#relativeSpread}) above which a
     * point is flagged as noisy ({@link ScalingPoint#noisy}, finding NOISY_TRIALS). 10%: twice the
     * verdicts' tolerance, so a point whose verdict could flip with one trial does not pass unremarked.
     */
    public static final double NOISY_SPREAD = 0.10;
    /** The relative margin that makes a speedup "clearly" outside its range. */
    public static final double TOLERANCE = 0.05;
    /** The worker count speedups are relative to. */
    public static final int BASELINE_P = 1;

    private ScalingAnalysis() {}

    /**
     * @param measurements the sweep's rows, in any order
     * @param bounds       per section label ("" = whole run), the recording's measures; may be empty
     * @return one {@link RegionScaling} per section, in the order of first appearance
     */
    public static ScalingReport analyze(List<Measurement> measurements, Map<String, SectionBounds> bounds) {
        Map<String, TreeMap<Integer, List<Measurement>>> bySection = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            bySection.computeIfAbsent(m.region(), k -> new TreeMap<>())
                    .computeIfAbsent(m.p(), k -> new ArrayList<>()).add(m);
        }
        List<RegionScaling> out = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Integer, List<Measurement>>> e : bySection.entrySet()) {
            out.add(section(e.getKey(), e.getValue(), bounds.get(e.getKey())));
        }
        return new ScalingReport(out, TOLERANCE);
    }

    private static RegionScaling section(String region, TreeMap<Integer, List<Measurement>> byP, SectionBounds b) {
        List<Measurement> base = byP.get(BASELINE_P);
        Double baseMedian = base == null ? null : Stats.median(times(base));
        List<ScalingPoint> points = new ArrayList<>();
        for (Map.Entry<Integer, List<Measurement>> e : byP.entrySet()) {
            points.add(point(region.isEmpty(), e.getKey(), e.getValue(), baseMedian, b));
        }
        return new RegionScaling(region, b, points, findings(points));
    }

    private static ScalingPoint point(boolean wholeRun, int p, List<Measurement> runs, Double baseMedian,
                                      SectionBounds b) {
        List<Measurement> ordered = new ArrayList<>(runs);
        ordered.sort((x, y) -> Integer.compare(x.trial(), y.trial()));
        List<Long> times = times(ordered);
        double median = Stats.median(times);
        long min = times.stream().mapToLong(Long::longValue).min().orElseThrow();
        long max = times.stream().mapToLong(Long::longValue).max().orElseThrow();
        int cpus = ordered.stream().mapToInt(Measurement::cpus).min().orElseThrow();
        boolean pinned = ordered.stream().allMatch(Measurement::pinned);
        Speedup speedup = baseMedian == null || median <= 0 || min <= 0 ? null
                : new Speedup(baseMedian / median, baseMedian / max, baseMedian / min);
        SpeedupEstimate range = b == null ? null : b.at(p);
        return new ScalingPoint(p, times, median, min, max, cpus, pinned, speedup, range,
                verdict(wholeRun, p, cpus, speedup, range), ordered.stream().map(Measurement::load).toList());
    }

    /**
     * The verdict of one point; see the class comment.
     *
     * @param wholeRun whether the point times the whole run (from the agent's start to the exit)
     */
    static Verdict verdict(boolean wholeRun, int p, int cpus, Speedup s, SpeedupEstimate range) {
        if (p == BASELINE_P) {
            return Verdict.BASELINE;
        }
        if (s == null) {
            return Verdict.NO_BASELINE;
        }
        if (range == null) {
            return Verdict.NO_BOUNDS;
        }
        if (wholeRun) {
            return Verdict.WHOLE_PROCESS;
        }
        if (p > cpus) {
            return Verdict.OVERSUBSCRIBED;
        }
        if (s.median() >= range.lower() && s.median() <= range.upper()) {
            return Verdict.INSIDE;
        }
        if (s.max() < range.lower() * (1 - TOLERANCE)) {
            return Verdict.BELOW;
        }
        if (s.min() > range.upper() * (1 + TOLERANCE)) {
            return Verdict.ABOVE;
        }
        return Verdict.EDGE;
    }

    private static List<ScalingFinding> findings(List<ScalingPoint> points) {
        List<ScalingFinding> out = new ArrayList<>();
        add(out, ScalingFinding.Kind.BELOW_LOWER_BOUND, points, Verdict.BELOW);
        add(out, ScalingFinding.Kind.ABOVE_UPPER_BOUND, points, Verdict.ABOVE);
        add(out, ScalingFinding.Kind.MORE_WORKERS_THAN_CORES, points, Verdict.OVERSUBSCRIBED);
        add(out, ScalingFinding.Kind.WHOLE_PROCESS_TIMED, points, Verdict.WHOLE_PROCESS);
        List<ScalingPoint> noisy = points.stream().filter(ScalingPoint::noisy).toList();
        if (!noisy.isEmpty()) {
            out.add(new ScalingFinding(ScalingFinding.Kind.NOISY_TRIALS, noisy));
        }
        return out;
    }

    private static void add(List<ScalingFinding> out, ScalingFinding.Kind kind, List<ScalingPoint> points, Verdict v) {
        List<ScalingPoint> hit = points.stream().filter(p -> p.verdict() == v).toList();
        if (!hit.isEmpty()) {
            out.add(new ScalingFinding(kind, hit));
        }
    }

    private static List<Long> times(List<Measurement> runs) {
        return runs.stream().map(Measurement::timeNs).toList();
    }
}
