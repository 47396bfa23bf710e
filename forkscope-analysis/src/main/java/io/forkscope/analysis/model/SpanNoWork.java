package io.forkscope.analysis.model;

import java.util.List;

/**
 * A no-work model that uses the critical path, beyond the paper (measures.md §7). The paper's Eq.
 * 15, (p−1)²·(f1 + f2 n + f3 n lg n + f4 n²), is its own weakest intermediate model, and its
 * conclusion names the span T∞ as the input it lacks. This model fits T∞(n) like T1'(n) and then
 * no_work(n, p) on features of p, T∞(n) and the work T1(n, p), all non-negative and all 0 at p = 1:
 * <pre>
 *   no_work(n, p) = h1·(p−1) + h2·(p−1)·T∞ + h3·(p−1)·T∞·min(1, p·T∞/T1) + h4·max(0, p·T∞ − T1)
 * </pre>
 * Why these:
 * <ul>
 *   <li>(p−1)·T∞ is the greedy bound on no-work (Graham, Brent; Cilkview §2): at every step either
 *       all p workers run or every ready node runs; a step of the second kind shortens the
 *       remaining critical path, so there are at most T∞ of them, and at most p − 1 workers idle
 *       in each. For work stealing it is also the expected scale: Blumofe and Leiserson bound the
 *       steal attempts, made by exactly the idle workers, by O(p·T∞). (h2)</li>
 *   <li>The bound is loose while the parallelism π = T1/T∞ is far above p, as most steps then keep
 *       every worker busy and the idle time is the ramp-up and the tail; the share of the span
 *       that starves workers grows as p approaches π. (p−1)·T∞·min(1, p/π) grows like
 *       (p−1)·p·T∞²/T1 while p ≪ π, the (p−1)² shape the paper read off its parallelism profile
 *       but scaled by the program's own span and work instead of free powers of n, and saturates
 *       at the greedy bound once p ≥ π. (h3)</li>
 *   <li>Beyond the parallelism the span law T_p ≥ T∞ forces p·T_p = T1 + delay + no_work ≥ p·T∞,
 *       so no-work is at least about p·T∞ − T1 (less the delay): each worker added adds a whole T∞
 *       of idling. This is where Eq. 15 fails worst, as it grows with p² whatever the program's
 *       parallelism. (h4)</li>
 *   <li>(p−1): a fixed cost per extra worker, whatever n: waking it and its first steal. (h1)</li>
 * </ul>
 * h4 is 0 on every training run that stays below the parallelism (p·T∞ ≤ T1): it can be learnt
 * only from runs past it, and otherwise the lasso leaves it at 0, while h3's saturation still
 * gives (p−1)·T∞ growth there. A training grid should reach a p beyond the parallelism of its
 * smallest n if predictions beyond the parallelism matter.
 *
 * <p>T∞(n) is fitted on Eq. 11's bases plus lg n and lg² n (coefficients s1..s9): divide-and-conquer
 * spans are often polylogarithmic (a parallel loop's span is lg n), which Eq. 11 cannot express.
 * The span is fitted over all runs, whatever their p (the recorded span grows a little with p,
 * by migrated edges; that growth is averaged, not modelled). In training the features use each
 * run's recorded span and work; in prediction the fitted T∞(n) and T1(n, p).
 */
public final class SpanNoWork {
    /** Bases of T∞(n): Eq. 11's and lg s, lg² s. */
    public static final List<String> SPAN = List.of("1", "lg n", "lg^2 n", "n", "n lg n", "n^2", "n^2 lg n", "n^3",
            "n lglg n");
    public static final List<String> NO_WORK = List.of("(p-1)", "(p-1)Tinf", "(p-1)Tinf min(1, p Tinf/T1)",
            "max(0, p Tinf - T1)");

    private SpanNoWork() {
    }

    public static double[] span(double s) {
        double l = ModelBases.lg(s);
        return new double[] {1, l, l * l, s, s * l, s * s, s * s * l, s * s * s, s * ModelBases.lglg(s)};
    }

    public static double[] noWork(double span, double work, int p) {
        double q = p - 1;
        double starving = work > 0 ? Math.min(1, p * span / work) : 1;
        return new double[] {q, q * span, q * span * starving, Math.max(0, p * span - work)};
    }
}
