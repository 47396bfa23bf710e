package io.forkscope.analysis.model;

/**
 * The regularisation of {@link NonNegativeLasso} chosen by K-fold cross-validation, as the paper's
 * LassoLarsCV does (measures.md §7).
 *
 * <p>The candidate α run log-spaced from {@link NonNegativeLasso#alphaMax} (every coefficient 0)
 * down to alphaMax × {@code minRatio}. Row i is held out in fold i mod K (deterministic: no random
 * shuffle, so a fit is reproducible; rows listed in grid order spread each n and each p over the
 * folds), or, with {@link #fitGrouped}, every row of one group in one fold. For each α, each fold's coefficients are fitted on the other folds' rows and scored by
 * the mean squared error on its own rows (in y's units); the folds' scores are averaged. The α
 * kept is the largest whose score is within a relative 10⁻⁹ of the best (ties, as on noise-free
 * data where the smallest α all fit to rounding, go to the sparser fit), and the coefficients
 * returned are refitted on all rows at that α. With fewer than 2 rows there is nothing to hold
 * out: the smallest α is kept. K is capped at the number of rows (leave-one-out).
 */
public final class CrossValidatedLasso {
    public static final int DEFAULT_FOLDS = 5;
    public static final int DEFAULT_PATH = 40;
    /** Down to 10⁻⁸ of alphaMax: on noise-free data the bias of the smallest α is below rounding of the data. */
    public static final double DEFAULT_MIN_RATIO = 1e-8;

    private CrossValidatedLasso() {
    }

    /**
     * One cross-validated fit: the coefficients at the chosen α, the α path and each α's mean
     * held-out squared error (NaN where nothing was held out).
     */
    public record Result(double[] coefficients, double alpha, double[] alphas, double[] meanSquaredError) {
        public Result {
            coefficients = coefficients.clone();
            alphas = alphas.clone();
            meanSquaredError = meanSquaredError.clone();
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
        public double[] meanSquaredError() {
            return meanSquaredError.clone();
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

    /** The most folds {@link #fitGrouped} makes. */
    public static final int MAX_GROUP_FOLDS = 10;

    /** @param fold each row's fold, in [0, kFolds); fewer than 2 folds: nothing is held out */
    private static Result fit(double[][] x, double[] y, int[] fold, int kFolds, int pathLength, double minRatio) {
        if (pathLength < 2 || !(minRatio > 0 && minRatio < 1)) {
            throw new IllegalArgumentException("path " + pathLength + ", ratio " + minRatio);
        }
        double max = NonNegativeLasso.alphaMax(x, y);
        int k = y.length == 0 ? 0 : x[0].length;
        if (max == 0) {
            // no column correlates positively with y (or y is 0): every coefficient is 0 at any α
            return new Result(new double[k], 0, new double[0], new double[0]);
        }
        double[] alphas = new double[pathLength];
        for (int a = 0; a < pathLength; a++) {
            alphas[a] = max * Math.pow(minRatio, (double) a / (pathLength - 1));
        }
        int m = y.length;
        double[] score = new double[pathLength];
        if (kFolds < 2 || m < 2) {
            java.util.Arrays.fill(score, Double.NaN);
            double alpha = alphas[pathLength - 1];
            return new Result(NonNegativeLasso.fit(x, y, alpha), alpha, alphas, score);
        }
        for (int f = 0; f < kFolds; f++) {
            int test = 0;
            for (int i = 0; i < m; i++) {
                test += fold[i] == f ? 1 : 0;
            }
            if (test == 0 || test == m) {
                continue;
            }
            double[][] xTrain = new double[m - test][];
            double[] yTrain = new double[m - test];
            double[][] xTest = new double[test][];
            double[] yTest = new double[test];
            for (int i = 0, tr = 0, te = 0; i < m; i++) {
                if (fold[i] == f) {
                    xTest[te] = x[i];
                    yTest[te++] = y[i];
                } else {
                    xTrain[tr] = x[i];
                    yTrain[tr++] = y[i];
                }
            }
            for (int a = 0; a < pathLength; a++) {
                double[] beta = NonNegativeLasso.fit(xTrain, yTrain, alphas[a]);
                double sse = 0;
                for (int i = 0; i < test; i++) {
                    double e = yTest[i] - NonNegativeLasso.predict(xTest[i], beta);
                    sse += e * e;
                }
                score[a] += sse / test / kFolds;
            }
        }
        double best = Double.POSITIVE_INFINITY;
        for (double s : score) {
            best = Math.min(best, s);
        }
        int chosen = 0;
        while (score[chosen] > best * (1 + 1e-9)) {
            chosen++;
        }
        double alpha = alphas[chosen];
        return new Result(NonNegativeLasso.fit(x, y, alpha), alpha, alphas, score);
    }
}
