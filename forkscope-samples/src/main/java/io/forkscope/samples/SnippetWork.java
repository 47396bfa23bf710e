package io.forkscope.samples;

/**
 * The "small function" f(i, j) of Cilkview's Fig. 4 snippets: {@link #ROUNDS} dependent
 * multiply-add steps, a few hundred nanoseconds, far below the cost of a steal.
 */
final class SnippetWork {
    /** Multiply-add steps per call of f; the abstract work unit of the snippets is one step. */
    static final int ROUNDS = 256;

    private SnippetWork() {}

    static long f(int i, int j) {
        long x = ((long) i << 32) ^ j;
        for (int r = 0; r < ROUNDS; r++) {
            x = x * 0x9E3779B97F4A7C15L + r;
        }
        return x ^ (x >>> 29);
    }

    /** The serial reference both snippets are checked against: the sum of f(i, j), i < 2, j < n. */
    static long expectedSum(int n) {
        long sum = 0;
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < n; j++) {
                sum += f(i, j);
            }
        }
        return sum;
    }
}
