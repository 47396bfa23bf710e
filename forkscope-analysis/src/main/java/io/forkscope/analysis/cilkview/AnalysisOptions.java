package io.forkscope.analysis.cilkview;

import java.util.ArrayList;
import java.util.List;

/**
 * What a scalability analysis needs beyond the recording.
 *
 * @param processors    the processor count of the machine the program is meant to run on; the
 *                      "not enough parallelism" diagnosis is relative to it
 * @param maxProcessors the largest P of the speedup estimate; estimates are made for the powers of
 *                      two 2, 4, 8, … up to and including it (at least 2)
 */
public record AnalysisOptions(int processors, int maxProcessors) {
    /** Cilkview's Fig. 6 goes to 32; one more doubling covers today's larger machines. */
    public static final int DEFAULT_MAX_PROCESSORS = 64;

    public AnalysisOptions {
        if (processors < 1) {
            throw new IllegalArgumentException("processors must be at least 1, got " + processors);
        }
        if (maxProcessors < 2) {
            throw new IllegalArgumentException("the largest processor count must be at least 2, got " + maxProcessors);
        }
    }

    /** @return this machine's processor count and P up to {@value #DEFAULT_MAX_PROCESSORS} */
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(Runtime.getRuntime().availableProcessors(), DEFAULT_MAX_PROCESSORS);
    }

    public AnalysisOptions withProcessors(int processors) {
        return new AnalysisOptions(processors, maxProcessors);
    }

    public AnalysisOptions withMaxProcessors(int maxProcessors) {
        return new AnalysisOptions(processors, maxProcessors);
    }

    /** @return 2, 4, 8, … up to {@link #maxProcessors()}, ascending */
    public List<Integer> processorCounts() {
        List<Integer> counts = new ArrayList<>();
        for (long p = 2; p <= maxProcessors; p *= 2) {
            counts.add((int) p);
        }
        return List.copyOf(counts);
    }
}
