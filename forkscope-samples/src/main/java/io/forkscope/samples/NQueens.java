package io.forkscope.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * <b>nqueens</b> — count the placements of n non-attacking queens by backtracking (BOTS nqueens,
 * Cilk-5 nqueens).
 *
 * <p>DAG: a task for row r (r &lt; cutoff) tries every column, and for each safe one creates a child
 * task with its own copy of the board; it runs them all with {@code invokeAll(collection)} (forks
 * all but the first, runs the first, joins the rest) and sums their counts. From row cutoff on, a
 * plain recursive backtracking search runs in place. The tree is irregular (dead ends prune
 * early), with about n·(n−2)·… tasks near the top; parallelism is high and limited mostly by the
 * size variation among the subtrees.
 *
 * <p>n: board size (1..18, the solution counts are known). cutoff: rows placed by tasks; deeper
 * rows are searched serially.
 */
final class NQueens extends KernelSample<Integer, Long> {
    /** Number of solutions for n = 0..18 (OEIS A000170). */
    static final long[] SOLUTIONS = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
        2279184, 14772512, 95815104, 666090624L};

    NQueens() {
        super("nqueens", "count n-queens placements by backtracking, a task per placement (BOTS nqueens)",
                "board size", 13, "rows placed by tasks; deeper rows are searched serially", 4);
    }

    static final class Place extends RecursiveTask<Long> {
        private final int[] cols; // cols[r] = column of the queen in row r, for r < row
        private final int row;
        private final int cutoff;
        private final boolean serial;

        Place(int[] cols, int row, int cutoff, boolean serial) {
            this.cols = cols;
            this.row = row;
            this.cutoff = cutoff;
            this.serial = serial;
        }

        @Override
        protected Long compute() {
            int n = cols.length;
            if (row == n) {
                return 1L;
            }
            if (row >= cutoff) {
                return backtrack(cols, row);
            }
            List<Place> children = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                if (safe(cols, row, c)) {
                    int[] board = cols.clone();
                    board[row] = c;
                    children.add(new Place(board, row + 1, cutoff, serial));
                }
            }
            long count = 0;
            if (serial) {
                for (Place child : children) {
                    count += child.compute();
                }
            } else {
                for (Place child : ForkJoinTask.invokeAll(children)) {
                    count += child.getRawResult();
                }
            }
            return count;
        }
    }

    /** Serial backtracking from row on, placing queens in cols in place. */
    static long backtrack(int[] cols, int row) {
        int n = cols.length;
        if (row == n) {
            return 1;
        }
        long count = 0;
        for (int c = 0; c < n; c++) {
            if (safe(cols, row, c)) {
                cols[row] = c;
                count += backtrack(cols, row + 1);
            }
        }
        return count;
    }

    /** @return whether a queen at (row, c) is attacked by none of the queens in rows &lt; row */
    static boolean safe(int[] cols, int row, int c) {
        for (int r = 0; r < row; r++) {
            int d = cols[r] - c;
            if (d == 0 || d == row - r || d == r - row) {
                return false;
            }
        }
        return true;
    }

    @Override
    void validate(int n, int cutoff) {
        require(n >= 1 && n < SOLUTIONS.length, "n must be in 1.." + (SOLUTIONS.length - 1));
        require(cutoff >= 0, "cutoff must not be negative");
    }

    @Override
    Integer prepare(int n, int cutoff) {
        return n;
    }

    @Override
    Long kernel(Integer n, Exec exec) {
        Place root = new Place(new int[n], 0, exec.cutoff(), exec.serial());
        return exec.invoke(root, root::compute);
    }

    @Override
    String check(Integer n, Long count) {
        return count == SOLUTIONS[n] ? null : n + "-queens expected " + SOLUTIONS[n] + " solutions, got " + count;
    }

    @Override
    String summary(Integer n, Long count) {
        return "solutions=" + count;
    }
}
