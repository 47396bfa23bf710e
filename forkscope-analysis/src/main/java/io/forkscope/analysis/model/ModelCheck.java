package io.forkscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A fitted {@link PerformanceModel} against measured runs (measures.md §7): each run's components
 * predicted from its (n, p) alone beside the measured ones, and the paper's error
 * |actual − predicted| / actual per component over all runs, median and quartiles (the box of its
 * Fig. 6), for both no-work models. A run's measured value of 0 has no relative error and is left
 * out of that component's error ({@link FitError}); so is T1' when the runs hold no 1-worker run of
 * their n (its {@link TrainingRun#serialWork()} is then given as 0).
 */
public record ModelCheck(List<Row> rows, List<Component> errors) {
    /** The components checked, in the order of the table: the paper's, then the span model's. */
    public static final List<String> COMPONENTS = List.of("T1'", "T1", "create_task", "wait_tasks", "delay",
            "no_work", "time", "span", "no_work (span)", "time (span)");

    public ModelCheck {
        rows = List.copyOf(rows);
        errors = List.copyOf(errors);
    }

    /** One run: its measured values and the prediction at its (n, p), in the order of {@link #COMPONENTS}. */
    public record Row(TrainingRun run, Prediction prediction) {
        public double[] actual() {
            return new double[] {run.serialWork(), run.work(), run.createTask(), run.waitTasks(), run.delay(),
                                 run.noWork(), run.elapsed(), run.span(), run.noWork(), run.elapsed()};
        }

        public double[] predicted() {
            Prediction q = prediction;
            return new double[] {q.serialWork(), q.work(), q.createTask(), q.waitTasks(), q.delay(), q.noWork(),
                                 q.time(), q.span(), q.noWorkSpan(), q.timeSpan()};
        }
    }

    /** One component's error over the runs. */
    public record Component(String name, FitError error) {}

    public static ModelCheck of(PerformanceModel model, List<TrainingRun> runs) {
        List<Row> rows = new ArrayList<>();
        for (TrainingRun r : runs) {
            rows.add(new Row(r, model.predict(r.n(), r.p())));
        }
        int m = rows.size();
        List<Component> errors = new ArrayList<>();
        for (int c = 0; c < COMPONENTS.size(); c++) {
            double[] actual = new double[m];
            double[] predicted = new double[m];
            for (int i = 0; i < m; i++) {
                actual[i] = rows.get(i).actual()[c];
                predicted[i] = rows.get(i).predicted()[c];
            }
            errors.add(new Component(COMPONENTS.get(c), FitError.of(actual, predicted)));
        }
        return new ModelCheck(rows, errors);
    }
}
