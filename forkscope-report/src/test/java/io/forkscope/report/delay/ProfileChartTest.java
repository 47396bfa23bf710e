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

    @Test
    void gnuplotDataHasOneRowPerSampleAndTheScriptStacksThem(@TempDir Path dir) throws Exception {
        Dag dag = DelayFixtures.delayedSlow();
        List<ProfileSample> s = samples(dag);
        List<String> files = ProfileGnuplot.write(s, dag.begin(), dag.workers(), "profile of run.fsk", dir, false);
        assertThat(files).containsExactly("profile.dat", "profile.gp");
        List<String> data = Files.readAllLines(dir.resolve("profile.dat"));
        assertThat(data.get(0)).isEqualTo("# start_ms end_ms running ready_create ready_create_cont ready_wait_cont ready_end");
        assertThat(data).hasSize(1 + s.size());
        // [0.020, 0.025) ms: nothing runs, B ready after its create edge
        assertThat(data).contains("0.020000 0.025000 0.000000 1.000000 0.000000 0.000000 0.000000");
        String script = Files.readString(dir.resolve("profile.gp"));
        assertThat(script).contains("set output 'profile.svg'", "($3+$4+$5+$6+$7)", "title 'running'",
                "title 'workers P = 2'");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> ProfileGnuplot.write(s, dag.begin(), dag.workers(), "x", dir, false))
                .isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
        ProfileGnuplot.write(s, dag.begin(), dag.workers(), "x", dir, true);
    }
}
