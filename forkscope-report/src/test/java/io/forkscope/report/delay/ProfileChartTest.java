package io.forkscope.report.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.delay.ParallelismProfile;
import io.forkscope.analysis.delay.ProfileResampling;
import io.forkscope.analysis.delay.ProfileSample;
import io.forkscope.model.dag.Dag;
import io.forkscope.report.plot.SvgPlot;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.InputSource;

class ProfileChartTest {
    @BeforeAll
    static void headless() {
        SvgPlot.headless();
    }

    private static List<ProfileSample> samples(Dag dag) {
        return ProfileResampling.resample(ParallelismProfile.of(dag), 2000);
    }

    @Test
    void theSvgHasEverySeries() throws Exception {
        Dag dag = DelayFixtures.delayedSlow();
        StringWriter out = new StringWriter();
        ProfileChart.write(samples(dag), dag.begin(), dag.workers(), "Parallelism profile of run.fsk", "P = 2", out);
        String svg = out.toString();
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
        assertThat(svg).contains("Parallelism profile of run.fsk", "running", "ready (create)", "ready (create-cont)",
                "ready (wait-cont)", "ready (end)", "workers P = 2", "Time since the run", "rgb(44,160,44)",
                "rgb(31,119,180)");
    }

    /** Not running and forkscope's share get their bands when a sample has them, and only then. */
    @Test
    void notRunningAndForkscopeAreBandsOfTheirOwnWhenTheRunHasThem() throws Exception {
        double[] ready = {0.5, 0, 0, 0};
        List<ProfileSample> with = List.of(new ProfileSample(0, 1e6, 1, ready, 0.25, 0.5));
        StringWriter out = new StringWriter();
        ProfileChart.write(with, 0, 2, "p", "", out);
        assertThat(out.toString()).contains("not running", "forkscope (hooks, held nodes)", "rgb(160,160,160)",
                "rgb(148,103,189)");
        assertThat(ProfileChart.bands(with.get(0))).containsExactly(1, 0.5, 0, 0, 0, 0.25, 0.5);
        StringWriter without = new StringWriter();
        ProfileChart.write(List.of(new ProfileSample(0, 1e6, 1, ready)), 0, 2, "p", "", without);
        assertThat(without.toString()).doesNotContain("not running", "forkscope (hooks");
    }

    @Test
    void gnuplotDataHasOneRowPerSampleAndTheScriptStacksThem(@TempDir Path dir) throws Exception {
        Dag dag = DelayFixtures.delayedSlow();
        List<ProfileSample> s = samples(dag);
        List<String> files = ProfileGnuplot.write(s, dag.begin(), dag.workers(), "profile of run.fsk", dir, false);
        assertThat(files).containsExactly("profile.dat", "profile.gp");
        List<String> data = Files.readAllLines(dir.resolve("profile.dat"));
        assertThat(data.get(0)).isEqualTo(
                "# start_ms end_ms running ready_create ready_create_cont ready_wait_cont ready_end not_running forkscope");
        assertThat(data).hasSize(1 + s.size());
        // [0.020, 0.025) ms: nothing runs, B ready after its create edge
        assertThat(data).contains("0.020000 0.025000 0.000000 1.000000 0.000000 0.000000 0.000000 0.000000 0.000000");
        String script = Files.readString(dir.resolve("profile.gp"));
        assertThat(script).contains("set output 'profile.svg'", "($3+$4+$5+$6+$7)", "($3+$4+$5+$6+$7+$8+$9)",
                "title 'not running'", "title 'forkscope (hooks, held nodes)'", "title 'running'",
                "title 'workers P = 2'");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> ProfileGnuplot.write(s, dag.begin(), dag.workers(), "x", dir, false))
                .isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
        ProfileGnuplot.write(s, dag.begin(), dag.workers(), "x", dir, true);
    }
}
