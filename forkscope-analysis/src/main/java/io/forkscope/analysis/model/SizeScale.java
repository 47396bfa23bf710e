package io.forkscope.analysis.model;

/**
 * The size s that the performance model's bases see (measures.md §7): the program's n itself, or
 * for an exponential program s = bⁿ (the paper's fib and nqueens, fitted with b = 2). With s = bⁿ
 * the bases s, s², s³ grow per step of n by b, b², b³, and lg s = n·lg b. b is either given or
 * fitted from the data ({@link ExponentialBase}); 2 is the paper's.
 *
 * @param exponential whether s = bⁿ
 * @param base        b &gt; 1 for an exponential scale; NaN for a linear one
 */
public record SizeScale(boolean exponential, double base) {
    /** s = n. */
    public static final SizeScale LINEAR = new SizeScale(false, Double.NaN);
    /** The paper's exponential programs' s = 2ⁿ. */
    public static final double PAPER_BASE = 2;

    public SizeScale {
        if (exponential && !(base > 1 && Double.isFinite(base))) {
            throw new IllegalArgumentException("an exponential base must be finite and above 1: " + base);
        }
        if (!exponential) {
            base = Double.NaN;
        }
    }

    public static SizeScale exponential(double base) {
        return new SizeScale(true, base);
    }

    /** n, or bⁿ (for b = 2 exactly what {@link ModelBases#size} gave before b could be chosen). */
    public double size(double n) {
        return exponential ? Math.pow(base, n) : n;
    }
}
