package io.forkscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * model check's error table on a hand-made model and three hand-made runs, every error worked out
 * by hand: |actual − predicted| / actual per run, runs with actual 0 left out, quartiles at
 * position q·(rows − 1).
 */
class ModelCheckTest {
    /** T1' = 1000, T1 = T1', create = n, wait = 0, delay = 10·create, no_work = 100 (p−1)², T∞ = 50, span no-work = (p−1) T∞. */
    static PerformanceModel handMade() {
        FitError none = FitError.of(new double[0], new double[0]);
        return new PerformanceModel(SizeScale.LINEAR, SizeScale.LINEAR, Validation.FORWARD,
                component("T1'", "b", ModelBases.SERIAL_WORK, 1000, 0, 0, 0, 0, 0, 0),
                component("T1", "a", ModelBases.WORK, 0, 0),
                component("create_task", "d", ModelBases.COUNTS, 0, 1, 0, 0, 0, 0),
                component("wait_tasks", "e", ModelBases.COUNTS, 0, 0, 0, 0, 0, 0),
                component("delay", "c", ModelBases.DELAY, 10, 0, 0, 0, 0, 0),
                component("no_work", "f", ModelBases.NO_WORK, 100, 0, 0, 0),
                component("span", "s", SpanNoWork.SPAN, 50, 0, 0, 0, 0, 0, 0, 0, 0),
                component("no_work (span)", "h", SpanNoWork.NO_WORK, 0, 1, 0, 0), none, none);
    }

    static FittedComponent component(String name, String letter, List<String> bases, double... coefficients) {
        return new FittedComponent(name, ModelBases.names(letter, bases.size()), bases, coefficients, 0,
                FitError.of(new double[0], new double[0]));
    }

    @Test
    void theErrorTableIsTheHandComputedOne() {
        PerformanceModel m = handMade();
        Prediction q = m.predict(10, 2);
        // T1' 1000, T1 1000, create 10, wait 0, delay 100, no_work 100, time 1200/2, span 50, no_work 50, time 1150/2
        assertThat(new double[] {q.serialWork(), q.work(), q.createTask(), q.waitTasks(), q.delay(), q.noWork(),
                                 q.time(), q.span(), q.noWorkSpan(), q.timeSpan()})
                .containsExactly(1000, 1000, 10, 0, 100, 100, 600, 50, 50, 575);
        List<TrainingRun> runs = List.of(
                new TrainingRun(10, 2, 1000, 1100, 10, 5, 80, 125, 500, 40),
                new TrainingRun(10, 2, 0, 800, 8, 0, 125, 100, 750, 50),     // T1' unknown: no error of its own
                new TrainingRun(10, 2, 1250, 1000, 20, 4, 100, 0, 600, 100));
        ModelCheck c = ModelCheck.of(m, runs);
        assertThat(c.rows()).hasSize(3);
        assertThat(c.errors()).extracting(ModelCheck.Component::name).isEqualTo(ModelCheck.COMPONENTS);
        expect(c, "T1'", 2, 0.05, 0.1, 0.15, 0.2);                              // 0, 0.2
        expect(c, "T1", 3, 100 / 2200.0, 100 / 1100.0, (100 / 1100.0 + 0.25) / 2, 0.25); // 0.0909, 0.25, 0
        expect(c, "create_task", 3, 0.125, 0.25, 0.375, 0.5);                   // 0, 0.25, 0.5
        expect(c, "wait_tasks", 2, 1, 1, 1, 1);                                 // 1, 1
        expect(c, "delay", 3, 0.1, 0.2, 0.225, 0.25);                           // 0.25, 0.2, 0
        expect(c, "no_work", 2, 0.05, 0.1, 0.15, 0.2);                          // 0.2, 0
        expect(c, "time", 3, 0.1, 0.2, 0.2, 0.2);                               // 0.2, 0.2, 0
        expect(c, "span", 3, 0.125, 0.25, 0.375, 0.5);                          // 0.25, 0, 0.5
        expect(c, "no_work (span)", 2, 0.525, 0.55, 0.575, 0.6);                // 0.6, 0.5
        expect(c, "time (span)", 3, (25 / 600.0 + 0.15) / 2, 0.15, (0.15 + 175 / 750.0) / 2, 175 / 750.0);
    }

    private static void expect(ModelCheck c, String name, int rows, double q1, double median, double q3, double max) {
        FitError e = c.errors().get(ModelCheck.COMPONENTS.indexOf(name)).error();
        assertThat(e.rows()).as(name).isEqualTo(rows);
        assertThat(new double[] {e.firstQuartile(), e.median(), e.thirdQuartile(), e.max()}).as(name)
                .containsExactly(new double[] {q1, median, q3, max}, within(1e-12));
    }
}
