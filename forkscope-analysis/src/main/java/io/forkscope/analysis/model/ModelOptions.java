package io.forkscope.analysis.model;

import java.util.List;

/**
 * How {@link PerformanceModel#fit} fits: the validation that chooses each component's α, the size the
 * bases see (n, or bⁿ with b given or fitted), and the bases of T1'(n).
 *
 * @param validation  the folds and score that choose α ({@link Validation})
 * @param exponential whether s = bⁿ
 * @param base        b when given; NaN: fitted ({@code baseFrom} says from what); ignored unless exponential
 * @param serialBases T1'(n)'s bases, canonical ({@link SerialBases#parse}); Eq. 11's by default, four of them
 *                    with b fitted
 * @param baseFrom    what b is fitted from when it is not given: {@link BaseFrom#SERIAL_WORK} (T1'(n)'s own
 *                    growth) or {@link BaseFrom#TASK_COUNTS} (create_task(n)'s); {@link BaseFrom#GIVEN} exactly
 *                    when {@code base} is a number or the scale is linear
 */
public record ModelOptions(Validation validation, boolean exponential, double base, List<String> serialBases,
                           BaseFrom baseFrom) {
    /** Where an exponential program's b comes from. */
    public enum BaseFrom {
        /** b is the user's (or the scale is linear). */
        GIVEN,
        /** b fitted from T1'(n): ln T1' against n ({@link ExponentialBase#ofSerialWork}). */
        SERIAL_WORK,
        /**
         * b fitted from create_task(n) ({@link ExponentialBase#ofTaskCounts}), and T1' fitted in the same b: for
         * a recursion cut off at a fixed size (fib below n 14), every leaf task does the same work, so the work
         * grows as the leaf count, which is deterministic, where the measured T1' carries the machine's noise.
         */
        TASK_COUNTS
    }

    public ModelOptions {
        serialBases = List.copyOf(serialBases);
        if (baseFrom == null || (baseFrom == BaseFrom.GIVEN) != (!exponential || !Double.isNaN(base))) {
            throw new IllegalArgumentException("b is " + baseFrom + " with exponential " + exponential + ", base " + base);
        }
        if (serialBases.isEmpty() || !SerialBases.readable(serialBases)) {
            throw new IllegalArgumentException("T1' bases " + serialBases + " cannot be read");
        }
        if (exponential && !Double.isNaN(base) && !(base > 1 && Double.isFinite(base))) {
            throw new IllegalArgumentException("an exponential base must be finite and above 1: " + base);
        }
    }

    /** s = n, Eq. 11's bases, the default validation. */
    public static ModelOptions linear() {
        return new ModelOptions(Validation.DEFAULT, false, Double.NaN, ModelBases.SERIAL_WORK, BaseFrom.GIVEN);
    }

    /** s = bⁿ with b fitted from T1'(n), and T1' in bases that grow no faster than s lg s ({@link ModelBases#SERIAL_WORK_FITTED_BASE}). */
    public static ModelOptions exponentialFitted() {
        return new ModelOptions(Validation.DEFAULT, true, Double.NaN, ModelBases.SERIAL_WORK_FITTED_BASE,
                BaseFrom.SERIAL_WORK);
    }

    /**
     * s = bⁿ with b fitted from the task counts create_task(n) (for T1' and the counts alike), and T1' in the
     * bases 1 and s ({@link ModelBases#SERIAL_WORK_COUNTS_BASE}): b is the growth of the leaf count, which the
     * work follows when the recursion's cut-off is a size (each leaf the same work), not a depth (nqueens:
     * deeper leaves, more work each, and the work grows faster than the count).
     */
    public static ModelOptions exponentialFromCounts() {
        return new ModelOptions(Validation.DEFAULT, true, Double.NaN, ModelBases.SERIAL_WORK_COUNTS_BASE,
                BaseFrom.TASK_COUNTS);
    }

    /** s = bⁿ with b given (2: the paper's). */
    public static ModelOptions exponential(double base) {
        return new ModelOptions(Validation.DEFAULT, true, base, ModelBases.SERIAL_WORK, BaseFrom.GIVEN);
    }

    public ModelOptions withValidation(Validation v) {
        return new ModelOptions(v, exponential, base, serialBases, baseFrom);
    }

    public ModelOptions withSerialBases(List<String> bases) {
        return new ModelOptions(validation, exponential, base, bases, baseFrom);
    }

    /** Whether b is to be fitted. */
    public boolean fitsBase() {
        return exponential && Double.isNaN(base);
    }
}
