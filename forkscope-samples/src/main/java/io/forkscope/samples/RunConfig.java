package io.forkscope.samples;

/**
 * How to run a {@link Sample}.
 *
 * @param n the problem size; its meaning is {@link Sample#sizeMeaning()}
 * @param cutoff the cut-off (grain, base-case size or depth); its meaning is {@link
 *     Sample#cutoffMeaning()}
 * @param serial run the serial elision: every fork replaced by a plain call, no pool at all
 * @param workers the parallelism of the {@code ForkJoinPool} (ignored when serial)
 * @param repeat how many times to run the kernel, each on freshly prepared input and in its own region
 * @param warmup how many times to run the kernel first, outside any region, so that the measured
 *     runs find the JIT's work done (its compilations otherwise take cores from the first run's
 *     strands: a cold run)
 */
public record RunConfig(int n, int cutoff, boolean serial, int workers, int repeat, int warmup) {

    /** Without warm-up runs. */
    public RunConfig(int n, int cutoff, boolean serial, int workers, int repeat) {
        this(n, cutoff, serial, workers, repeat, 0);
    }

    public RunConfig {
        if (warmup < 0) {
            throw new IllegalArgumentException("warmup must be at least 0, got " + warmup);
        }
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        if (repeat < 1) {
            throw new IllegalArgumentException("repeat must be at least 1, got " + repeat);
        }
    }

    /** @return the number of processors, the default worker count */
    public static int defaultWorkers() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** @return the sample's default n and cut-off, parallel on all processors, one repetition */
    public static RunConfig defaults(Sample sample) {
        return new RunConfig(sample.defaultN(), sample.defaultCutoff(), false, defaultWorkers(), 1);
    }

    public RunConfig withN(int newN) {
        return new RunConfig(newN, cutoff, serial, workers, repeat, warmup);
    }

    public RunConfig withCutoff(int newCutoff) {
        return new RunConfig(n, newCutoff, serial, workers, repeat, warmup);
    }

    public RunConfig withSerial(boolean newSerial) {
        return new RunConfig(n, cutoff, newSerial, workers, repeat, warmup);
    }

    public RunConfig withWorkers(int newWorkers) {
        return new RunConfig(n, cutoff, serial, newWorkers, repeat, warmup);
    }

    public RunConfig withRepeat(int newRepeat) {
        return new RunConfig(n, cutoff, serial, workers, newRepeat, warmup);
    }

    public RunConfig withWarmup(int newWarmup) {
        return new RunConfig(n, cutoff, serial, workers, repeat, newWarmup);
    }

    /** @return "serial" or "workers=P" */
    public String mode() {
        return serial ? "serial" : "workers=" + workers;
    }
}
