package io.forkscope.samples;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a run of a {@link Sample} produced.
 *
 * @param program the sample's name
 * @param config the configuration it ran with
 * @param correct whether every repetition's result passed the program's own check
 * @param summary a short result summary (checksum, count, …) or, when not correct, what was wrong
 * @param kernelNanos the kernel time of each repetition that ran, in nanoseconds
 */
public record Outcome(String program, RunConfig config, boolean correct, String summary,
                      List<Long> kernelNanos) {

    public Outcome {
        kernelNanos = List.copyOf(kernelNanos);
    }

    /** @return the kernel time of each repetition in milliseconds */
    public List<Double> kernelMillis() {
        return kernelNanos.stream().map(ns -> ns / 1e6).collect(Collectors.toList());
    }

    /**
     * The runner's one-line report, e.g.
     * {@code fib n=42 cutoff=18 workers=2 result=267914296 kernel_ms=812.3}; with several
     * repetitions the times are comma-separated; a wrong result reads {@code WRONG: …}.
     *
     * @return one line, without a line terminator
     */
    public String line() {
        String head = program + " n=" + config.n() + " cutoff=" + config.cutoff() + " " + config.mode();
        String times = kernelNanos.stream()
                .map(ns -> String.format(Locale.ROOT, "%.1f", ns / 1e6))
                .collect(Collectors.joining(","));
        if (!correct) {
            return head + " WRONG: " + summary;
        }
        return head + " " + summary + " kernel_ms=" + times;
    }
}
