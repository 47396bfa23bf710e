package io.forkscope.analysis.contexts;

/** The metrics of a context profile (SPEC §5); EFFORT = WORK + IDLENESS + OVERHEAD. All in ns. */
public enum Metric {
    WORK, IDLENESS, OVERHEAD, EFFORT
}
