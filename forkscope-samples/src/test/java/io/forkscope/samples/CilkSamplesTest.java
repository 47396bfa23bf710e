package io.forkscope.samples;

import org.junit.jupiter.api.Test;

/** The Cilk-5 / Cilkprof suite at small sizes: serial elision, 2 and 4 workers. */
class CilkSamplesTest {

    @Test
    void heat() {
        SampleChecks.assertDeterministic("heat", 64, 4);
    }

    @Test
    void lu() {
        SampleChecks.assertDeterministic("lu", 128, 16);
    }

    @Test
    void matmul() {
        SampleChecks.assertDeterministic("matmul", 128, 16);
    }

    @Test
    void cholesky() {
        SampleChecks.assertDeterministic("cholesky", 128, 16);
    }

    @Test
    void knapsack() {
        SampleChecks.assertDeterministic("knapsack", 32, 8);
    }
}
