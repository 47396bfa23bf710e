package io.forkscope.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SamplesTest {
    static final List<String> EXPECTED = List.of(
            "alignment", "fft", "fib", "floorplan", "health", "nqueens", "sort", "sparselu", "strassen", "uts",
            "heat", "lu", "matmul", "cholesky", "knapsack",
            "quicksort", "stencil3d-inner", "stencil3d-outer", "snippet-a", "snippet-b", "pbfs", "steal-bench");

    @Test
    void registryHoldsTheSuiteInOrder() {
        assertThat(Samples.names()).containsExactlyElementsOf(EXPECTED);
    }

    @Test
    void lookupByName() {
        assertThat(Samples.find("fib")).get().extracting(Sample::name).isEqualTo("fib");
        assertThat(Samples.find("nope")).isEmpty();
        assertThat(Samples.get("pbfs").name()).isEqualTo("pbfs");
        assertThatThrownBy(() -> Samples.get("nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown program 'nope'");
    }

    @Test
    void everyProgramDescribesItself() {
        for (Sample s : Samples.all()) {
            assertThat(s.description()).as(s.name()).isNotBlank();
            assertThat(s.sizeMeaning()).as(s.name()).isNotBlank();
            assertThat(s.cutoffMeaning()).as(s.name()).isNotBlank();
            assertThat(s.defaultN()).as(s.name()).isPositive();
            assertThat(s.defaultCutoff()).as(s.name()).isNotNegative();
            RunConfig d = s.defaultConfig();
            assertThat(d.n()).isEqualTo(s.defaultN());
            assertThat(d.cutoff()).isEqualTo(s.defaultCutoff());
            assertThat(d.serial()).isFalse();
            assertThat(d.workers()).isEqualTo(Runtime.getRuntime().availableProcessors());
            assertThat(d.repeat()).isEqualTo(1);
        }
    }

    @Test
    void invalidSizesAreRejectedBeforeRunning() {
        assertThatThrownBy(() -> Samples.get("fft").run(new RunConfig(100, 8, true, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("power of two");
        assertThatThrownBy(() -> Samples.get("nqueens").run(new RunConfig(30, 3, true, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RunConfig(10, 1, false, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RunConfig(10, 1, false, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void repeatRunsTheKernelEachTime() {
        Outcome o = Samples.get("fib").run(new RunConfig(15, 5, false, 2, 3));
        assertThat(o.correct()).isTrue();
        assertThat(o.kernelNanos()).hasSize(3).allMatch(ns -> ns > 0);
        assertThat(o.kernelMillis()).hasSize(3);
        assertThat(o.line()).startsWith("fib n=15 cutoff=5 workers=2 result=610 kernel_ms=");
    }
}
