package io.forkscope.analysis.model;

import java.util.List;
import java.util.function.Function;

/**
 * The performance model of Namsraijav and Taura (measures.md §7): from training runs at small n
 * and few workers p, time(n, p) at larger n and p, component by component.
 * <pre>
 *   T1'(n)      = b1 + b2 s + b3 s lg s + b4 s² + b5 s² lg s + b6 s³ + b7 s lglg s        (Eq. 11)
 *   T1(n,p)     = T1'(n) + a1·T1'(n)·(p−1)/p + a2·T1'(n)·(p−1)                            (Eq. 10)
 *   create(n)   = d0 + d1 s + d2 s lg s + d3 s² + d4 s³ + d5 s lglg s                      (Eq. 13, + d0)
 *   wait(n)     = e0 + e1 s + e2 s lg s + e3 s² + e4 s³ + e5 s lglg s                      (Eq. 14, + e0)
 *   delay(n,p)  = create(n)·(c1 + c2(p−1) + c3(p−1)/p) + wait(n)·(c4 + c5(p−1) + c6(p−1)/p)  (Eq. 12)
 *   no_work(n,p)= (p−1)²·(f1 + f2 s + f3 s lg s + f4 s²)                                   (Eq. 15)
 *   time(n,p)   = (T1(n,p) + delay(n,p) + no_work(n,p)) / p                                (Eq. 9)
 * </pre>
 * with s = n, or s = bⁿ for an exponential program ({@link SizeScale}: the paper's fib and nqueens
 * with b = 2; here b is fitted from T1'(n) by {@link ExponentialBase} unless given or taken from the task
 * counts ({@link ModelOptions.BaseFrom#TASK_COUNTS}: T1' and the counts in the counts' b), and when fitted from T1',
 * the task counts of Eqs. 13-14 take their own b fitted from create_task(n), {@code countScale}: fib
 * makes φⁿ tasks as it does φⁿ work, but nqueens, whose tasks stop at a depth cut-off, makes about
 * 1.4× more tasks per n for 5× more work, and counts fitted in the work's b would grow 5× a step; a
 * count that does not grow keeps the work's b, and its constant d0), and lg as in
 * {@link ModelBases}. Eq. 11's bases may be replaced by bases the user names ({@link SerialBases}).
 * wait_tasks' coefficients are e1..e5 as in the paper's Eq. 14. Beside Eq. 15 the model fits
 * {@link SpanNoWork}'s no-work on the recorded span (T∞(n): s1..s9; no-work: h1..h4) and predicts
 * time with it too, so both can be compared.
 *
 * <p>Each intermediate model is fitted on its own measured inputs, as the paper trains them: Eq.
 * 10 on each run's T1' (target T1 − T1', which is what a1 and a2 explain), Eq. 12 on each run's
 * measured create_task and wait_tasks, the span no-work on each run's span and work. Prediction
 * chains the fitted models from (n, p) alone. Every coefficient is non-negative and chosen by
 * {@link CrossValidatedLasso} with the folds of {@link ModelOptions#validation()}: by default
 * forward chaining in n ({@link Validation#FORWARD}: α is chosen by how well a fit on the smaller
 * sizes predicts the next larger one, the model's whole purpose, in relative error), else leave one
 * n out or the paper's row-wise folds (which leave each n's other trials and p in training, score
 * only interpolation, and let bases that explode beyond the grid through). The relative error of
 * Eq. 10's target T1 − T1', a small difference, is taken relative to T1; every other component's
 * relative to itself. Each component's training error is that chained prediction against the runs'
 * measured values ({@link FitError}).
 *
 * <p>What the training grid must contain: Eqs. 10 and 12 tell (p−1)/p from p−1 only with at least
 * three distinct p (on p ∈ {1, 2} the two are 0 and ½, 0 and 1: proportional, and any split of the
 * effect between a1 and a2, or c2 and c3, fits the training runs equally but extrapolates in p
 * differently; the lasso takes the split of least L1 norm on unit columns). Eq. 15 and the span
 * no-work need p ≥ 2 runs to be anything but 0.
 */
