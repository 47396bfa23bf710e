package io.forkscope.report.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.analysis.model.FittedComponent;
import io.forkscope.analysis.model.ModelOptions;
import io.forkscope.analysis.model.SerialBases;
import io.forkscope.analysis.model.Validation;
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
        PerformanceModel m = PerformanceModel.fit(set.runs(), ModelOptions.linear());
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
                    : set.runs(), exponential ? ModelOptions.exponentialFitted() : ModelOptions.linear());
            StringWriter w = new StringWriter();
            ModelFile.write(m, set.grid(), w);
            ModelFile.Loaded back = ModelFile.read(new StringReader(w.toString()));
            assertThat(back.model().exponential()).isEqualTo(exponential);
            assertThat(back.model().scale()).isEqualTo(m.scale());
            assertThat(back.model().validation()).isEqualTo(m.validation());
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
        PerformanceModel m = PerformanceModel.fit(net.runs(), ModelOptions.linear());
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

    /**
     * A version 1 file (written before b could be chosen: no "base", no "validation") still loads: an
     * exponential one in 2ⁿ, all in leave-one-n-out's name, and it predicts what the same coefficients
     * predict in a version 2 file.
     */
    @Test
    void aVersionOneModelStillLoads() throws Exception {
        TrainingSet set = trainingSet(dir);
        List<io.forkscope.analysis.model.TrainingRun> inLog = set.runs().stream().map(r -> new io.forkscope.analysis
                .model.TrainingRun(Math.log(r.n()) / Math.log(2), r.p(), r.serialWork(), r.work(), r.createTask(),
                r.waitTasks(), r.delay(), r.noWork(), r.elapsed(), r.span())).toList();
        for (PerformanceModel m : List.of(PerformanceModel.fit(set.runs(), ModelOptions.linear()),
                PerformanceModel.fit(inLog, ModelOptions.exponential(2).withValidation(Validation.GROUPS)))) {
            StringWriter w = new StringWriter();
            ModelFile.write(m, set.grid(), w);
            String v2 = w.toString();
            assertThat(v2).contains("\"version\" : 2", "\"validation\" : ");
            String v1 = v2.replace("\"version\" : 2", "\"version\" : 1").replaceAll("\n  \"(count_)?base\" : [0-9.]+,", "")
                    .replaceAll("\n  \"validation\" : \"[a-z]+\",", "");
            assertThat(v1).doesNotContain("\"base\"", "\"validation\"");
            ModelFile.Loaded back = ModelFile.read(new StringReader(v1));
            assertThat(back.model().scale()).isEqualTo(m.scale());
            assertThat(back.model().validation()).isEqualTo(Validation.GROUPS);
            for (double n : new double[] {3, 10, 1000, 64000}) {
                assertThat(back.model().predict(n, 8)).isEqualTo(m.predict(n, 8));
            }
        }
    }

    /** T1' bases a user named are kept in the file and evaluated as written when read back. */
    @Test
    void basesAUserNamedReadBack() throws Exception {
        TrainingSet set = trainingSet(dir);
        PerformanceModel m = PerformanceModel.fit(set.runs(), ModelOptions.linear()
                .withSerialBases(SerialBases.parse("1, n lg n, n^2.5")));
        StringWriter w = new StringWriter();
        ModelFile.write(m, set.grid(), w);
        assertThat(w.toString()).contains("\"n^2.5\"");
        ModelFile.Loaded back = ModelFile.read(new StringReader(w.toString()));
        assertThat(back.model().serialWork().bases()).containsExactly("1", "n lg n", "n^2.5");
        assertThat(back.model().predict(64000, 8)).isEqualTo(m.predict(64000, 8));
        assertNotAModel(w.toString().replace("\"n^2.5\"", "\"n^2.5 ln n\""), "serial_work bases");
        assertNotAModel(w.toString().replace("\"n^2.5\"", "\"n lg n\""), "serial_work bases");        // twice
        assertNotAModel(w.toString().replace("\"n^2.5\"", "\"n^2.50\""), "serial_work bases");        // not canonical
    }

    /** A model fitted on the trials' medians says so, and reads back so. */
    @Test
    void medianTrialsAreKeptInTheFile() throws Exception {
        TrainingSet set = trainingSet(dir);
        TrainingSet median = TrainingSet.screen(set.kept(), false, true, false, TrialsKept.MEDIAN);
        StringWriter w = new StringWriter();
        ModelFile.write(PerformanceModel.fit(median.runs(), ModelOptions.linear()), median.grid(), w);
        assertThat(w.toString()).contains("\"trials_kept\" : \"median\"");
        assertThat(ModelFile.read(new StringReader(w.toString())).grid().trialsKept()).isEqualTo(TrialsKept.MEDIAN);
    }

    @Test
    void whatIsNotAModelIsRefusedInOneLine() throws Exception {
        TrainingSet set = trainingSet(dir);
        StringWriter w = new StringWriter();
        ModelFile.write(PerformanceModel.fit(set.runs(), ModelOptions.linear()), set.grid(), w);
        String good = w.toString();
        assertNotAModel("", "empty");
        assertNotAModel("{\"file\": \"run.fsk\", \"complete\": true}", "not a forkscope model");
        assertNotAModel("[1, 2]", "not a forkscope model");
        assertNotAModel("n,p,trial\n", "not JSON");
        assertNotAModel(good.replace("\"version\" : 2", "\"version\" : 7"), "version 7.0; this forkscope reads versions 1 and 2");
        assertNotAModel(good.replace("\"version\" : 2", "\"version\" : 1.5"), "version 1.5");
        assertNotAModel(good.replace("\"validation\" : \"forward\"", "\"validation\" : \"sideways\""),
                "a damaged forkscope model");
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
