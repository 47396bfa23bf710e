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
 * with s = n, or s = 2ⁿ for an exponential program (the paper's fib and nqueens), and lg as in
 * {@link ModelBases}. wait_tasks' coefficients are e1..e5 as in the paper's Eq. 14. Beside Eq. 15
 * the model fits {@link SpanNoWork}'s no-work on the recorded span (T∞(n): s1..s9; no-work:
 * h1..h4) and predicts time with it too, so both can be compared.
 *
 * <p>Each intermediate model is fitted on its own measured inputs, as the paper trains them: Eq.
 * 10 on each run's T1' (target T1 − T1', which is what a1 and a2 explain), Eq. 12 on each run's
 * measured create_task and wait_tasks, the span no-work on each run's span and work. Prediction
 * chains the fitted models from (n, p) alone. Every coefficient is non-negative and chosen by
 * {@link CrossValidatedLasso}, its folds grouped by n ({@link CrossValidatedLasso#fitGrouped}: each
 * fold holds out every run of one n, so α is chosen by how well it predicts a size it was not fitted
 * on, the model's whole purpose; row-wise folds leave each n's other trials and p in training and
 * score only interpolation, and then let bases that explode beyond the grid through). Each component's training error is that chained prediction
 * against the runs' measured values ({@link FitError}).
 *
 * <p>What the training grid must contain: Eqs. 10 and 12 tell (p−1)/p from p−1 only with at least
 * three distinct p (on p ∈ {1, 2} the two are 0 and ½, 0 and 1: proportional, and any split of the
 * effect between a1 and a2, or c2 and c3, fits the training runs equally but extrapolates in p
 * differently; the lasso takes the split of least L1 norm on unit columns). Eq. 15 and the span
 * no-work need p ≥ 2 runs to be anything but 0.
 */
public record PerformanceModel(boolean exponential, FittedComponent serialWork, FittedComponent work,
                               FittedComponent createTask, FittedComponent waitTasks, FittedComponent delay,
                               FittedComponent noWork, FittedComponent span, FittedComponent noWorkSpan,
                               FitError timeError, FitError timeErrorSpan) {

    /** Fits every component on {@code runs}; {@code exponential} fits in 2ⁿ. */
    public static PerformanceModel fit(List<TrainingRun> runs, boolean exponential) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no training runs");
        }
        Function<TrainingRun, Double> size = r -> ModelBases.size(r.n(), exponential);
        FittedComponent serial = fit("T1'", "b", ModelBases.SERIAL_WORK, runs,
                r -> ModelBases.serialWork(size.apply(r)), TrainingRun::serialWork);
        FittedComponent work = fit("T1", "a", ModelBases.WORK, runs,
                r -> ModelBases.work(r.serialWork(), r.p()), r -> r.work() - r.serialWork());
        FittedComponent create = fit("create_task", "d", ModelBases.COUNTS, runs,
                r -> ModelBases.counts(size.apply(r)), TrainingRun::createTask);
        FittedComponent wait = fit("wait_tasks", "e", ModelBases.COUNTS, runs,
                r -> ModelBases.counts(size.apply(r)), TrainingRun::waitTasks);
        FittedComponent delay = fit("delay", "c", ModelBases.DELAY, runs,
                r -> ModelBases.delay(r.createTask(), r.waitTasks(), r.p()), TrainingRun::delay);
        FittedComponent noWork = fit("no_work", "f", ModelBases.NO_WORK, runs,
                r -> ModelBases.noWork(size.apply(r), r.p()), TrainingRun::noWork);
        FittedComponent span = fit("span", "s", SpanNoWork.SPAN, runs,
                r -> SpanNoWork.span(size.apply(r)), TrainingRun::span);
        FittedComponent noWorkSpan = fit("no_work (span)", "h", SpanNoWork.NO_WORK, runs,
                r -> SpanNoWork.noWork(r.span(), r.work(), r.p()), TrainingRun::noWork);
        PerformanceModel unscored = new PerformanceModel(exponential, serial, work, create, wait, delay, noWork, span,
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
        return new PerformanceModel(exponential,
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

    /** The components in the paper's order (Fig. 5), then the span model's two. */
    public List<FittedComponent> components() {
        return List.of(serialWork, work, createTask, waitTasks, delay, noWork, span, noWorkSpan);
    }

    /** time(n, p) and its components, from the fitted models alone. */
    public Prediction predict(double n, int p) {
        if (p < 1) {
            throw new IllegalArgumentException("p must be at least 1: " + p);
        }
        double s = ModelBases.size(n, exponential);
        double t1s = serialWork.apply(ModelBases.serialWork(s));
        double t1 = t1s + work.apply(ModelBases.work(t1s, p));
        double create = createTask.apply(ModelBases.counts(s));
        double wait = waitTasks.apply(ModelBases.counts(s));
        double d = delay.apply(ModelBases.delay(create, wait, p));
        double nw = noWork.apply(ModelBases.noWork(s, p));
        double tInf = span.apply(SpanNoWork.span(s));
        double nwSpan = noWorkSpan.apply(SpanNoWork.noWork(tInf, t1, p));
        return new Prediction(n, p, t1s, t1, create, wait, d, nw, (t1 + d + nw) / p, tInf, nwSpan,
                (t1 + d + nwSpan) / p);
    }

    private static FittedComponent fit(String name, String letter, List<String> bases, List<TrainingRun> runs,
                                       Function<TrainingRun, double[]> features, Function<TrainingRun, Double> target) {
        int m = runs.size();
        double[][] x = new double[m][];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            x[i] = features.apply(runs.get(i));
            y[i] = target.apply(runs.get(i));
        }
        double[] group = new double[m];
        for (int i = 0; i < m; i++) {
            group[i] = runs.get(i).n();
        }
        CrossValidatedLasso.Result r = CrossValidatedLasso.fitGrouped(x, y, group);
        int first = bases == ModelBases.COUNTS ? 0 : 1;     // the counts' constant is d0/e0 (not the paper's)
        return new FittedComponent(name, ModelBases.names(letter, bases.size(), first), bases, r.coefficients(), r.alpha(),
                FitError.of(new double[0], new double[0]));
    }
}
