package io.forkscope.model;

/**
 * One closed region: a labelled section of the run (Cilkview's start/stop/label API).
 *
 * @param label     the label the program gave
 * @param thread    the name of the thread that opened and closed it
 * @param startNs   when it opened, nanoseconds after the recording started
 * @param measures  its work, span and counts
 * @param unjoined  tasks forked while it was open that had not finished when it closed
 * @param compileNs the JVM's JIT compilers' time while it was open (summed over compiler
 *                  threads, so it may exceed the region's elapsed time), or -1 where unknown
 *                  (recordings before format 1.7, a JVM without the counter)
 */
public record RegionRecord(String label, String thread, long startNs, WorkSpan measures, long unjoined,
                           long compileNs) {
    /** A region whose compilation time is unknown. */
    public RegionRecord(String label, String thread, long startNs, WorkSpan measures, long unjoined) {
        this(label, thread, startNs, measures, unjoined, -1);
    }

    /** @return the same region with another count of unjoined tasks */
    public RegionRecord withUnjoined(long count) {
        return new RegionRecord(label, thread, startNs, measures, count, compileNs);
    }

    /** @return how much of the region ran while code was being compiled */
    public Compilation compilation() {
        return new Compilation(compileNs, measures.elapsedNs());
    }
}