public record PerformanceModel(SizeScale scale, SizeScale countScale, Validation validation, FittedComponent serialWork,
                               FittedComponent work,
                               FittedComponent createTask, FittedComponent waitTasks, FittedComponent delay,
                               FittedComponent noWork, FittedComponent span, FittedComponent noWorkSpan,
                               FitError timeError, FitError timeErrorSpan) {

    /**
     * Fits every component on {@code runs} as {@code options} say.
     *
     * @throws UnfittableRuns when b is to be fitted and T1'(n) (or the task counts, as the options say) do
     *         not tell it, or when the bases are
     *         not finite numbers at the trained n (s = bⁿ overflows: n was a size, not an exponent)
     */
    public static PerformanceModel fit(List<TrainingRun> runs, ModelOptions options) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no training runs");
        }
        SizeScale scale = !options.exponential() ? SizeScale.LINEAR : SizeScale.exponential(switch (options.baseFrom()) {
            case GIVEN -> options.base();
            case SERIAL_WORK -> ExponentialBase.ofSerialWork(runs);
            case TASK_COUNTS -> ExponentialBase.ofTaskCounts(runs);
        });
        // b from the counts: the counts take it too (it is theirs); from T1': the counts fit their own
        SizeScale countScale = options.baseFrom() != ModelOptions.BaseFrom.SERIAL_WORK ? scale
                : SizeScale.exponential(ExponentialBase.fit(
                runs.stream().mapToDouble(TrainingRun::n).toArray(),
                runs.stream().mapToDouble(TrainingRun::createTask).toArray()).orElse(scale.base()));
        Validation v = options.validation();
        List<String> serialBases = options.serialBases();
        double nMax = runs.stream().mapToDouble(TrainingRun::n).max().getAsDouble();
        double sMax = scale.size(nMax);
        for (double f : java.util.stream.Stream.of(ModelBases.serialWork(sMax), SerialBases.features(sMax, serialBases),
                SpanNoWork.span(sMax), ModelBases.counts(countScale.size(nMax))).flatMapToDouble(java.util.Arrays::stream)
                .toArray()) {
            if (!Double.isFinite(f)) {
                throw new UnfittableRuns("the bases at n " + nMax + " are beyond the range of numbers ("
                        + (scale.exponential() ? "s = " + scale.base() + "^" + nMax + "; --exponential is for n an"
                           + " exponent, as fib's n, not a size" : "s = " + nMax) + ")");
            }
        }
        Function<TrainingRun, Double> size = r -> scale.size(r.n());
        Function<TrainingRun, Double> countSize = r -> countScale.size(r.n());
        Function<TrainingRun, Double> itself = r -> Double.NaN;   // the target is its own scale
        FittedComponent serial = fit("T1'", "b", serialBases, 1, runs, v,
                r -> SerialBases.features(size.apply(r), serialBases), TrainingRun::serialWork, itself);
        // Eqs. 10, 12 and the span no-work take other components' values and p, not n: they reach larger n
        // through T1', the counts and the span, which forward chaining chose; their own bases tell regimes of p
        // and of parallelism apart (h4 is 0 below the parallelism, so on held-out larger sizes, mostly below
        // it, a fit without h4 scores the same), which leave-one-n-out, holding out the small sizes too, sees
        Validation ofInputs = v == Validation.FORWARD ? Validation.GROUPS : v;
        FittedComponent work = fit("T1", "a", ModelBases.WORK, 1, runs, ofInputs,
                r -> ModelBases.work(r.serialWork(), r.p()), r -> r.work() - r.serialWork(), TrainingRun::work);
        FittedComponent create = fit("create_task", "d", ModelBases.COUNTS, 0, runs, v,
                r -> ModelBases.counts(countSize.apply(r)), TrainingRun::createTask, itself);
        FittedComponent wait = fit("wait_tasks", "e", ModelBases.COUNTS, 0, runs, v,
                r -> ModelBases.counts(countSize.apply(r)), TrainingRun::waitTasks, itself);
        FittedComponent delay = fit("delay", "c", ModelBases.DELAY, 1, runs, ofInputs,
                r -> ModelBases.delay(r.createTask(), r.waitTasks(), r.p()), TrainingRun::delay, itself);
        FittedComponent noWork = fit("no_work", "f", ModelBases.NO_WORK, 1, runs, v,
                r -> ModelBases.noWork(size.apply(r), r.p()), TrainingRun::noWork, itself);
        FittedComponent span = fit("span", "s", SpanNoWork.SPAN, 1, runs, v,
                r -> SpanNoWork.span(size.apply(r)), TrainingRun::span, itself);
        FittedComponent noWorkSpan = fit("no_work (span)", "h", SpanNoWork.NO_WORK, 1, runs, ofInputs,
                r -> SpanNoWork.noWork(r.span(), r.work(), r.p()), TrainingRun::noWork, itself);
        PerformanceModel unscored = new PerformanceModel(scale, countScale, v, serial, work, create, wait, delay, noWork, span,
                noWorkSpan, null, null);
        int m = runs.size();
        double[][] predicted = new double[11][m];
        double[][] actual = new double[11][m];
        for (int i = 0; i < m; i++) {
            TrainingRun r = runs.get(i);
            Prediction q = unscored.predict(r.n(), r.p());
            double[] pv = {q.serialWork(), q.work(), q.createTask(), q.waitTasks(), q.delay(), q.noWork(), q.span(),
                           q.noWorkSpan(), q.time(), q.timeSpan()};
            double[] av = {r.serialWork(), r.work(), r.createTask(), r.waitTasks(), r.delay(), r.noWork(), r.span(),
                           r.noWork(), r.elapsed(), r.elapsed()};
            for (int c = 0; c < pv.length; c++) {
                predicted[c][i] = pv[c];
                actual[c][i] = av[c];
            }
        }
        return new PerformanceModel(scale, countScale, v,
                serial.withError(FitError.of(actual[0], predicted[0])),
                work.withError(FitError.of(actual[1], predicted[1])),
                create.withError(FitError.of(actual[2], predicted[2])),
                wait.withError(FitError.of(actual[3], predicted[3])),
                delay.withError(FitError.of(actual[4], predicted[4])),
                noWork.withError(FitError.of(actual[5], predicted[5])),
                span.withError(FitError.of(actual[6], predicted[6])),
                noWorkSpan.withError(FitError.of(actual[7], predicted[7])),
                FitError.of(actual[8], predicted[8]), FitError.of(actual[9], predicted[9]));
    }

    /** Whether the bases see s = bⁿ. */
    public boolean exponential() {
        return scale.exponential();
    }

    /** The components in the paper's order (Fig. 5), then the span model's two. */
    public List<FittedComponent> components() {
        return List.of(serialWork, work, createTask, waitTasks, delay, noWork, span, noWorkSpan);
    }

    /** time(n, p) and its components, from the fitted models alone. */
    public Prediction predict(double n, int p) {
        if (p < 1) {
            throw new IllegalArgumentException("p must be at least 1: " + p);
        }
        double s = scale.size(n);
        double t1s = serialWork.apply(SerialBases.features(s, serialWork.bases()));
        double t1 = t1s + work.apply(ModelBases.work(t1s, p));
        double sc = countScale.size(n);
        double create = createTask.apply(ModelBases.counts(sc));
        double wait = waitTasks.apply(ModelBases.counts(sc));
        double d = delay.apply(ModelBases.delay(create, wait, p));
        double nw = noWork.apply(ModelBases.noWork(s, p));
        double tInf = span.apply(SpanNoWork.span(s));
        double nwSpan = noWorkSpan.apply(SpanNoWork.noWork(tInf, t1, p));
        return new Prediction(n, p, t1s, t1, create, wait, d, nw, (t1 + d + nw) / p, tInf, nwSpan,
                (t1 + d + nwSpan) / p);
    }

    /**
     * One component: features and target of each run, α chosen by {@code validation} (the groups are
     * the runs' n; the relative error's scale is {@code scale} where it is a number, else the target).
     * Its coefficients are named letter + first, first + 1, ...
     */
    private static FittedComponent fit(String name, String letter, List<String> bases, int first, List<TrainingRun> runs,
                                       Validation validation, Function<TrainingRun, double[]> features,
                                       Function<TrainingRun, Double> target, Function<TrainingRun, Double> scale) {
        int m = runs.size();
        double[][] x = new double[m][];
        double[] y = new double[m];
        double[] group = new double[m];
        double[] relativeTo = new double[m];
        for (int i = 0; i < m; i++) {
            TrainingRun r = runs.get(i);
            x[i] = features.apply(r);
            y[i] = target.apply(r);
            group[i] = r.n();
            double s = scale.apply(r);
            relativeTo[i] = Double.isNaN(s) ? y[i] : s;
        }
        // T1' is positive at every n (a program does work); every other component may be 0
        CrossValidatedLasso.Result r = CrossValidatedLasso.fit(x, y, group, relativeTo, letter.equals("b"), validation);
        return new FittedComponent(name, ModelBases.names(letter, bases.size(), first), bases, r.coefficients(), r.alpha(),
                FitError.of(new double[0], new double[0]));
    }
}
