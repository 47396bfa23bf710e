package io.forkscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The regularisation of {@link NonNegativeLasso} chosen by cross-validation, as the paper's
 * LassoLarsCV does (measures.md §7), with the folds {@link Validation} names.
 *
 * <p>The candidate α run log-spaced from {@link NonNegativeLasso#alphaMax} (every coefficient 0)
 * down to alphaMax × {@code minRatio}. Folds are deterministic (no random shuffle, so a fit is
 * reproducible): row i in fold i mod K ({@link #fit(double[][], double[])}; rows listed in grid order
 * spread each n and each p over the folds), every row of one group in one fold ({@link #fitGrouped}),
 * or forward chaining over the groups in ascending order ({@link #fitForward}: fit on the smaller
 * groups, score the next). For the first two, for each α each fold's coefficients are fitted on its
 * training rows and scored on its held-out rows by mean squared error (in y's units); the folds'
 * scores are averaged; the α kept is the largest whose score is within a relative 10⁻⁹ of the best
 * (ties, as on noise-free data where the smallest α all fit to rounding, go to the sparser fit), and
 * the coefficients returned are refitted on all rows at that α. Forward chaining instead chooses which
 * bases enter, by relative error, and refits them without the penalty ({@link #fitSupports}). With
 * fewer than 2 rows, or no fold, there is nothing to hold out: the smallest α is kept. K is capped at
 * the number of rows (leave-one-out).
 */
public final class CrossValidatedLasso {
    public static final int DEFAULT_FOLDS = 5;
    public static final int DEFAULT_PATH = 40;
    /** Down to 10⁻⁸ of alphaMax: on noise-free data the bias of the smallest α is below rounding of the data. */
    public static final double DEFAULT_MIN_RATIO = 1e-8;

    private CrossValidatedLasso() {
    }

    /**
     * One cross-validated fit: the coefficients at the chosen α, the α path and each α's held-out
     * score (mean squared error, or mean relative error for forward chaining; NaN where nothing was
     * held out).
     */
    public record Result(double[] coefficients, double alpha, double[] alphas, double[] score) {
        public Result {
            coefficients = coefficients.clone();
            alphas = alphas.clone();
            score = score.clone();
        }

        @Override
        public double[] coefficients() {
            return coefficients.clone();
        }

        @Override
        public double[] alphas() {
            return alphas.clone();
        }

        @Override
        public double[] score() {
            return score.clone();
        }
    }

    public static Result fit(double[][] x, double[] y) {
        return fit(x, y, DEFAULT_FOLDS, DEFAULT_PATH, DEFAULT_MIN_RATIO);
    }

    public static Result fit(double[][] x, double[] y, int folds, int pathLength, double minRatio) {
        if (folds < 2) {
            throw new IllegalArgumentException("folds " + folds + ", path " + pathLength + ", ratio " + minRatio);
        }
        int[] fold = new int[y.length];
        int kFolds = Math.min(folds, y.length);
        for (int i = 0; i < y.length; i++) {
            fold[i] = i % kFolds;
        }
        return fit(x, y, fold, kFolds, pathLength, minRatio);
    }

    /**
     * Cross-validated with the rows of one group always held out together: leave one group out, one
     * fold per distinct value of {@code group[i]} (with at most {@link #MAX_GROUP_FOLDS} groups; more
     * are dealt round-robin into that many folds, in order of first appearance). For the performance
     * model the group is the problem size n: its trials and p share an n, and folds that split them
     * score how well α interpolates between copies of the same n, which any α does, instead of how well
     * it predicts an n it has not seen, which is what the model is for (a basis such as n³ that fits the
     * trained sizes and explodes beyond them is then penalised, as held-out end sizes are extrapolated).
     * With one group nothing can be held out: the smallest α is kept, as with fewer than 2 rows.
     */
    public static Result fitGrouped(double[][] x, double[] y, double[] group) {
        if (group.length != y.length) {
            throw new IllegalArgumentException(group.length + " groups for " + y.length + " rows");
        }
        java.util.Map<Double, Integer> ids = new java.util.LinkedHashMap<>();
        int[] fold = new int[y.length];
        for (int i = 0; i < y.length; i++) {
            int id = ids.computeIfAbsent(group[i], g -> ids.size());
            fold[i] = id % MAX_GROUP_FOLDS;
        }
        int kFolds = Math.min(ids.size(), MAX_GROUP_FOLDS);
        return fit(x, y, fold, kFolds, DEFAULT_PATH, DEFAULT_MIN_RATIO);
    }

    /** Squared-error scores within this relative distance of the best are ties (rounding, on exact data). */
    static final double TIE = 1e-9;
    /**
     * Forward chaining's relative-error scores within this relative distance of the best are ties, and
     * the sparser support (the larger α) is kept, as the one-standard-error rule of lasso cross-validation
     * does: one or two folds of a few runs each do not tell a 5.0% held-out error from a 5.4% one, and of
     * two supports that extrapolate alike the one with fewer bases has fewer to go wrong further out. On
     * exact data, where the best score is rounding, the tie is rounding too. (On run 3's data it changed
     * one choice: fft's task counts, 20% off at 4x n with the tie at 10⁻⁹, 9% with it.)
     */
    static final double FORWARD_TIE = 0.10;

    /** The most folds {@link #fitGrouped} makes. */
    public static final int MAX_GROUP_FOLDS = 10;

    /**
     * Cross-validated by forward chaining in the group ({@link Validation#FORWARD}), choosing which bases
     * enter ({@link #fitSupports}). The sizes are the groups that have a row with a positive scale
     * (what can be scored: no-work's p = 1 rows, all 0, are not), in ascending order g₁ &lt; … &lt; g_G;
     * fold k trains on every row of a group below g_k and holds out the rows of g_k, for k = 3 … G, so
     * that each fold is fitted on at least two sizes with something to learn (on one, every basis is a
     * constant column and any of them fits). A fold is scored by the mean over its held-out rows of
     * |y − ŷ| / scale (rows whose scale is not positive are not scored), and a support's score is the
     * mean over the folds. With fewer than three such sizes there is no such fold: α is chosen as by
     * {@link #fitGrouped}.
     *
     * @param scale each row's denominator of the relative error: y itself, or what y is a part of
     */
    public static Result fitForward(double[][] x, double[] y, double[] group, double[] scale) {
        return fitForward(x, y, group, scale, false);
    }

    /** @param positive the component is positive for every n: its model is never the empty one, if another fits */
    public static Result fitForward(double[][] x, double[] y, double[] group, double[] scale, boolean positive) {
        if (group.length != y.length || scale.length != y.length) {
            throw new IllegalArgumentException(group.length + " groups and " + scale.length + " scales for " + y.length
                    + " rows");
        }
        double[] sizes = java.util.stream.IntStream.range(0, y.length).filter(i -> scale[i] > 0)
                .mapToDouble(i -> group[i]).distinct().sorted().toArray();
        if (sizes.length < 3) {
            return fitGrouped(x, y, group);
        }
        List<Fold> folds = new ArrayList<>();
        for (int k = 2; k < sizes.length; k++) {
            boolean[] train = new boolean[y.length];
            boolean[] test = new boolean[y.length];
            for (int i = 0; i < y.length; i++) {
                train[i] = group[i] < sizes[k];
                test[i] = group[i] == sizes[k];
            }
            folds.add(new Fold(train, test));
        }
        return fitSupports(x, y, folds, scale, positive, DEFAULT_PATH, DEFAULT_MIN_RATIO);
    }

    /**
     * The fit {@code validation} names: {@link #fitForward} (scaled by {@code scale}; {@code positive}: see
     * there), {@link #fitGrouped} or the row-wise {@link #fit(double[][], double[])}.
     */
    public static Result fit(double[][] x, double[] y, double[] group, double[] scale, boolean positive,
                             Validation validation) {
        return switch (validation) {
            case FORWARD -> fitForward(x, y, group, scale, positive);
            case GROUPS -> fitGrouped(x, y, group);
            case ROWS -> fit(x, y);
        };
    }

    /** One fold: the rows it is fitted on and the rows it is scored on. */
    private record Fold(boolean[] train, boolean[] test) {}

    /**
     * Folds from each row's fold number (fold f holds out the rows numbered f and trains on the rest);
     * folds that hold out no row or every row are dropped. Scored by mean squared error, each fold's
     * mean over its rows divided by {@code kFolds} (the sum over folds is α's score).
     */
    private static Result fit(double[][] x, double[] y, int[] fold, int kFolds, int pathLength, double minRatio) {
        int m = y.length;
        List<Fold> folds = new ArrayList<>();
        for (int f = 0; f < kFolds && m >= 2; f++) {
            boolean[] train = new boolean[m];
            boolean[] test = new boolean[m];
            int held = 0;
            for (int i = 0; i < m; i++) {
                test[i] = fold[i] == f;
                train[i] = !test[i];
                held += test[i] ? 1 : 0;
            }
            if (held > 0 && held < m) {
                folds.add(new Fold(train, test));
            }
        }
        return fit(x, y, folds, kFolds, pathLength, minRatio);
    }

    /**
     * The α path from alphaMax down to alphaMax × minRatio; each α scored by the folds' mean squared
     * error (each fold's mean over its held-out rows, divided by {@code divisor}); the largest α within
     * a relative {@link #TIE} of the best score kept and refitted on all rows. With no fold (or fewer
     * than 2 rows) nothing is scored and the smallest α is kept.
     */
    private static Result fit(double[][] x, double[] y, List<Fold> folds, int divisor, int pathLength,
                              double minRatio) {
        double[] alphas = path(x, y, pathLength, minRatio);
        int k = y.length == 0 ? 0 : x[0].length;
        if (alphas.length == 0) {
            // no column correlates positively with y (or y is 0): every coefficient is 0 at any α
            return new Result(new double[k], 0, alphas, alphas);
        }
        int m = y.length;
        double[] score = new double[pathLength];
        if (folds.isEmpty() || m < 2) {
            java.util.Arrays.fill(score, Double.NaN);
            double alpha = alphas[pathLength - 1];
            return new Result(NonNegativeLasso.fit(x, y, alpha), alpha, alphas, score);
        }
        for (Fold f : folds) {
            Rows train = Rows.of(x, y, f.train);
            int nTest = count(f.test);
            for (int a = 0; a < pathLength; a++) {
                double[] beta = NonNegativeLasso.fit(train.x, train.y, alphas[a]);
                double sse = 0;
                for (int i = 0; i < m; i++) {
                    if (f.test[i]) {
                        double e = y[i] - NonNegativeLasso.predict(x[i], beta);
                        sse += e * e;
                    }
                }
                score[a] += sse / nTest / divisor;
            }
        }
        double alpha = alphas[sparsestNearBest(score, TIE)];
        return new Result(NonNegativeLasso.fit(x, y, alpha), alpha, alphas, score);
    }

    /**
     * Forward chaining's choice: which bases enter, scored by relative error, the relaxed lasso's way
     * (Meinshausen 2007). Each α of the path fits the lasso on all rows, and the bases it keeps are a
     * candidate support; a support is scored by fitting it, without the L1 penalty (non-negative least
     * squares, the lasso at α = 0, whose ridge keeps it unique), on each fold's training rows and taking
     * the fold's mean relative error |y − ŷ| / scale over its held-out rows with scale &gt; 0; its score is
     * the mean over the folds whose training rows determine it (their columns of the support have full
     * rank: a fold of two sizes cannot tell three bases apart, and its fit of them would be the ridge's
     * least-norm choice, not the data's; on exact data from 7 sizes such folds made the 3-basis truth
     * lose to sparser wrong fits). A support no fold determines is no candidate. The sparsest support, the largest α, whose score is within a relative
     * {@link #FORWARD_TIE} of the best is kept, and its coefficients are the unpenalised fit on all rows.
     * The empty support (α = alphaMax) predicts 0, an error of exactly 1 whatever the data: it wins
     * wherever every basis extrapolates the component worse than by 100%. For a component that may be 0
     * (delay, no-work, the work stretch) that is the validation's answer: nothing the bases say beats
     * predicting none. For one that is {@code positive} for every n (T1': a program does work) it is no
     * answer, and the empty support is kept only if it is the only one (run 3's sparselu T1' given n³
     * alone: its noisy n = 12 put the fold's n = 16 at 4.8x the measured, and 0 would have won).
     *
     * <p>Why unpenalised: the lasso's penalty shrinks every coefficient it keeps, so that a shrunk fit is
     * low by about α at every size; scored shrunk, a large α can win a fold because its shrinkage happens
     * to offset a basis that grows too fast, and then keeps that shrinkage on every prediction. Why the
     * supports of the full path rather than each fold's own: an α near alphaMax keeps no basis on all
     * rows but some on a fold's, and a choice scored on one and refitted on the other would not be the
     * model scored. With no fold scored, the smallest α's support is kept.
     */
    private static Result fitSupports(double[][] x, double[] y, List<Fold> folds, double[] scale, boolean positive,
                                      int pathLength, double minRatio) {
        double[] alphas = path(x, y, pathLength, minRatio);
        int k = y.length == 0 ? 0 : x[0].length;
        if (alphas.length == 0) {
            return new Result(new double[k], 0, alphas, alphas);
        }
        List<Fold> scoring = folds.stream().filter(f -> scores(f, scale)).toList();
        double[] score = new double[pathLength];
        int[][] supports = new int[pathLength][];
        java.util.Map<String, Double> scored = new java.util.HashMap<>();
        for (int a = 0; a < pathLength; a++) {
            double[] beta = NonNegativeLasso.fit(x, y, alphas[a]);
            supports[a] = java.util.stream.IntStream.range(0, k).filter(j -> beta[j] > 0).toArray();
            if (scoring.isEmpty() || y.length < 2) {
                score[a] = Double.NaN;
                continue;
            }
            int[] support = supports[a];
            score[a] = scored.computeIfAbsent(java.util.Arrays.toString(support), key -> {
                double sum = 0;
                int counted = 0;
                for (Fold f : scoring) {
                    Rows train = Rows.of(x, y, f.train);
                    if (rank(train.x, support) < support.length) {
                        continue;        // the fold cannot determine these bases: its fit would be the ridge's
                    }
                    double[] coef = unpenalised(train.x, train.y, support, k);
                    double err = 0;
                    int rows = 0;
                    for (int i = 0; i < y.length; i++) {
                        if (f.test[i] && scale[i] > 0) {
                            err += Math.abs(y[i] - NonNegativeLasso.predict(x[i], coef)) / scale[i];
                            rows++;
                        }
                    }
                    sum += err / rows;
                    counted++;
                }
                return counted == 0 ? Double.POSITIVE_INFINITY : sum / counted;
            });
        }
        // for a component that is never 0 the empty support (α = alphaMax: every coefficient 0) is no candidate
        // while another is: it scores exactly 1 whatever the data, and predicts what cannot be
        for (int a = 0; a < pathLength; a++) {
            if (positive && supports[a].length == 0 && java.util.Arrays.stream(supports).anyMatch(sup -> sup.length > 0)) {
                score[a] = Double.POSITIVE_INFINITY;
            }
        }
        boolean none = scoring.isEmpty() || y.length < 2
                || java.util.Arrays.stream(score).allMatch(v -> v == Double.POSITIVE_INFINITY);
        int chosen = none ? pathLength - 1 : sparsestNearBest(score, FORWARD_TIE);
        return new Result(unpenalised(x, y, supports[chosen], k), alphas[chosen], alphas, score);
    }

    /**
     * The rank of the columns {@code support} of {@code x}: each column scaled to unit norm, then
     * Gram–Schmidt (twice, for stability), a column counting if its residual keeps more than 10⁻⁸ of its
     * norm. All-zero columns count 0.
     */
    static int rank(double[][] x, int[] support) {
        int m = x.length;
        List<double[]> basis = new ArrayList<>();
        for (int j : support) {
            double[] c = new double[m];
            for (int i = 0; i < m; i++) {
                c[i] = x[i][j];
            }
            double norm = NonNegativeLasso.norm(c);
            if (norm == 0) {
                continue;
            }
            for (int i = 0; i < m; i++) {
                c[i] /= norm;
            }
            for (int pass = 0; pass < 2; pass++) {
                for (double[] q : basis) {
                    double d = NonNegativeLasso.dot(q, c);
                    for (int i = 0; i < m; i++) {
                        c[i] -= d * q[i];
                    }
                }
            }
            double left = NonNegativeLasso.norm(c);
            if (left > 1e-8) {
                for (int i = 0; i < m; i++) {
                    c[i] /= left;
                }
                basis.add(c);
            }
        }
        return basis.size();
    }

    /** alphaMax × minRatio^(a / (pathLength − 1)), a = 0 … pathLength − 1; empty when alphaMax is 0. */
    private static double[] path(double[][] x, double[] y, int pathLength, double minRatio) {
        if (pathLength < 2 || !(minRatio > 0 && minRatio < 1)) {
            throw new IllegalArgumentException("path " + pathLength + ", ratio " + minRatio);
        }
        double max = NonNegativeLasso.alphaMax(x, y);
        if (max == 0) {
            return new double[0];
        }
        double[] alphas = new double[pathLength];
        for (int a = 0; a < pathLength; a++) {
            alphas[a] = max * Math.pow(minRatio, (double) a / (pathLength - 1));
        }
        return alphas;
    }

    /** The first (largest-α) index whose score is within a relative {@code tie} of the least. */
    private static int sparsestNearBest(double[] score, double tie) {
        double best = Double.POSITIVE_INFINITY;
        for (double s : score) {
            best = Math.min(best, s);
        }
        int chosen = 0;
        while (score[chosen] > best * (1 + tie)) {
            chosen++;
        }
        return chosen;
    }

    /** Non-negative least squares on the columns {@code support} (others 0): the lasso at α = 0 there. */
    static double[] unpenalised(double[][] x, double[] y, int[] support, int k) {
        double[] out = new double[k];
        if (support.length == 0) {
            return out;
        }
        double[][] xs = new double[x.length][support.length];
        for (int i = 0; i < x.length; i++) {
            for (int c = 0; c < support.length; c++) {
                xs[i][c] = x[i][support[c]];
            }
        }
        double[] refit = NonNegativeLasso.fit(xs, y, 0);
        for (int c = 0; c < support.length; c++) {
            out[support[c]] = refit[c];
        }
        return out;
    }

    /** The rows of a fold's training set. */
    private record Rows(double[][] x, double[] y) {
        static Rows of(double[][] x, double[] y, boolean[] take) {
            int n = count(take);
            double[][] xs = new double[n][];
            double[] ys = new double[n];
            for (int i = 0, r = 0; i < y.length; i++) {
                if (take[i]) {
                    xs[r] = x[i];
                    ys[r++] = y[i];
                }
            }
            return new Rows(xs, ys);
        }
    }

    /** Whether fold {@code f} holds out a row with a positive scale. */
    private static boolean scores(Fold f, double[] scale) {
        for (int i = 0; i < scale.length; i++) {
            if (f.test[i] && scale[i] > 0) {
                return true;
            }
        }
        return false;
    }

    private static int count(boolean[] set) {
        int n = 0;
        for (boolean b : set) {
            n += b ? 1 : 0;
        }
        return n;
    }
}
