package io.forkscope.analysis.contexts;

import java.math.BigInteger;

/**
 * Idle time shared among working threads is a sum of terms len × n_idle / |W| with |W| in 1..P,
 * so every such sum is an integer multiple of 1 / L with L = lcm(1, ..., P). This class fixes L
 * for P threads and keeps amounts as integers scaled by L: sums are exact and two computations of
 * the same amount compare equal. L grows like e^P (about 92 bits for P = 64), hence BigInteger.
 */
public final class ExactIdleness {
    private final int threads;
    private final BigInteger scale;
    private final BigInteger[] scaleOver; // scaleOver[d] = L / d, d in 1..P

    public ExactIdleness(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads " + threads);
        }
        this.threads = threads;
        BigInteger l = BigInteger.ONE;
        for (int d = 2; d <= threads; d++) {
            BigInteger bd = BigInteger.valueOf(d);
            l = l.divide(l.gcd(bd)).multiply(bd);
        }
        this.scale = l;
        this.scaleOver = new BigInteger[threads + 1];
        for (int d = 1; d <= threads; d++) {
            scaleOver[d] = l.divide(BigInteger.valueOf(d));
        }
    }

    public int threads() {
        return threads;
    }

    /** L = lcm(1..P). */
    public BigInteger scale() {
        return scale;
    }

    /** {@code nanos × idle / working}, scaled by L (exact). */
    public BigInteger share(long nanos, int idle, int working) {
        return BigInteger.valueOf(Math.multiplyExact(nanos, (long) idle)).multiply(scaleOver[working]);
    }

    /** A whole number of nanoseconds, scaled by L. */
    public BigInteger whole(long nanos) {
        return BigInteger.valueOf(nanos).multiply(scale);
    }

    /** A scaled amount in nanoseconds (rounded to the nearest double). */
    public double toNanos(BigInteger scaled) {
        return new java.math.BigDecimal(scaled).divide(new java.math.BigDecimal(scale), java.math.MathContext.DECIMAL64).doubleValue();
    }
}
