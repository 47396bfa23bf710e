package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.it.programs.PoolModePrograms;
import io.forkscope.model.RecordingReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The agent's pool.mode makes every pool a program creates FIFO or LIFO, on every JDK. */
class PoolModeIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void poolModeIsImposedOnEveryConstructor(String java, @TempDir Path dir) throws Exception {
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of(), PoolModePrograms.class), dir);
        assertThat(plain.stdout().trim()).isEqualTo("async false false true false");
        for (String mode : List.of("fifo", "lifo")) {
            Path out = dir.resolve(mode + ".fsk");
            ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",pool.mode=" + mode, List.of(),
                    PoolModePrograms.class), dir);
            assertThat(r.exitCode()).as(r.stderr()).isZero();
            String expected = mode.equals("fifo") ? "true" : "false";
            assertThat(r.stdout().trim()).isEqualTo("async " + String.join(" ", List.of(expected, expected, expected, expected)));
            assertThat(RecordingReader.read(out).info().get("pool.mode", "?")).isEqualTo(mode);
        }
    }
}
