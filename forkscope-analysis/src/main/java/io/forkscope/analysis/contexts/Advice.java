package io.forkscope.analysis.contexts;

/** Table 1 of the HPCToolkit paper (SPEC §5): what a context's idleness and overhead suggest. */
public enum Advice {
    /** Low idleness, low overhead: effectively parallel; tune the serial code. */
    EFFECTIVELY_PARALLEL("effectively parallel: tune the serial code"),
    /** Low idleness, high overhead: tasks too small for what they cost. */
    COARSEN_GRAIN("coarsen the grain: fewer, larger tasks"),
    /** High idleness, low overhead: not enough tasks to keep the workers busy. */
    REFINE_GRAIN("refine the grain: more, smaller tasks"),
    /** High idleness, high overhead: the parallelisation itself is the problem. */
    CHANGE_STRATEGY("change the parallelisation strategy");

    private final String text;

    Advice(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public static Advice of(boolean highIdleness, boolean highOverhead) {
        if (highIdleness) {
            return highOverhead ? CHANGE_STRATEGY : REFINE_GRAIN;
        }
        return highOverhead ? COARSEN_GRAIN : EFFECTIVELY_PARALLEL;
    }
}
