package io.forkscope.analysis.model;

import java.util.Arrays;

/**
 * How {@link CrossValidatedLasso} chooses the regularisation α of each component of the performance
 * model: by which held-out rows, scored how.
 * <ul>
 *   <li>{@link #FORWARD}: forward chaining in n. Sizes n₁ &lt; … &lt; n_G; fold k trains on the runs
 *       of n₁ … n_{k−1} and scores its prediction of the runs of n_k, for every k ≥ 3 (a fold must
 *       train on at least two sizes: on one, every basis is a constant column and any of them fits).
 *       What it chooses is which bases enter: each set the lasso path keeps is fitted without the
 *       penalty on each fold and scored by the mean relative error |y − ŷ| / scale over the held-out
 *       runs (scale y, or what the component is a part of: see {@link PerformanceModel}), averaged over
 *       the folds that determine it, so a time 10× larger does not dominate by its size alone; the
 *       sparsest set within 10% of the best is refitted on all runs without the penalty
 *       ({@link CrossValidatedLasso#fitForward}). This is what the model is for: predicting sizes larger
 *       than any it was fitted on. With fewer than 3 sizes there is no such fold, and α is chosen as by
 *       {@link #GROUPS}. Eqs. 10, 12 and the span no-work, whose bases are other components' values
 *       and p rather than n, are fitted as by {@link #GROUPS} ({@link PerformanceModel} says why).</li>
 *   <li>{@link #GROUPS}: leave one n out (at most {@link CrossValidatedLasso#MAX_GROUP_FOLDS} folds),
 *       scored by mean squared error: it scores interpolation of the middle sizes as well as
 *       extrapolation of the end ones, either way (forkscope's default before forward chaining).</li>
 *   <li>{@link #ROWS}: the paper's K-fold over rows ({@link CrossValidatedLasso#DEFAULT_FOLDS} folds,
 *       row i in fold i mod K), scored by mean squared error: each held-out run has its twins of the
 *       same n in training, so it scores interpolation only.</li>
 * </ul>
 */
public enum Validation {
    FORWARD("forward"), GROUPS("groups"), ROWS("rows");

    /** What {@code model fit} uses unless told otherwise (docs/model.md: "Run 3 refitted" says why). */
    public static final Validation DEFAULT = FORWARD;

    private final String key;

    Validation(String key) {
        this.key = key;
    }

    /** The name on the command line ({@code --cv}) and in the model file. */
    public String key() {
        return key;
    }

    public static Validation of(String key) {
        return Arrays.stream(values()).filter(v -> v.key.equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown validation '" + key + "' (one of forward,"
                        + " groups, rows)"));
    }
}
