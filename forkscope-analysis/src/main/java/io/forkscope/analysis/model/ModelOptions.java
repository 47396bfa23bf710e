package io.forkscope.analysis.model;

import java.util.List;

/**
 * How {@link PerformanceModel#fit} fits: the validation that chooses each component's α, the size the
 * bases see (n, or bⁿ with b given or fitted), and the bases of T1'(n).
 *
 * @param validation  the folds and score that choose α ({@link Validation})
 * @param exponential whether s = bⁿ
 * @param base        b when given; NaN: fitted from T1'(n) ({@link ExponentialBase}); ignored unless exponential
 * @param serialBases T1'(n)'s bases, canonical ({@link SerialBases#parse}); Eq. 11's by default, four of them
 *                    with b fitted
 */
public record ModelOptions(Validation validation, boolean exponential, double base, List<String> serialBases) {
    public ModelOptions {
        serialBases = List.copyOf(serialBases);
        if (serialBases.isEmpty() || !SerialBases.readable(serialBases)) {
            throw new IllegalArgumentException("T1' bases " + serialBases + " cannot be read");
        }
        if (exponential && !Double.isNaN(base) && !(base > 1 && Double.isFinite(base))) {
            throw new IllegalArgumentException("an exponential base must be finite and above 1: " + base);
        }
    }

    /** s = n, Eq. 11's bases, the default validation. */
    public static ModelOptions linear() {
        return new ModelOptions(Validation.DEFAULT, false, Double.NaN, ModelBases.SERIAL_WORK);
    }

    /** s = bⁿ with b fitted from T1'(n), and T1' in bases that grow no faster than s lg s ({@link ModelBases#SERIAL_WORK_FITTED_BASE}). */
    public static ModelOptions exponentialFitted() {
        return new ModelOptions(Validation.DEFAULT, true, Double.NaN, ModelBases.SERIAL_WORK_FITTED_BASE);
    }

    /** s = bⁿ with b given (2: the paper's). */
    public static ModelOptions exponential(double base) {
        return new ModelOptions(Validation.DEFAULT, true, base, ModelBases.SERIAL_WORK);
    }

    public ModelOptions withValidation(Validation v) {
        return new ModelOptions(v, exponential, base, serialBases);
    }

    public ModelOptions withSerialBases(List<String> bases) {
        return new ModelOptions(validation, exponential, base, bases);
    }

    /** Whether b is to be fitted. */
    public boolean fitsBase() {
        return exponential && Double.isNaN(base);
    }
}
