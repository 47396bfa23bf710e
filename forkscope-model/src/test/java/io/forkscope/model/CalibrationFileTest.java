package io.forkscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationFileTest {
    static final Calibration SAMPLE = new Calibration(3325, 3325, 3375, 5368, 5438, 20000, 19990, "17.0.21.1",
            "/usr/lib/jvm/java-17", "vm", "2026-11-22T16:13:51Z");

    @Test
    void writesAndReadsBackEveryField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub").resolve("c.properties");
        CalibrationFile.write(file, SAMPLE);
        assertThat(CalibrationFile.read(file)).isEqualTo(SAMPLE);
        assertThat(Files.readString(file)).contains("burden.ns=3325");
    }

    @Test
    void theCacheLivesUnderXdgCacheHomeOrTheHomeDirectory() {
        assertThat(CalibrationFile.cacheDirectory("/x/cache", "/home/u")).isEqualTo(Path.of("/x/cache/forkscope"));
        assertThat(CalibrationFile.cacheDirectory(null, "/home/u")).isEqualTo(Path.of("/home/u/.cache/forkscope"));
        assertThat(CalibrationFile.cacheDirectory(" ", "/home/u")).isEqualTo(Path.of("/home/u/.cache/forkscope"));
        assertThat(CalibrationFile.cacheFile(Path.of("/c"), "25.0.3", "my host/1"))
                .isEqualTo(Path.of("/c/calibration-25.0.3-my_host_1.properties"));
    }

    @Test
    void theSourceNamesTheFileAndTheDate() {
        assertThat(SAMPLE.sourceDescription(Path.of("/c/f.properties")))
                .isEqualTo("calibrated (/c/f.properties, 2026-11-22T16:13:51Z)");
    }

    @Test
    void aBrokenFileIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("none.properties");
        assertThatThrownBy(() -> CalibrationFile.read(missing)).isInstanceOf(RecordingException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("no such calibration file");
        Path noBurden = dir.resolve("a.properties");
        Files.writeString(noBurden, "forks=3\n");
        assertThatThrownBy(() -> CalibrationFile.read(noBurden)).hasMessageContaining(noBurden + ": not a calibration file (no burden.ns)");
        Path negative = dir.resolve("b.properties");
        CalibrationFile.write(negative, SAMPLE);
        Files.writeString(negative, Files.readString(negative).replace("burden.ns=3325", "burden.ns=-4"));
        assertThatThrownBy(() -> CalibrationFile.read(negative)).hasMessageContaining("damaged calibration file (burden.ns = '-4')");
    }
}
