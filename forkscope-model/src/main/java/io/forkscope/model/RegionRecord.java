package io.forkscope.model;

/**
 * One closed region: a labelled section of the run (Cilkview's start/stop/label API).
 *
 * @param label    the label the program gave
 * @param thread   the name of the thread that opened and closed it
 * @param startNs  when it opened, nanoseconds after the recording started
 * @param measures its work, span and counts
 * @param unjoined tasks forked while it was open that had not finished when it closed
 */
public record RegionRecord(String label, String thread, long startNs, WorkSpan measures, long unjoined) {}
