package io.forkscope.model;

/**
 * The whole analysed computation: from the first fork/join event to the last one, on every thread
 * the recorder saw (Cilkview's "whole run is the section" when the program marks no region).
 *
 * @param measures  work, span, burdened span, counts and elapsed time
 * @param workers   the largest parallelism of the pools whose workers ran tasks
 * @param threads   how many distinct threads ran task code (workers and outside threads)
 * @param tasks     how many task executions the recorder saw
 * @param isFinal   true when written at the JVM's exit, false for a periodic snapshot
 */
public record WholeRun(WorkSpan measures, int workers, int threads, long tasks, boolean isFinal) {}
