package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Calibration;
import io.forkscope.model.CalibrationFile;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.it.programs.ExitPrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * forkscope calibrate and record --burden-ns auto, in JVMs of their own so that the cache goes to a
 * temporary XDG_CACHE_HOME.
 */
class CalibrateIT {
    record Run(int exit, String out, String err) {}

    static Run forkscope(Path cache, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(CliIT.java(), "-jar", ChildJvm.jar().toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(cache, "out", ".txt");
        Path err = Files.createTempFile(cache, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void calibrateReportsLatenciesAndCachesTheBurden(@TempDir Path cache) throws Exception {
        Run r = forkscope(cache, "calibrate", "--forks", "2000");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("create -> child start", "create -> parent resume", "median", "p90", " forks, ");
        Matcher burden = Pattern.compile("Burden: ([0-9,]+) ns per steal").matcher(r.out());
        assertThat(burden.find()).as(r.out()).isTrue();
        Path file = cached(cache).get(0);
        assertThat(r.out()).contains("Cached in " + file);
        assertThat(file.getFileName().toString()).startsWith("calibration-" + System.getProperty("java.version") + "-");
        Calibration c = CalibrationFile.read(file);
        assertThat(c.burdenNs()).isEqualTo(Long.parseLong(burden.group(1).replace(",", "")));
        assertThat(c.burdenNs()).isEqualTo(c.childStartMedianNs());
        assertThat(c.childStartP90Ns()).isGreaterThanOrEqualTo(c.childStartMedianNs());
        assertThat(c.parentResumeP90Ns()).isGreaterThanOrEqualTo(c.parentResumeMedianNs());
        // a busy machine may stop the benchmark early (its time budget), never late
        assertThat(c.forks()).isPositive().isLessThanOrEqualTo(2000);
        assertThat(c.stolen()).isPositive().isLessThanOrEqualTo(c.forks());
        assertThat(r.out()).contains(String.format(java.util.Locale.ROOT, "%,d forks, %,d stolen", c.forks(), c.stolen()));
        assertThat(c.javaVersion()).isEqualTo(System.getProperty("java.version"));
    }

    @Test
    void recordWithAutoBurdenCalibratesOnceAndSaysWhere(@TempDir Path cache) throws Exception {
        Path rec = cache.resolve("auto.fsk");
        Run first = forkscope(cache, "record", "--burden-ns", "auto", "-o", rec.toString(), "--", CliIT.java(), "-cp",
                CliIT.cp(), ExitPrograms.class.getName(), "normal");
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.err()).contains("no calibration for Java " + System.getProperty("java.version"));
        Path file = cached(cache).get(0);
        Calibration c = CalibrationFile.read(file);
        Recording r = RecordingReader.read(rec);
        assertThat(r.info().burden()).isEqualTo(c.burdenNs());
        assertThat(r.info().burdenSource()).isEqualTo("calibrated (" + file + ", " + c.date() + ")");

        Run again = forkscope(cache, "record", "--force", "--burden-ns", "auto", "-o", rec.toString(), "--",
                CliIT.java(), "-cp", CliIT.cp(), ExitPrograms.class.getName(), "normal");
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.err()).doesNotContain("no calibration");
        assertThat(RecordingReader.read(rec).info().burden()).isEqualTo(c.burdenNs());
        Run summary = forkscope(cache, "summary", rec.toString());
        // the unit line is prose, cut at 120 columns: its words in order
        assertThat(summary.out().replaceAll("\\s+", " ")).contains("per steal edge, calibrated (" + file + ", " + c.date()
                + ")");

        Run bad = forkscope(cache, "record", "--burden-ns", "lots", "-o", cache.resolve("x.fsk").toString(), "--", "java");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err().strip()).isEqualTo("forkscope: --burden-ns needs a non-negative whole number of nanoseconds"
                + " or 'auto', not 'lots'");
    }

    @Test
    void eachJdkHasItsOwnCalibration(@TempDir Path cache) throws Exception {
        List<String> javas = Jdks.javas();
        for (String java : javas) {
            Run r = forkscope(cache, "calibrate", "--forks", "500", "--java", java);
            assertThat(r.exit()).as(r.err()).isZero();
        }
        assertThat(cached(cache)).hasSize(javas.size());
    }

    static List<Path> cached(Path cache) throws Exception {
        try (Stream<Path> s = Files.list(cache.resolve("forkscope"))) {
            return s.filter(f -> f.getFileName().toString().endsWith(".properties")).sorted().toList();
        }
    }
}
