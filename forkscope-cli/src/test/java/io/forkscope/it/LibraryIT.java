package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.it.programs.LibraryPrograms;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RegionRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parallel streams and Arrays.parallelSort run on the common pool through CountedCompleters the
 * program never sees: the agent must see their tasks, and the results must not change.
 */
class LibraryIT {
    static List<String> javas() {
        return Jdks.javas();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("javas")
    void streamsAndParallelSortAreSeenAndUnchanged(String java, @TempDir Path dir) throws Exception {
        List<String> jvmArgs = List.of("-Djava.util.concurrent.ForkJoinPool.common.parallelism=8");
        Path out = dir.resolve("lib.fsk");
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, jvmArgs, LibraryPrograms.class), dir);
        ChildJvm.Result recorded = ChildJvm.run(ChildJvm.command(java, "out=" + out, jvmArgs, LibraryPrograms.class), dir);
        assertThat(plain.exitCode()).as(plain.stderr()).isZero();
        assertThat(recorded.exitCode()).as(recorded.stderr()).isZero();
        assertThat(recorded.stdout()).isEqualTo(plain.stdout());
        assertThat(recorded.programStderr()).isEqualTo(plain.programStderr());

        Recording rec = RecordingReader.read(out);
        for (String label : List.of("stream", "parallelSort")) {
            RegionRecord region = rec.regions().stream().filter(x -> x.label().equals(label)).findFirst().orElseThrow();
            assertThat(region.measures().spawns()).as(label + " spawns").isPositive();
            assertThat(region.measures().parallelism()).as(label + " parallelism").isGreaterThan(1.0);
            assertThat(region.measures().span()).as(label + " span").isLessThanOrEqualTo(region.measures().work());
        }
        // the common pool's 8 and main, which runs the root tasks of the stream and the sort it calls
        assertThat(rec.wholeRun().workers()).isEqualTo(8 + 1);
    }
}
