package io.forkscope.analysis.calibration;

/**
 * The work-stealing microbenchmark's result (measures.md §6, Delay Spotter Fig. 4) and the burden derived
 * from it; see {@link StealLatencyAnalysis}.
 *
 * @param forks                measured forks
 * @param stolen               how many of them another worker stole (the latencies are of those)
 * @param childStartMedianNs   median create→child-start latency
 * @param childStartP90Ns      its 90th percentile
 * @param parentResumeMedianNs median create→parent-resume latency
 * @param parentResumeP90Ns    its 90th percentile
 * @param burdenNs             the burden to put on each create edge
 */
public record StealLatency(int forks, int stolen, long childStartMedianNs, long childStartP90Ns,
                           long parentResumeMedianNs, long parentResumeP90Ns, long burdenNs) {}
