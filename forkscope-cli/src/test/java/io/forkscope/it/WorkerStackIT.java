package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.forkscope.it.programs.WorkerStackPrograms;
import io.forkscope.model.RecordingReader;
import io.forkscope.samples.SampleMain;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The recorder takes more stack per level of nested task execution than the program alone, so the
 * agent gives ForkJoinPool workers four times the JVM's default stack (agent option worker.stack):
 * a program whose nesting fits in a worker's stack without the agent still fits under it.
 */
class WorkerStackIT {
    private static final List<String> OPEN_THREAD = List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "-Xss512k");

    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void everyWorkerGetsTheStackTheOptionAsks(String java, @TempDir Path dir) throws Exception {
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, OPEN_THREAD, WorkerStackPrograms.class), dir);
        assertThat(plain.stdout().trim()).as(plain.stderr()).isEqualTo("own 0 common 0 custom 0 plain 0");

        Path auto = dir.resolve("auto.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + auto, OPEN_THREAD, WorkerStackPrograms.class), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        long four = 4 * 512 * 1024;
        assertThat(r.stdout().trim()).isEqualTo("own " + four + " common " + four + " custom " + four + " plain 0");
        assertThat(RecordingReader.read(auto).info().get("worker.stack", "?")).isEqualTo(Long.toString(four));

        Path sized = dir.resolve("sized.fsk");
        r = ChildJvm.run(ChildJvm.command(java, "out=" + sized + ",worker.stack=3m", OPEN_THREAD,
                WorkerStackPrograms.class), dir);
        long three = 3 << 20;
        assertThat(r.stdout().trim()).as(r.stderr()).isEqualTo("own " + three + " common " + three + " custom " + three
                + " plain 0");

        Path off = dir.resolve("off.fsk");
        r = ChildJvm.run(ChildJvm.command(java, "out=" + off + ",worker.stack=off", OPEN_THREAD,
                WorkerStackPrograms.class), dir);
        assertThat(r.stdout().trim()).as(r.stderr()).isEqualTo("own 0 common 0 custom 0 plain 0");
        assertThat(RecordingReader.read(off).info().get("worker.stack", "none")).isEqualTo("none");
    }

    private static String withoutTimes(String out) {
        return out.replaceAll("kernel_ms=\\S+", "kernel_ms=?");
    }

    /**
     * The bundled uts at its default size nests tasks some 460 deep; under --sites it overflowed a
     * 1 MiB worker stack in about one run in ten before workers got more. At -Xss512k it needs some
     * 300 KiB without the agent and up to about 1.1 MiB under --sites.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void deeplyNestedTasksRunUnderCallSites(String java, @TempDir Path dir) throws Exception {
        String[] args = {"uts", "--workers", "2"};
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of("-Xss512k"), SampleMain.class, args), dir);
        assumeThat(plain.exitCode()).as("uts runs at -Xss512k without the agent: " + plain.stderr()).isZero();
        for (int i = 0; i < 2; i++) {
            Path out = dir.resolve("uts" + i + ".fsk");
            ChildJvm.Result r = ChildJvm.run(ChildJvm.command(java, "out=" + out + ",sites=true", List.of("-Xss512k"),
                    SampleMain.class, args), dir);
            assertThat(r.programStderr()).doesNotContain("StackOverflowError");
            assertThat(r.exitCode()).as(r.stderr()).isZero();
            assertThat(withoutTimes(r.stdout())).isEqualTo(withoutTimes(plain.stdout()));
        }
    }
}
