package io.forkscope.report.model;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Index rows generated exactly from the model's equations (measures.md §7) with known non-negative
 * coefficients, in whole nanoseconds as a sweep writes them: the oracle of the fit-from-an-index
 * tests. T1'(n) = 2e5 + 4 n lg n + 0.002 n², T1 = T1' (1 + 0.05 (p−1)/p + 0.01 (p−1)), create =
 * 0.02 n, wait = 0.016 n (whole counts for the grid's n, as counts are), delay = create (300 + 50 (p−1) + 100 (p−1)/p) + wait (200
 * + 80 (p−1)/p), no_work = (p−1)² (1e4 + 2 n), span = 6e4 + 3000 lg n + 0.05 n; no not-running and
 * no forkscope time, so the model's delay is the delay and P × elapsed = T1 + delay + no_work.
 */
final class GeneratedSweep {
    private GeneratedSweep() {}

    static double lg(double x) {
        return x > 1 ? Math.log(x) / Math.log(2) : 0;
    }

    static double serialWork(double n) {
        return 2e5 + 4 * n * lg(n) + 0.002 * n * n;
    }

    static double work(double n, int p) {
        double t = serialWork(n);
        return t + 0.05 * t * (p - 1) / p + 0.01 * t * (p - 1);
    }

    static double create(double n) {
        return 0.02 * n;
    }

    static double await(double n) {
        return 0.016 * n;
    }

    static double delay(double n, int p) {
        double q = p - 1;
        return create(n) * (300 + 50 * q + 100 * q / p) + await(n) * (200 + 80 * q / p);
    }

    static double noWork(double n, int p) {
        return (double) (p - 1) * (p - 1) * (1e4 + 2 * n);
    }

    static double span(double n) {
        return 6e4 + 3000 * lg(n) + 0.05 * n;
    }

    static double time(double n, int p) {
        return (work(n, p) + delay(n, p) + noWork(n, p)) / p;
    }

    static IndexRow row(long n, int p, int trial) {
        long work = Math.round(work(n, p));
        long delay = Math.round(delay(n, p));
        long noWork = Math.round(noWork(n, p));
        long elapsed = Math.round(time(n, p));
        return new IndexRow(n, p, trial, "n" + n + "-p" + p + "-t" + trial + ".fsk", Math.round(create(n)),
                Math.round(await(n)), work, delay, noWork, 0, 0, elapsed, Math.round(span(n)), p, work + delay + noWork,
                OptionalLong.of(Math.round(serialWork(n))), p, true);
    }

    static List<IndexRow> grid(long[] ns, int[] ps, int trials) {
        List<IndexRow> rows = new ArrayList<>();
        for (int t = 1; t <= trials; t++) {
            for (long n : ns) {
                for (int p : ps) {
                    rows.add(row(n, p, t));
                }
            }
        }
        return rows;
    }
}
