package io.forkscope.report.plot;

import io.forkscope.analysis.cilkview.AnalysisOptions;
import io.forkscope.analysis.cilkview.SpeedupBounds;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.analysis.scaling.ScalingPoint;
import io.forkscope.analysis.scaling.SectionBounds;
import io.forkscope.report.predict.PredictCsv;
import java.util.ArrayList;
import java.util.List;

/**
 * What one chart of Cilkview's Fig. 2 shows, as numbers: for P = 1 … maxP the work-law line
 * (speedup P, slope 1), the span-law line (the parallelism T1/T∞), the upper bound (the smaller of
 * the two) and the burdened lower bound T1/(T1/P + 1.7·bT∞); and the measured speedups with their
 * spread; and the speedups T1/T_P that {@code forkscope predict} simulated, when given. Both the SVG
 * and the gnuplot output are drawn from these numbers.
 *
 * @param region      the section's label, "" for the whole run
 * @param maxP        the largest P on the x axis
 * @param parallelism T1/T∞, or NaN without bounds
 * @param bounds      one row per P = 1 … maxP; empty without bounds
 * @param measured    the measured points that have a speedup, ascending in P
 * @param predicted   the simulated rows of {@code forkscope predict --csv} with P ≤ maxP, in the CSV's
 *                    order (scenario "recorded", then "what-if"); empty without
 * @param yMax        the top of the y axis: room for the upper bound at maxP, every measured point
 *                    and every simulated speedup
 */
public record ScalingCurves(String region, int maxP, double parallelism, List<BoundsRow> bounds,
                            List<ScalingPoint> measured, List<PredictCsv.PredictedRow> predicted, double yMax) {
    public ScalingCurves {
        bounds = List.copyOf(bounds);
        measured = List.copyOf(measured);
        predicted = List.copyOf(predicted);
    }

    /** @return the simulated rows of one scenario ({@link PredictCsv#RECORDED}, {@link PredictCsv#WHAT_IF}) */
    public List<PredictCsv.PredictedRow> predicted(String scenario) {
        return predicted.stream().filter(r -> r.scenario().equals(scenario)).toList();
    }

    /** @return whether the two replays of collapsed nodes differ somewhere: then both are drawn */
    public boolean predictedModesDiffer() {
        return predicted.stream().anyMatch(r -> r.sequential() != r.malleable());
    }

    /** The x axis without measurements: as far as {@code summary} estimates speedups by default. */
    public static final int BOUNDS_ONLY_MAX_P = AnalysisOptions.DEFAULT_MAX_PROCESSORS;
    /** The x axis with measurements goes to this many times the largest measured P ... */
    public static final int MEASURED_AXIS_FACTOR = 4;
    /** ... and to at least this P. */
    public static final int SMALLEST_DEFAULT_MAX_P = 8;

    /**
     * The largest P on the x axis when none is asked for. With measurements, {@value #MEASURED_AXIS_FACTOR}
     * times the largest measured P, at least {@value #SMALLEST_DEFAULT_MAX_P}: the points fill the
     * left quarter, and the bounds show how far the section may scale beyond them, without the
     * points crowding into a corner of a 64-wide axis. Without, {@link #BOUNDS_ONLY_MAX_P}: the
     * bounds alone predict for machines of any size, and {@code summary}'s estimates go as far.
     *
     * @param largestMeasuredP the largest P benchmarked, 0 without measurements
     */
    public static int defaultMaxP(int largestMeasuredP) {
        if (largestMeasuredP <= 0) {
            return BOUNDS_ONLY_MAX_P;
        }
        return (int) Math.min(Integer.MAX_VALUE / 2,
                Math.max(SMALLEST_DEFAULT_MAX_P, (long) MEASURED_AXIS_FACTOR * largestMeasuredP));
    }

    /** The four lines at one P. */
    public record BoundsRow(int p, double workLaw, double spanLaw, double lower, double upper) {}

    /**
     * Above this largest P the x axis is logarithmic in base 2 (1, 2, 4, ... up to maxP): a sweep of
     * 1, 2 and 64 on a linear axis to 256 put both measured points in a corner under 26 tick labels.
     */
    public static final int LINEAR_AXIS_MAX_P = 16;

    /** @return whether P is drawn on a log-2 axis ({@link #LINEAR_AXIS_MAX_P}) */
    public boolean logAxis() {
        return maxP > LINEAR_AXIS_MAX_P;
    }

    /** @return the curves of {@code r} on P = 1 … maxP */
    public static ScalingCurves of(RegionScaling r, int maxP) {
        return of(r, maxP, List.of());
    }

    /** @return the curves of {@code r} on P = 1 … maxP, with the simulated speedups of these rows */
    public static ScalingCurves of(RegionScaling r, int maxP, List<PredictCsv.PredictedRow> predictedRows) {
        if (maxP < 2) {
            throw new IllegalArgumentException("the largest P must be at least 2, got " + maxP);
        }
        SectionBounds b = r.bounds();
        List<BoundsRow> rows = new ArrayList<>();
        double parallelism = Double.NaN;
        double top = 1;
        if (b != null) {
            parallelism = b.parallelism();
            long work = b.measures().work();
            for (int p = 1; p <= maxP; p++) {
                double upper = SpeedupBounds.upper(work, b.measures().span(), p);
                double lower = Math.min(SpeedupBounds.lower(work, b.measures().burdenedSpan(), p), upper);
                rows.add(new BoundsRow(p, p, parallelism, lower, upper));
            }
            top = Math.max(top, rows.get(rows.size() - 1).upper());
        }
        List<ScalingPoint> measured = r.points().stream().filter(p -> p.speedup() != null).toList();
        for (ScalingPoint p : measured) {
            top = Math.max(top, p.speedup().max());
        }
        if (b == null) {
            top = Math.max(top, measured.stream().mapToInt(ScalingPoint::p).max().orElse(1));
        }
        List<PredictCsv.PredictedRow> predicted = predictedRows.stream().filter(p -> p.p() <= maxP).toList();
        for (PredictCsv.PredictedRow p : predicted) {
            top = Math.max(top, Math.max(p.sequentialSpeedup(), p.malleableSpeedup()));
        }
        return new ScalingCurves(r.region(), maxP, parallelism, rows, measured, predicted, niceCeiling(top * 1.08));
    }

    /** @return the row at P, which must be within 1 … maxP and have bounds */
    public BoundsRow at(int p) {
        return bounds.get(p - 1);
    }

    /** @return the smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k that is at least {@code x} */
    static double niceCeiling(double x) {
        double scale = Math.pow(10, Math.floor(Math.log10(x)));
        for (double m : new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (m * scale >= x - 1e-9) {
                return m * scale;
            }
        }
        return 10 * scale;
    }
}
