package io.forkscope.analysis.scaling;

import java.util.List;

/**
 * Something the comparison of measured and predicted speedups found about one section.
 *
 * @param kind   what was found
 * @param points the points it is about, ascending in P
 */
public record ScalingFinding(Kind kind, List<ScalingPoint> points) {
    public ScalingFinding {
        points = List.copyOf(points);
    }

    public enum Kind {
        /**
         * Measured speedup clearly below the burdened lower bound: the DAG has the parallelism and
         * the grain, so the cause lies outside the model (Cilkview §5: memory bandwidth, false
         * sharing, contention).
         */
        BELOW_LOWER_BOUND,
        /** Measured speedup clearly above the upper bound: superlinear (caches) or a skewed recording. */
        ABOVE_UPPER_BOUND,
        /** Runs with more workers than cores: not judged against the bounds. */
        MORE_WORKERS_THAN_CORES,
        /** The whole process was timed (no region), which the bounds do not describe: not judged. */
        WHOLE_PROCESS_TIMED,
        /**
         * The trials at these worker counts spread more than {@link ScalingAnalysis#NOISY_SPREAD}: their
         * median and speedup are unreliable (a busy machine, or a program whose runs vary).
         */
        NOISY_TRIALS
    }
}
