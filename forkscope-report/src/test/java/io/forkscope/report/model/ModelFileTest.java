package io.forkscope.report.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.analysis.model.FittedComponent;
import io.forkscope.analysis.model.PerformanceModel;
import io.forkscope.analysis.model.Prediction;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model fitted on an index generated from known coefficients ({@link GeneratedSweep}): it predicts
 * what the equations give beyond the grid, and once written and read back it predicts exactly the
 * same doubles; files that are not models are refused in one line.
 */
class ModelFileTest {
    static final long[] NS = {1000, 1500, 2000, 3000, 4000, 6000, 8000};
    static final int[] PS = {1, 2, 3, 4};

    @TempDir
    Path dir;

    static TrainingSet trainingSet(Path dir) throws Exception {
        Path index = dir.resolve(SweepIndex.FILE_NAME);
        StringWriter w = new StringWriter();
        SweepIndex.write(GeneratedSweep.grid(NS, PS, 1), w);
        Files.writeString(index, w.toString());
        return TrainingSet.screen(SweepIndex.read(index), false, true);
    }

    @Test
    void aFitOnAGeneratedIndexPredictsTheEquationsBeyondTheGrid() throws Exception {
        TrainingSet set = trainingSet(dir);
        assertThat(set.refused()).isEmpty();
        assertThat(set.flagged()).isEmpty();
        PerformanceModel m = PerformanceModel.fit(set.runs(), false);
        for (double n : new double[] {8000, 16000, 32000}) {
            for (int p : new int[] {2, 8, 32}) {
                Prediction q = m.predict(n, p);
                // the index rounds to whole nanoseconds: 1e-3 is far above that and far below any real error
                assertThat(relative(q.time(), GeneratedSweep.time(n, p))).as("time(%s, %d)", n, p).isLessThan(1e-3);
                assertThat(relative(q.work(), GeneratedSweep.work(n, p))).isLessThan(1e-3);
                assertThat(relative(q.delay(), GeneratedSweep.delay(n, p))).isLessThan(1e-3);
                assertThat(relative(q.noWork(), GeneratedSweep.noWork(n, p))).isLessThan(1e-3);
            }
        }
        assertThat(m.timeError().median()).isLessThan(1e-4);
    }

    @Test
    void aModelReadBackPredictsExactlyWhatItPredictedWhenFitted() throws Exception {
        TrainingSet set = trainingSet(dir);
        for (boolean exponential : new boolean[] {false, true}) {
            PerformanceModel m = PerformanceModel.fit(exponential ? set.runs().stream().map(r -> new io.forkscope
                    .analysis.model.TrainingRun(Math.log(r.n()) / Math.log(2), r.p(), r.serialWork(), r.work(),
                    r.createTask(), r.waitTasks(), r.delay(), r.noWork(), r.elapsed(), r.span())).toList()
                    : set.runs(), exponential);
            StringWriter w = new StringWriter();
            ModelFile.write(m, set.grid(), w);
            ModelFile.Loaded back = ModelFile.read(new StringReader(w.toString()));
            assertThat(back.model().exponential()).isEqualTo(exponential);
            assertThat(back.grid()).isEqualTo(set.grid());
            assertThat(back.model().timeError()).isEqualTo(m.timeError());
            assertThat(back.model().timeErrorSpan()).isEqualTo(m.timeErrorSpan());
            List<FittedComponent> a = m.components();
            List<FittedComponent> b = back.model().components();
            for (int i = 0; i < a.size(); i++) {
                assertThat(b.get(i).name()).isEqualTo(a.get(i).name());
                assertThat(b.get(i).coefficientNames()).isEqualTo(a.get(i).coefficientNames());
                assertThat(b.get(i).coefficients()).isEqualTo(a.get(i).coefficients());
                assertThat(b.get(i).alpha()).isEqualTo(a.get(i).alpha());
                assertThat(b.get(i).trainingError()).isEqualTo(a.get(i).trainingError());
            }
            for (double n : new double[] {3, 10, 1000, 64000}) {
                for (int p : new int[] {1, 2, 7, 64}) {
                    assertThat(back.model().predict(n, p)).isEqualTo(m.predict(n, p));
                }
            }
            // and written again, the same text
            StringWriter again = new StringWriter();
            ModelFile.write(back.model(), back.grid(), again);
            assertThat(again.toString()).isEqualTo(w.toString());
        }
    }

    /** A model fitted on net times or fastest trials says so in its file; a file without the fields (older) is elapsed, all. */
    @Test
    void theTimeAModelLearntIsKeptInItsFile() throws Exception {
        TrainingSet set = trainingSet(dir);
        TrainingSet net = TrainingSet.screen(set.kept(), false, true, true, true);
        PerformanceModel m = PerformanceModel.fit(net.runs(), false);
        StringWriter w = new StringWriter();
        ModelFile.write(m, net.grid(), w);
        assertThat(w.toString()).contains("\"time\" : \"net\"", "\"trials_kept\" : \"fastest\"");
        ModelFile.Loaded back = ModelFile.read(new StringReader(w.toString()));
        assertThat(back.grid().net()).isTrue();
        assertThat(back.grid().fastestTrial()).isTrue();
        assertThat(back.grid()).isEqualTo(net.grid());
        String older = w.toString().replace(",\n    \"time\" : \"net\",\n    \"trials_kept\" : \"fastest\"", "");
        assertThat(older).doesNotContain("trials_kept");
        back = ModelFile.read(new StringReader(older));
        assertThat(back.grid().net()).isFalse();
        assertThat(back.grid().fastestTrial()).isFalse();
        assertNotAModel(w.toString().replace("\"net\"", "\"cpu\""), "training time 'cpu' or trials_kept 'fastest' unknown");
    }

    @Test
    void whatIsNotAModelIsRefusedInOneLine() throws Exception {
        TrainingSet set = trainingSet(dir);
        StringWriter w = new StringWriter();
        ModelFile.write(PerformanceModel.fit(set.runs(), false), set.grid(), w);
        String good = w.toString();
        assertNotAModel("", "empty");
        assertNotAModel("{\"file\": \"run.fsk\", \"complete\": true}", "not a forkscope model");
        assertNotAModel("[1, 2]", "not a forkscope model");
        assertNotAModel("n,p,trial\n", "not JSON");
        assertNotAModel(good.replace("\"version\" : 1", "\"version\" : 7"), "version 7.0; this forkscope reads version 1");
        assertNotAModel(good.replace("\"n lg n\"", "\"n ln n\""), "bases");
        assertNotAModel(good.replace("\"exponential\" : false", "\"exponential\" : \"no\""), "a damaged forkscope model");
        assertNotAModel(good.replace("\"b1\" : ", "\"b1\" : -"), "not a finite non-negative coefficient");
        assertNotAModel(good.replace("\"no_work_span\"", "\"other\""), "no component \"no_work_span\"");
    }

    private static void assertNotAModel(String text, String message) {
        assertThatThrownBy(() -> ModelFile.read(new StringReader(text))).as(text)
                .isInstanceOf(ModelFile.NotAModel.class).hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    static double relative(double predicted, double actual) {
        return Math.abs(predicted - actual) / actual;
    }
}
