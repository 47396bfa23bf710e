package io.forkscope;

import io.forkscope.spi.RecorderBridge;
import io.forkscope.spi.RecorderHooks;

/**
 * What a program may tell forkscope. Every method is a cheap no-op when the program runs without
 * the forkscope agent, so the calls can stay in production code.
 *
 * <pre>{@code
 * try (Region r = Forkscope.region("sort")) {   // Cilkview's start/stop/label
 *     pool.invoke(new SortTask(a, 0, a.length));
 * }
 * Forkscope.work(n);                             // abstract work units, for --unit=abstract
 * }</pre>
 */
public final class Forkscope {
    private Forkscope() {}

    /**
     * Opens a region: a labelled section of the computation whose work, span and burdened span are
     * reported on their own. Regions may repeat (each run is reported) and may overlap. Close it on
     * the thread that opened it, best with try-with-resources.
     *
     * @param label the name the reports show; several regions may share it
     * @return the region, to be closed where the section ends
     */
    public static Region region(String label) {
        RecorderHooks hooks = RecorderBridge.hooks();
        if (hooks == null) {
            return Region.NONE;
        }
        return new Region(hooks, hooks.regionStart(label == null ? "null" : label));
    }

    /**
     * Declares that the calling strand just did {@code units} units of work. When the recording runs
     * with {@code --unit=abstract}, strand lengths are these units instead of measured time, which
     * makes work, span and parallelism exact and machine-independent.
     *
     * @param units a non-negative amount of work
     */
    public static void work(long units) {
        RecorderHooks hooks = RecorderBridge.hooks();
        if (hooks != null) {
            hooks.work(units);
        }
    }

    /**
     * Runs {@code body} as a region labelled {@code label} and returns what was measured in it: work,
     * span, burdened span, parallelism and, when the agent weaves call sites, the sites on the span.
     * For assertions of one's own ({@code assertThat(m.parallelism()).isGreaterThan(16)}). The body
     * must join every task it forks before it returns, as a region's must.
     *
     * <p>Without the agent, or with an agent that measures no spans ({@code mode=regions}), the body
     * still runs, and the result {@linkplain Measurement#isMeasured() is not measured}: it says why,
     * and reading a number from it throws. An exception from the body ends the region and passes on.
     *
     * @param label the region's name in the recording
     * @param body  the section to measure, run once on the calling thread
     * @return what was measured, or why nothing was
     */
    public static Measurement measure(String label, Runnable body) {
        RecorderHooks hooks = RecorderBridge.hooks();
        if (hooks == null) {
            body.run();
            return Measurement.notMeasured(NO_AGENT);
        }
        Object token = hooks.regionStart(label == null ? "null" : label);
        boolean ran = false;
        try {
            body.run();
            ran = true;
        } finally {
            if (!ran) {
                hooks.regionStop(token);
            }
        }
        if (token == null) {     // the recorder stopped after an internal error
            return Measurement.notMeasured("the forkscope recorder did not open the region (it stopped after an"
                    + " internal error, which the recording names)");
        }
        return hooks.regionStopMeasured(token);
    }

    /** {@link #measure(String, Runnable)} with the label "measure". */
    public static Measurement measure(Runnable body) {
        return measure("measure", body);
    }

    /** Why {@link #measure} measured nothing without an agent. */
    static final String NO_AGENT = "no forkscope agent is recording this JVM (start it with"
            + " -javaagent:forkscope.jar, e.g. in surefire's argLine)";

    /**
     * @return the unit the agent records strand lengths in, as its option {@code unit} names it
     *     ({@code time}, {@code abstract}, ...), or null when no agent is recording or it measures
     *     no strands
     */
    public static String unit() {
        RecorderHooks hooks = RecorderBridge.hooks();
        return hooks == null ? null : hooks.unit();
    }

    /** @return whether a forkscope agent is recording this JVM */
    public static boolean isRecording() {
        return RecorderBridge.hooks() != null;
    }
}
