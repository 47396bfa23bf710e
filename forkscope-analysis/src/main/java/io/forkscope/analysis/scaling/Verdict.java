package io.forkscope.analysis.scaling;

/** How a measured speedup compares with the range its recording predicts. */
public enum Verdict {
    /** The P the speedups are relative to (P = 1): speedup 1 by definition, not judged. */
    BASELINE,
    /** The median speedup lies within [lower, upper]. */
    INSIDE,
    /** Outside the range, but by less than the tolerance once the trials' spread is counted. */
    EDGE,
    /** Clearly below: even the best trial is below the lower bound by more than the tolerance. */
    BELOW,
    /** Clearly above: even the worst trial is above the upper bound by more than the tolerance. */
    ABOVE,
    /** The run had fewer cores than workers (P exceeds the machine): the bounds assume P cores. */
    OVERSUBSCRIBED,
    /** No P = 1 runs of this section, so no speedup. */
    NO_BASELINE,
    /** The recording has no measures for this section. */
    NO_BOUNDS
}
