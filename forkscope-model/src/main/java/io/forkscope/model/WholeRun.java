package io.forkscope.model;

/**
 * The whole analysed computation: from the first fork/join event to the last one, on every thread
 * the recorder saw (Cilkview's "whole run is the section" when the program marks no region).
 *
 * @param measures        work, span, burdened span, counts and elapsed time
 * @param workers         the largest parallelism of the pools whose workers ran tasks
 * @param threads         how many distinct threads ran task code (workers and outside threads)
 * @param tasks           how many task executions the recorder saw
 * @param isFinal         true when written at the JVM's exit, false for a periodic snapshot
 * @param compileNs       the JVM's JIT compilers' time from the run's first event (fork/join or
 *                        region) to this block, summed over compiler threads, or -1 where unknown
 *                        (before format 1.7, no event yet, a JVM without the counter)
 * @param compileWindowNs the wall-clock time from the run's first event to this block, over which
 *                        {@code compileNs} was read (at least the run's elapsed time, which ends at
 *                        the last event), or -1 where unknown
 */
public record WholeRun(WorkSpan measures, int workers, int threads, long tasks, boolean isFinal,
                       long compileNs, long compileWindowNs) {
    /** A whole run whose compilation time is unknown. */
    public WholeRun(WorkSpan measures, int workers, int threads, long tasks, boolean isFinal) {
        this(measures, workers, threads, tasks, isFinal, -1, -1);
    }

    /** @return how much of the run its code was being compiled */
    public Compilation compilation() {
        return new Compilation(compileNs, compileWindowNs);
    }
}
