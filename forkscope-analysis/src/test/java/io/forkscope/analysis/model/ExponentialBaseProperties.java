package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * The bound of {@link ExponentialBase}'s comment, on random exponentials with random multiplicative
 * noise: values c·bⁿ·u with every u within [e^−δ, e^δ], at distinct whole n, give a b̂ with
 * |ln(b̂ / b)| ≤ 2δ (the weighted slope is a convex combination of pairwise slopes, each within 2δ / |Δn|
 * of ln b). With δ = 0 that is b to rounding.
 */
class ExponentialBaseProperties {

    @Property(tries = 2000)
    void theFittedBaseIsWithinTwiceTheNoiseOfTheTrueOne(@ForAll long seed,
                                                        @ForAll @DoubleRange(min = 1.02, max = 8) double b,
                                                        @ForAll @IntRange(min = 2, max = 8) int sizes,
                                                        @ForAll @DoubleRange(min = 0, max = 0.5) double delta) {
        Random rnd = new Random(seed);
        int n0 = rnd.nextInt(40);
        double[] ns = new double[sizes];
        double[] t = new double[sizes];
        int n = n0;
        for (int i = 0; i < sizes; i++) {
            n += 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(3) : 0);        // mostly consecutive, sometimes gaps
            ns[i] = n;
            double u = Math.exp(delta * (2 * rnd.nextDouble() - 1));
            t[i] = 1e-3 * Math.pow(b, n) * u;
        }
        double fitted = ExponentialBase.fit(ns, t).orElse(Double.NaN);
        if (Double.isNaN(fitted)) {
            // only noise large enough to hide the growth can leave no b > 1: ln b ≤ 2δ
            assertThat(Math.log(b)).isLessThanOrEqualTo(2 * delta + 1e-12);
            return;
        }
        assertThat(Math.abs(Math.log(fitted / b))).as("b %s, fitted %s, delta %s", b, fitted, delta)
                .isLessThanOrEqualTo(2 * delta + 1e-9);
    }
}
