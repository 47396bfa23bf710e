package io.forkscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Training runs generated exactly from the model's equations (Eqs. 9–15, and {@link SpanNoWork})
 * with known non-negative coefficients: the oracle of the model tests. Nothing here is fitted; it
 * evaluates the equations forwards, so a fit that recovers the world predicts what it generates.
 */
record EquationWorld(SizeScale scale, double[] b, double[] a, double[] d, double[] e, double[] c, double[] f,
                     double[] s, double[] h, boolean spanNoWork) {

    /**
     * A plausible program in nanoseconds: T1' ≈ 2e5 + 4 n lg n + 0.002 n², tasks ∝ n, and a span
     * that leaves a parallelism T1/T∞ of about 2.4 at n = 1000, 7 at 8000 and 30 at 32000: the
     * training grid (p ≤ 4) has runs on both sides of it, without which {@link SpanNoWork}'s h4
     * (zero until p·T∞ &gt; T1) could not be told from 0.
     */
    static EquationWorld typical(boolean spanNoWork) {
        return new EquationWorld(SizeScale.LINEAR,
                new double[] {2e5, 0, 4, 0.002, 0, 0, 0},
                new double[] {0.05, 0.01},
                new double[] {0, 0.02, 0, 0, 0, 0},
                new double[] {0, 0.015, 0.0004, 0, 0, 0},
                new double[] {300, 50, 100, 200, 0, 80},
                new double[] {1e4, 2, 0, 0},
                new double[] {6e4, 3000, 0, 0, 0.05, 0, 0, 0, 0},
                new double[] {5e4, 0.3, 0.5, 0.8},
                spanNoWork);
    }

    double serialWork(double n) {
        return dot(b, ModelBases.serialWork(scale.size(n)));
    }

    double work(double n, int p) {
        double t1s = serialWork(n);
        return t1s + dot(a, ModelBases.work(t1s, p));
    }

    double createTask(double n) {
        return dot(d, ModelBases.counts(scale.size(n)));
    }

    double waitTasks(double n) {
        return dot(e, ModelBases.counts(scale.size(n)));
    }

    double delay(double n, int p) {
        return dot(c, ModelBases.delay(createTask(n), waitTasks(n), p));
    }

    double span(double n) {
        return dot(s, SpanNoWork.span(scale.size(n)));
    }

    double noWork(double n, int p) {
        return spanNoWork ? dot(h, SpanNoWork.noWork(span(n), work(n, p), p))
                : dot(f, ModelBases.noWork(scale.size(n), p));
    }

    double time(double n, int p) {
        return (work(n, p) + delay(n, p) + noWork(n, p)) / p;
    }

    TrainingRun run(double n, int p) {
        return new TrainingRun(n, p, serialWork(n), work(n, p), createTask(n), waitTasks(n), delay(n, p), noWork(n, p),
                time(n, p), span(n));
    }

    List<TrainingRun> grid(double[] ns, int[] ps) {
        List<TrainingRun> runs = new ArrayList<>();
        for (double n : ns) {
            for (int p : ps) {
                runs.add(run(n, p));
            }
        }
        return runs;
    }

    static double dot(double[] coefficients, double[] features) {
        return NonNegativeLasso.predict(features, coefficients);
    }
}
