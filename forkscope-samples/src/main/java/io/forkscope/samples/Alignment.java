package io.forkscope.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.RecursiveAction;

/**
 * <b>alignment</b> — all-pairs global alignment of protein-like sequences (BOTS alignment; Delay
 * Spotter §IV-B).
 *
 * <p>Every pair (i, j), i &lt; j, of n generated sequences (20-letter alphabet, lengths 100–400) is
 * scored with a global alignment with affine gap costs (Gotoh's dynamic programme, O(len_i·len_j)).
 *
 * <p>DAG: one loop in one parent task forks a leaf task per pair — n(n−1)/2 children that never
 * fork — then joins them <em>in the order they were forked</em> (FIFO, not LIFO: the oldest fork
 * is joined first). Children differ a lot in length (some short, some long), but there are so many
 * that parallelism is ample: about n²/2 divided by the spread of child sizes. Like SparseLU, only
 * the parent creates parallelism, so how fast thieves find the parent's deque matters.
 *
 * <p>n: number of sequences. cutoff: unused (BOTS has none either).
 */
final class Alignment extends KernelSample<Alignment.Input, int[]> {
    static final int GAP_OPEN = 10;
    static final int GAP_EXTEND = 2;
    private static final int NEG = -1_000_000_000;
    private static final int ALPHABET = 20;

    record Input(byte[][] sequences) {}

    Alignment() {
        super("alignment", "all-pairs affine-gap alignment, one task per pair forked from a loop (BOTS alignment)",
                "number of sequences", 100, "unused", 0);
    }

    /** Scores one pair; a leaf: it never forks. */
    static final class PairTask extends RecursiveAction {
        private final byte[][] seqs;
        private final int i;
        private final int j;
        private final int[] scores;

        PairTask(byte[][] seqs, int i, int j, int[] scores) {
            this.seqs = seqs;
            this.i = i;
            this.j = j;
            this.scores = scores;
        }

        @Override
        protected void compute() {
            scores[i * seqs.length + j] = align(seqs[i], seqs[j]);
        }
    }

    /** The parent: forks a task per pair in one loop, then joins them in forking order. */
    static final class AllPairs extends RecursiveAction {
        private final byte[][] seqs;
        private final int[] scores;
        private final boolean serial;

        AllPairs(byte[][] seqs, int[] scores, boolean serial) {
            this.seqs = seqs;
            this.scores = scores;
            this.serial = serial;
        }

        @Override
        protected void compute() {
            int n = seqs.length;
            List<PairTask> forked = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    PairTask pair = new PairTask(seqs, i, j, scores);
                    if (serial) {
                        pair.compute();
                    } else {
                        pair.fork();
                        forked.add(pair);
                    }
                }
            }
            for (PairTask pair : forked) { // oldest first: a non-LIFO join order
                pair.join();
            }
        }
    }

    /** Global alignment score with affine gaps, in linear space (Gotoh). */
    static int align(byte[] a, byte[] b) {
        int m = b.length;
        int[] h = new int[m + 1];
        int[] f = new int[m + 1]; // best score ending with a gap in b (vertical move)
        h[0] = 0;
        for (int j = 1; j <= m; j++) {
            h[j] = -(GAP_OPEN + (j - 1) * GAP_EXTEND);
            f[j] = NEG;
        }
        for (int i = 1; i <= a.length; i++) {
            int diag = h[0];
            h[0] = -(GAP_OPEN + (i - 1) * GAP_EXTEND);
            int e = NEG; // best score ending with a gap in a (horizontal move)
            byte ai = a[i - 1];
            for (int j = 1; j <= m; j++) {
                e = Math.max(e - GAP_EXTEND, h[j - 1] - GAP_OPEN);
                f[j] = Math.max(f[j] - GAP_EXTEND, h[j] - GAP_OPEN);
                int best = Math.max(diag + similarity(ai, b[j - 1]), Math.max(e, f[j]));
                diag = h[j];
                h[j] = best;
            }
        }
        return h[m];
    }

    /** A made-up substitution score: identical residues +5..+7, same class +1, else −2. */
    static int similarity(byte x, byte y) {
        if (x == y) {
            return 5 + x % 3;
        }
        return residueClass(x) == residueClass(y) ? 1 : -2;
    }

    private static int residueClass(byte x) {
        return x < 8 ? 0 : x < 15 ? 1 : 2;
    }

    /** The check's reference: the same recurrence over full matrices, written separately. */
    static int alignFullMatrix(byte[] a, byte[] b) {
        int la = a.length;
        int lb = b.length;
        int[][] h = new int[la + 1][lb + 1];
        int[][] e = new int[la + 1][lb + 1];
        int[][] f = new int[la + 1][lb + 1];
        for (int i = 0; i <= la; i++) {
            for (int j = 0; j <= lb; j++) {
                if (i == 0 && j == 0) {
                    h[0][0] = 0;
                    e[0][0] = NEG;
                    f[0][0] = NEG;
                } else if (i == 0) {
                    h[0][j] = -(GAP_OPEN + (j - 1) * GAP_EXTEND);
                    e[0][j] = h[0][j];
                    f[0][j] = NEG;
                } else if (j == 0) {
                    h[i][0] = -(GAP_OPEN + (i - 1) * GAP_EXTEND);
                    f[i][0] = h[i][0];
                    e[i][0] = NEG;
                } else {
                    e[i][j] = Math.max(e[i][j - 1] - GAP_EXTEND, h[i][j - 1] - GAP_OPEN);
                    f[i][j] = Math.max(f[i - 1][j] - GAP_EXTEND, h[i - 1][j] - GAP_OPEN);
                    h[i][j] = Math.max(h[i - 1][j - 1] + similarity(a[i - 1], b[j - 1]),
                            Math.max(e[i][j], f[i][j]));
                }
            }
        }
        return h[la][lb];
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 2, "n must be at least 2 (sequences)");
        require(n <= 4000, "n must be at most 4000");
        require(cutoff >= 0, "cutoff must not be negative");
    }

    @Override
    Input prepare(int n, int cutoff) {
        SplittableRandom rnd = new SplittableRandom(0xA119L);
        byte[][] seqs = new byte[n][];
        for (int i = 0; i < n; i++) {
            seqs[i] = new byte[rnd.nextInt(100, 401)];
            for (int k = 0; k < seqs[i].length; k++) {
                seqs[i][k] = (byte) rnd.nextInt(ALPHABET);
            }
        }
        return new Input(seqs);
    }

    @Override
    int[] kernel(Input in, Exec exec) {
        int n = in.sequences().length;
        int[] scores = new int[n * n];
        AllPairs root = new AllPairs(in.sequences(), scores, exec.serial());
        exec.run(root, root::compute);
        return scores;
    }

    @Override
    String check(Input in, int[] scores) {
        byte[][] seqs = in.sequences();
        int n = seqs.length;
        long pairs = (long) n * (n - 1) / 2;
        long stride = Math.max(1, pairs / 150); // re-score about 150 pairs
        long index = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++, index++) {
                if (index % stride == 0) {
                    int expected = alignFullMatrix(seqs[i], seqs[j]);
                    if (scores[i * n + j] != expected) {
                        return "score of pair (" + i + "," + j + ") expected " + expected + " got "
                                + scores[i * n + j];
                    }
                }
            }
        }
        return null;
    }

    @Override
    String summary(Input in, int[] scores) {
        long sum = 0;
        int n = in.sequences().length;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                sum += scores[i * n + j];
            }
        }
        return "pairs=" + (long) n * (n - 1) / 2 + " score_sum=" + sum;
    }
}
