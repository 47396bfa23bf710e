package io.forkscope.samples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The BOTS-like programs at small sizes: serial elision, 2 and 4 workers. */
class BotsSamplesTest {

    @Test
    void alignment() {
        assertThat(SampleChecks.assertDeterministic("alignment", 24, 0)).startsWith("pairs=276 ");
    }

    @Test
    void alignmentLinearSpaceMatchesFullMatrix() {
        byte[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        byte[] b = {1, 3, 4, 5, 9, 9, 10, 19, 12};
        assertThat(Alignment.align(a, b)).isEqualTo(Alignment.alignFullMatrix(a, b));
        assertThat(Alignment.align(a, a)).isEqualTo(Alignment.alignFullMatrix(a, a));
    }

    @Test
    void fft() {
        SampleChecks.assertDeterministic("fft", 1 << 15, 256);
    }

    @Test
    void fib() {
        assertThat(SampleChecks.assertDeterministic("fib", 27, 12)).isEqualTo("result=196418");
    }

    @Test
    void fibLeafCallCountMatchesTheRecursion() {
        for (int k = 0; k < 15; k++) {
            assertThat(Fib.callCount(k)).isEqualTo(countCalls(k));
        }
    }

    private static long countCalls(int k) {
        return k < 2 ? 1 : 1 + countCalls(k - 1) + countCalls(k - 2);
    }

    @Test
    void floorplan() {
        SampleChecks.assertDeterministic("floorplan", 12, 3);
    }

    @Test
    void health() {
        SampleChecks.assertDeterministic("health", 200, 2);
    }

    @Test
    void nqueens() {
        assertThat(SampleChecks.assertDeterministic("nqueens", 10, 3)).isEqualTo("solutions=724");
    }

    @Test
    void sort() {
        SampleChecks.assertDeterministic("sort", 200_000, 512);
    }

    @Test
    void sparselu() {
        SampleChecks.assertDeterministic("sparselu", 12, 8);
    }

    @Test
    void strassen() {
        SampleChecks.assertDeterministic("strassen", 256, 2);
    }

    @Test
    void uts() {
        SampleChecks.assertDeterministic("uts", 300, 2);
    }
}
