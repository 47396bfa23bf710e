package io.forkscope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RegionRecord;
import io.forkscope.samples.SampleMain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bundled program, at a small size on 2 workers, under the agent and without it, on every
 * JDK: same result, exit 0, and a complete recording whose region for the kernel saw tasks.
 */
class SuiteUnderAgentIT {
    static final Object[][] SMALL = {
        {"alignment", 24, 0}, {"fft", 4096, 256}, {"fib", 27, 12}, {"floorplan", 12, 3}, {"health", 200, 2},
        {"nqueens", 10, 3}, {"sort", 200_000, 512}, {"sparselu", 12, 8}, {"strassen", 256, 2}, {"uts", 300, 2},
        {"heat", 64, 4}, {"lu", 128, 16}, {"matmul", 128, 16}, {"cholesky", 128, 16}, {"knapsack", 32, 8},
        {"quicksort", 200_000, 64}, {"stencil3d-inner", 12, 1}, {"stencil3d-outer", 16, 1},
        {"snippet-a", 20_000, 0}, {"snippet-b", 20_000, 0}, {"pbfs", 20, 32}, {"steal-bench", 200, 0},
    };

    static Stream<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (String java : Jdks.javas()) {
            for (Object[] s : SMALL) {
                runs.add(Arguments.of(s[0], s[1], s[2], java));
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} n={1} on {3}")
    @MethodSource("runs")
    void sameResultAndACompleteRecording(String name, int n, int cutoff, String java, @TempDir Path dir) throws Exception {
        String[] args = {name, "--n", Integer.toString(n), "--cutoff", Integer.toString(cutoff), "--workers", "2"};
        Path out = dir.resolve(name + ".fsk");
        ChildJvm.Result plain = ChildJvm.run(ChildJvm.command(java, null, List.of(), SampleMain.class, args), dir);
        ChildJvm.Result recorded = ChildJvm.run(ChildJvm.command(java, "out=" + out, List.of(), SampleMain.class, args), dir);
        assertThat(plain.exitCode()).as(plain.stderr()).isZero();
        assertThat(recorded.exitCode()).as(recorded.stderr()).isZero();
        assertThat(withoutTimes(recorded.stdout())).isEqualTo(withoutTimes(plain.stdout()));
        assertThat(recorded.programStderr()).isEqualTo(plain.programStderr());

        Recording rec = RecordingReader.read(out);
        assertThat(rec.complete()).isTrue();
        assertThat(rec.warnings()).isEmpty();
        RegionRecord kernel = rec.regions().stream().filter(r -> r.label().equals(name)).findFirst().orElseThrow();
        assertThat(kernel.measures().spawns()).isPositive();
        assertThat(kernel.measures().span()).isPositive().isLessThanOrEqualTo(kernel.measures().work());
    }

    /** fib in abstract units: only leaves declare work (their serial calls), so T1 and T∞ follow by hand. */
    @Test
    void fibInAbstractUnitsHasItsWorkAndSpan(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("fib.fsk");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(Jdks.javas().get(0), "out=" + out + ",unit=abstract,burden=0",
                List.of(), SampleMain.class, "fib", "--n", "24", "--cutoff", "10", "--workers", "2"), dir);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        RegionRecord kernel = RecordingReader.read(out).regions().get(0);
        assertThat(kernel.measures().work()).isEqualTo(leafCalls(24, 10));
        // the longest path ends in the deepest forked leaf, fib(cutoff): 2·F(11) − 1 = 177 calls
        assertThat(kernel.measures().span()).isEqualTo(2 * 89 - 1);
    }

    static long leafCalls(int k, int cutoff) {
        if (k <= cutoff || k < 2) {
            return serialCalls(k);
        }
        return leafCalls(k - 1, cutoff) + leafCalls(k - 2, cutoff);
    }

    static long serialCalls(int k) {
        return k < 2 ? 1 : 1 + serialCalls(k - 1) + serialCalls(k - 2);
    }

    static String withoutTimes(String stdout) {
        return stdout.replaceAll("kernel_ms=[0-9.,]+", "kernel_ms=?").replaceAll("(?m)^steal-bench .*$", "steal-bench");
    }
}
