package io.forkscope.report.model;

import java.util.Arrays;

/**
 * Which of the trials of each (n, p) the model learns from ({@link TrainingSet}), after the screening:
 * <ul>
 *   <li>{@link #MEDIAN} (the default): one run per (n, p) whose every value is the median of its
 *       trials' ({@code analysis/model/TrialMedian}), so that one cold or disturbed trial out of three
 *       moves nothing; {@code model check} then checks every trial (the median of the errors over the
 *       trials is the error of the typical run, which is what this model predicts);</li>
 *   <li>{@link #FASTEST}: the trial with the shortest time (net or elapsed, as learnt): a disturbance
 *       only lengthens a run, so the fastest is the least disturbed; {@code model check} then keeps the
 *       fastest of its trials too;</li>
 *   <li>{@link #ALL}: every trial a training row (the paper's): a least-squares fit then follows the
 *       trials' mean, which one disturbed trial can double.</li>
 * </ul>
 */
public enum TrialsKept {
    ALL("all"), MEDIAN("median"), FASTEST("fastest");

    public static final TrialsKept DEFAULT = MEDIAN;

    private final String key;

    TrialsKept(String key) {
        this.key = key;
    }

    /** The name on the command line ({@code --trials}) and in the model file ({@code trials_kept}). */
    public String key() {
        return key;
    }

    /** @throws IllegalArgumentException for a name that is none of them */
    public static TrialsKept of(String key) {
        return Arrays.stream(values()).filter(t -> t.key.equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown trials '" + key + "' (one of all, median,"
                        + " fastest)"));
    }
}
