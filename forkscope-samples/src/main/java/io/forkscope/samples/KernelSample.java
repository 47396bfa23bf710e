package io.forkscope.samples;

import io.forkscope.Forkscope;
import io.forkscope.Region;
import java.util.ArrayList;
import java.util.List;

/**
 * The skeleton every program of the suite fills in: {@link #prepare} builds the input (untimed),
 * {@link #kernel} is the measured parallel part, {@link #check} verifies the result (untimed).
 *
 * @param <I> the prepared input (it also carries whatever the check needs, e.g. a copy or a
 *     checksum of the original data)
 * @param <O> the kernel's result
 */
abstract class KernelSample<I, O> implements Sample {
    private final String name;
    private final String description;
    private final String sizeMeaning;
    private final int defaultN;
    private final String cutoffMeaning;
    private final int defaultCutoff;

    KernelSample(String name, String description, String sizeMeaning, int defaultN,
                 String cutoffMeaning, int defaultCutoff) {
        this.name = name;
        this.description = description;
        this.sizeMeaning = sizeMeaning;
        this.defaultN = defaultN;
        this.cutoffMeaning = cutoffMeaning;
        this.defaultCutoff = defaultCutoff;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final String sizeMeaning() {
        return sizeMeaning;
    }

    @Override
    public final int defaultN() {
        return defaultN;
    }

    @Override
    public final String cutoffMeaning() {
        return cutoffMeaning;
    }

    @Override
    public final int defaultCutoff() {
        return defaultCutoff;
    }

    /** Throws {@link IllegalArgumentException} for an n or cut-off this program cannot run. */
    void validate(int n, int cutoff) {
        require(n >= 1, "n must be at least 1");
        require(cutoff >= 0, "cutoff must not be negative");
    }

    /** Builds a fresh input of size n. Not timed, not inside the region. */
    abstract I prepare(int n, int cutoff);

    /** The measured part: fork/join in parallel mode, the serial elision otherwise. */
    abstract O kernel(I input, Exec exec);

    /** @return null when the result is right, else one line saying what is wrong */
    abstract String check(I input, O output);

    /** @return a short result summary, e.g. {@code "result=267914296"} */
    abstract String summary(I input, O output);

    @Override
    @SuppressWarnings("try") // the region is only opened and closed
    public final Outcome run(RunConfig config) {
        validate(config.n(), config.cutoff());
        List<Long> times = new ArrayList<>();
        String summary = "";
        try (Exec exec = Exec.open(config)) {
            for (int k = 0; k < config.warmup(); k++) {
                I input = prepare(config.n(), config.cutoff());   // outside any region: not measured
                String error = check(input, kernel(input, exec));
                if (error != null) {
                    return new Outcome(name, config, false, "warm-up run: " + error, times);
                }
            }
            for (int k = 0; k < config.repeat(); k++) {
                I input = prepare(config.n(), config.cutoff());
                long start = System.nanoTime();
                O output;
                try (Region region = Forkscope.region(name)) {
                    output = kernel(input, exec);
                }
                times.add(System.nanoTime() - start);
                String error = check(input, output);
                if (error != null) {
                    return new Outcome(name, config, false, error, times);
                }
                summary = summary(input, output);
            }
        }
        return new Outcome(name, config, true, summary, times);
    }

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    static boolean isPowerOfTwo(int x) {
        return x > 0 && (x & (x - 1)) == 0;
    }
}
