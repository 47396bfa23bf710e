package io.forkscope.model.util;

/**
 * A least-significant-digit radix sort of non-negative longs on a range of their bits, for the
 * packed pairs of {@link LongIntPairs}: a profile's 12 M events (a 2.5 M-node DAG) have 31 bits of
 * time above their codes, which three passes of 11 bits sort where the JDK's parallel sort (two
 * threads here) took some four times as long.
 *
 * <p>Only bits [{@code fromBit}, {@code toBit}) decide the order; each pass is stable, so longs equal
 * on those bits keep their input order, and bits below {@code fromBit} are carried, not sorted. It
 * needs a second array as long as the input (the JDK's parallel sort needs one too).
 */
public final class LongRadixSort {
    /** From this many elements a radix sort beats a comparison sort (below, its tables and passes cost more). */
    public static final int WORTH_FROM = 1 << 16;
    private static final int DIGIT_BITS = 11;
    private static final int RADIX = 1 << DIGIT_BITS;

    private LongRadixSort() {}

    /**
     * Sorts {@code a} by bits [fromBit, toBit) of each element, stably.
     *
     * @throws IllegalArgumentException if an element is negative or the bit range is not within [0, 63]
     */
    public static void sort(long[] a, int fromBit, int toBit) {
        sort(a, a.length, fromBit, toBit);
    }

    /**
     * Sorts {@code a[0, length)} by bits [fromBit, toBit) of each element, stably; the rest of {@code a}
     * is left as it is (a list filled to less than its capacity). The second array is {@code length} long.
     *
     * @throws IllegalArgumentException if an element is negative or the bit range is not within [0, 63]
     */
    public static void sort(long[] a, int length, int fromBit, int toBit) {
        if (fromBit < 0 || toBit > 63 || fromBit > toBit) {
            throw new IllegalArgumentException("bits [" + fromBit + ", " + toBit + ")");
        }
        if (length < 0 || length > a.length) {
            throw new IllegalArgumentException("length " + length + " of an array of " + a.length);
        }
        int passes = (toBit - fromBit + DIGIT_BITS - 1) / DIGIT_BITS;
        if (length < 2 || passes == 0) {
            return;
        }
        int[][] counts = new int[passes][RADIX];
        int[] masks = new int[passes];     // the last digit may be narrower: bits at or above toBit never count
        for (int p = 0; p < passes; p++) {
            masks[p] = (1 << Math.min(DIGIT_BITS, toBit - fromBit - p * DIGIT_BITS)) - 1;
        }
        for (int i = 0; i < length; i++) {
            long x = a[i];
            if (x < 0) {
                throw new IllegalArgumentException("a negative element: " + x);
            }
            for (int p = 0; p < passes; p++) {
                counts[p][(int) (x >>> (fromBit + p * DIGIT_BITS)) & masks[p]]++;
            }
        }
        long[] from = a;
        long[] to = new long[length];
        for (int p = 0; p < passes; p++) {
            int[] start = counts[p];
            int shift = fromBit + p * DIGIT_BITS;
            int mask = masks[p];
            if (start[(int) (a[0] >>> shift) & mask] == length) {
                continue;               // every element has the same digit here: the pass would change nothing
            }
            int sum = 0;                // counts into starting positions
            for (int d = 0; d < RADIX; d++) {
                int c = start[d];
                start[d] = sum;
                sum += c;
            }
            for (int i = 0; i < length; i++) {
                long x = from[i];
                to[start[(int) (x >>> shift) & mask]++] = x;
            }
            long[] t = from;
            from = to;
            to = t;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, length);
        }
    }
}
