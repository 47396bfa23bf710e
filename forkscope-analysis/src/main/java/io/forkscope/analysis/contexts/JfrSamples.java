package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.StackSample;

import java.util.List;
import java.util.Map;

/**
 * The samples read from a JFR file, with what it says about their quality: per thread, the number of
 * samples and the span between its first and last sample (so samples per second per thread), the
 * samples whose stack JFR truncated at its depth limit, the CPU-time samples JFR failed to walk, and
 * the samples JFR reported lost ({@code jdk.CPUTimeSamplesLost}: the CPU-time sampler only; the
 * execution sampler reports no losses).
 */
public record JfrSamples(String eventName, List<StackSample> samples, Map<Long, ThreadRate> perThread,
                         long truncated, long failed, long lost) {
    /** A thread's samples: count, first and last sample times (ns), its name. */
    public record ThreadRate(long threadId, String threadName, long count, long firstNs, long lastNs) {
        /** Samples per second between the first and the last sample (0 with fewer than 2). */
        public double perSecond() {
            return count < 2 || lastNs == firstNs ? 0 : (count - 1) * 1e9 / (lastNs - firstNs);
        }
    }

    public JfrSamples {
        samples = List.copyOf(samples);
        perThread = Map.copyOf(perThread);
    }
}
