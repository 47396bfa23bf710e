package io.forkscope.model;

/**
 * What {@code forkscope calibrate} measured on one machine and JDK, as kept in its cache file (see
 * {@link CalibrationFile}): the latencies of the work-stealing microbenchmark (measures.md §6, Delay
 * Spotter Fig. 4) and the burden derived from them.
 *
 * @param burdenNs             the burden a recording puts on each create edge, in nanoseconds
 * @param childStartMedianNs   median create→child-start latency of a stolen child
 * @param childStartP90Ns      90th percentile of the same
 * @param parentResumeMedianNs median create→parent-resume latency (the fork call itself)
 * @param parentResumeP90Ns    90th percentile of the same
 * @param forks                how many measured forks the benchmark made (after its warm-up)
 * @param stolen               how many of them the other worker stole (only those are measured)
 * @param javaVersion          {@code java.version} of the JDK measured
 * @param javaHome             {@code java.home} of the JDK measured
 * @param host                 the machine's host name
 * @param date                 when it was measured, ISO-8601 (UTC, seconds)
 */
public record Calibration(long burdenNs, long childStartMedianNs, long childStartP90Ns, long parentResumeMedianNs,
                          long parentResumeP90Ns, int forks, int stolen, String javaVersion, String javaHome,
                          String host, String date) {
    public Calibration {
        if (burdenNs < 0) {
            throw new IllegalArgumentException("burden must not be negative, got " + burdenNs);
        }
    }

    /** @return how a recording names this burden's origin: {@code calibrated (FILE, DATE)} */
    public String sourceDescription(java.nio.file.Path file) {
        return "calibrated (" + file + ", " + date + ")";
    }
}
