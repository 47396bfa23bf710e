package io.forkscope.analysis.model;

/**
 * The runs cannot be fitted as asked (an exponential base that the work does not tell, bases that
 * overflow at the trained n): a mistake in the input or the options, not in the model. The message
 * says why in one line, without naming the runs' file (the caller does).
 */
public final class UnfittableRuns extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnfittableRuns(String message) {
        super(message);
    }
}
