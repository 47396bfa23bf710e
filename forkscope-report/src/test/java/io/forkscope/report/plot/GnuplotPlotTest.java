package io.forkscope.report.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GnuplotPlotTest {
    @Test
    void dataFilesHoldTheBoundsAndTheMeasuredSpeedups(@TempDir Path dir) throws Exception {
        List<SvgPlot.Chart> charts = List.of(new SvgPlot.Chart(ScalingCurves.of(PlotFixture.section(), 16), "note"));
        GnuplotPlot.Written w = GnuplotPlot.write(charts, "test", dir, false);
        assertThat(w.files()).containsExactly("01-sort-bounds.dat", "01-sort-measured.dat", "scaling.gp");

        double[] four = row(dir.resolve("01-sort-bounds.dat"), 4);
        assertThat(four[1]).isEqualTo(4.0);                       // work law
        assertThat(four[2]).isEqualTo(100.0);                     // span law
        assertThat(four[3]).isCloseTo(PlotFixture.LOWER_4, within(1e-6));
        assertThat(four[4]).isEqualTo(4.0);                       // upper bound
        double[] sixteen = row(dir.resolve("01-sort-bounds.dat"), 16);
        assertThat(sixteen[3]).isCloseTo(PlotFixture.LOWER_16, within(1e-6));
        assertThat(sixteen[4]).isEqualTo(16.0);

        double[] two = row(dir.resolve("01-sort-measured.dat"), 2);
        assertThat(two[1]).isCloseTo(1000.0 / 520, within(1e-6));
        assertThat(two[2]).isCloseTo(1000.0 / 540, within(1e-6));
        assertThat(two[3]).isCloseTo(2.0, within(1e-6));
        assertThat(two[4]).isEqualTo(3);

        String script = Files.readString(dir.resolve("scaling.gp"));
        assertThat(script).contains("set output '01-sort.svg'", "set xrange [0:16]", "'01-sort-bounds.dat' using 1:2",
                "using 1:4 with lines", "'01-sort-measured.dat' using 1:2:3:4 with yerrorbars");

        assertThatThrownBy(() -> GnuplotPlot.write(charts, "test", dir, false))
                .isInstanceOf(FileAlreadyExistsException.class);
        GnuplotPlot.write(charts, "again", dir, true);
        assertThat(Files.readString(dir.resolve("scaling.gp"))).startsWith("# again");
    }

    @Test
    void labelsBecomeSafeFileNames() {
        assertThat(GnuplotPlot.slug("")).isEqualTo("whole-run");
        assertThat(GnuplotPlot.slug("a/b c.d")).isEqualTo("a_b_c.d");
        assertThat(GnuplotPlot.slug("..")).isEqualTo("_.");
    }

    /** @return the data row whose first column is {@code p}, as numbers */
    static double[] row(Path file, int p) throws Exception {
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith("#")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (Integer.parseInt(f[0]) == p) {
                double[] v = new double[f.length];
                for (int i = 0; i < f.length; i++) {
                    v[i] = Double.parseDouble(f[i]);
                }
                return v;
            }
        }
        throw new AssertionError("no row for P = " + p + " in " + file);
    }
}
