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

    /** @return whether a forkscope agent is recording this JVM */
    public static boolean isRecording() {
        return RecorderBridge.hooks() != null;
    }
}
