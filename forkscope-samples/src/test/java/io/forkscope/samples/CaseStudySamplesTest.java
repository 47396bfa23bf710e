package io.forkscope.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The papers' case studies at small sizes: serial elision, 2 and 4 workers. */
class CaseStudySamplesTest {

    @Test
    void quicksort() {
        SampleChecks.assertDeterministic("quicksort", 200_000, 64);
    }

    @Test
    void quicksortPartitionSplitsAroundThePivot() {
        long[] a = Checks.randomLongs(1000, 7);
        int split = Quicksort.partition(a, 0, a.length);
        assertThat(split).isStrictlyBetween(0, a.length);
        long maxLeft = Long.MIN_VALUE;
        for (int i = 0; i < split; i++) {
            maxLeft = Math.max(maxLeft, a[i]);
        }
        for (int i = split; i < a.length; i++) {
            assertThat(a[i]).isGreaterThanOrEqualTo(maxLeft);
        }
    }

    @Test
    void stencil3dInner() {
        SampleChecks.assertDeterministic("stencil3d-inner", 12, 1);
    }

    @Test
    void stencil3dOuter() {
        SampleChecks.assertDeterministic("stencil3d-outer", 16, 1);
    }

    @Test
    void snippetA() {
        SampleChecks.assertDeterministic("snippet-a", 20_000, 0);
    }

    @Test
    void snippetB() {
        SampleChecks.assertDeterministic("snippet-b", 20_000, 0);
    }

    @Test
    void pbfs() {
        assertThat(SampleChecks.assertDeterministic("pbfs", 20, 32)).contains("layers=58");
    }

    @Test
    void stealBench() {
        List<Outcome> outcomes = SampleChecks.runEverywhere("steal-bench", 200, 0);
        assertThat(outcomes.get(0).summary()).startsWith("stolen=0 inline=200 ");
        Outcome one = Samples.get("steal-bench").run(new RunConfig(20, 0, false, 1, 1));
        assertThat(one.correct()).isTrue();
        assertThat(one.summary()).startsWith("stolen=0 inline=20 ");
    }

    @Test
    void parallelForVisitsEveryIndexOnce() {
        for (boolean serial : new boolean[] {true, false}) {
            try (Exec exec = Exec.open(new RunConfig(1, 1, serial, 3, 1))) {
                for (int grain : new int[] {1, 3, 100}) {
                    AtomicIntegerArray hits = new AtomicIntegerArray(50);
                    ParallelFor.run(exec, 5, 50, grain, hits::incrementAndGet);
                    for (int i = 0; i < 50; i++) {
                        assertThat(hits.get(i)).as("index %d grain %d", i, grain).isEqualTo(i < 5 ? 0 : 1);
                    }
                }
                if (!serial) {
                    assertThat(exec.pool()).isInstanceOf(ForkJoinPool.class);
                }
            }
        }
    }
}
