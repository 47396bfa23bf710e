package io.forkscope.samples;

/**
 * One runnable, self-checking fork/join program of the suite.
 *
 * <p>{@link #run(RunConfig)} prepares a fresh input, runs the parallel kernel (or its serial elision)
 * inside {@code Forkscope.region(name())}, then checks the result, once per repetition. Only the
 * kernel is timed and only the kernel is inside the region: input generation and verification are
 * outside both.
 *
 * <p>Obtain instances from {@link Samples}; run them from the command line with {@link SampleMain}.
 */
public interface Sample {

    /** @return the program's name, e.g. {@code "fib"} or {@code "stencil3d-inner"} */
    String name();

    /** @return one sentence: what the program computes and which paper it comes from */
    String description();

    /** @return what the problem size n means for this program, e.g. "matrix dimension" */
    String sizeMeaning();

    /** @return the default problem size (about 0.5–3 s for the serial elision on one core) */
    int defaultN();

    /** @return what the cut-off means for this program ("unused" when it has none) */
    String cutoffMeaning();

    /** @return the default cut-off */
    int defaultCutoff();

    /** @return the default configuration: default n and cut-off, parallel, all processors, one run */
    default RunConfig defaultConfig() {
        return RunConfig.defaults(this);
    }

    /**
     * Runs the program: per repetition, setup, then the kernel inside a region, then verification.
     *
     * @param config problem size, cut-off, serial or parallel, workers and repetitions
     * @return the outcome: correct or not, a short result summary and the kernel times
     * @throws IllegalArgumentException if n or the cut-off is out of this program's range (nothing
     *     has run then)
     */
    Outcome run(RunConfig config);
}
