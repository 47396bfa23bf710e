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
    /**
     * The whole run was timed, from the agent's start to the JVM's exit (the program closed no
     * region): set-up and shut-down included, while the bounds are those of the recording's
     * fork/join work. Not comparable, so not judged; the program should mark its parallel part with
     * {@code Forkscope.region}.
     */
    WHOLE_PROCESS,
    /** The run had fewer cores than workers (P exceeds the machine): the bounds assume P cores. */
    OVERSUBSCRIBED,
    /** No P = 1 runs of this section, so no speedup. */
    NO_BASELINE,
    /** The recording has no measures for this section. */
    NO_BOUNDS
}
