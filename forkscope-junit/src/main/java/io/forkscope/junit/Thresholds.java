package io.forkscope.junit;

import java.math.BigDecimal;

/**
 * What one {@link Parallelism} asks for, checked for sense: thresholds finite and non-negative,
 * and at least one of them above 0 (an annotation that checks nothing is a mistake).
 */
record Thresholds(double atLeast, double burdenedAtLeast, Parallelism.Unit unit) {
    static Thresholds of(Parallelism p) {
        return new Thresholds(p.atLeast(), p.burdenedAtLeast(), p.unit());
    }

    /** @return what is wrong with these thresholds, or null when they make sense */
    String problem() {
        if (!(atLeast >= 0) || Double.isInfinite(atLeast) || !(burdenedAtLeast >= 0) || Double.isInfinite(burdenedAtLeast)) {
            return "@Parallelism needs finite, non-negative thresholds (atLeast = " + atLeast + ", burdenedAtLeast = "
                    + burdenedAtLeast + ")";
        }
        if (atLeast == 0 && burdenedAtLeast == 0) {
            return "@Parallelism checks nothing: give atLeast or burdenedAtLeast a value above 0";
        }
        if (unit == null) {
            return "@Parallelism needs a unit";
        }
        return null;
    }

    /** {@code 16}, {@code 1.5}: a threshold as it was written. */
    static String plain(double d) {
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
}
