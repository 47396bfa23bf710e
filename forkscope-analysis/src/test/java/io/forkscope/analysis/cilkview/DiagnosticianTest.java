package io.forkscope.analysis.cilkview;

import static io.forkscope.analysis.cilkview.Diagnosis.Kind.FINE_GRAINED_TASKS;
import static io.forkscope.analysis.cilkview.Diagnosis.Kind.LOW_PARALLELISM;
import static io.forkscope.analysis.cilkview.Diagnosis.Kind.SHORT_STRANDS;
import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticianTest {
    static List<Diagnosis.Kind> kinds(WorkSpan ws, Unit unit, int processors) {
        return Diagnostician.diagnose(ws, unit, processors).stream().map(Diagnosis::kind).toList();
    }

    @Test
    void thresholdsAreThePapersRulesOfThumb() {
        assertThat(Diagnostician.PARALLELISM_PER_PROCESSOR).isEqualTo(10);
        assertThat(Diagnostician.MIN_BURDENED_TO_PARALLELISM).isEqualTo(0.5);
        assertThat(Diagnostician.MIN_AVERAGE_MAXIMAL_STRAND_NS).isEqualTo(250);
    }

    @Test
    void lowParallelismJustBelowTenTimesProcessors() {
        // 8 processors need parallelism 80; strands 799 ns long, no burden
        WorkSpan below = new WorkSpan(799, 10, 10, 0, 0, 0);
        List<Diagnosis> d = Diagnostician.diagnose(below, Unit.TIME, 8);
        assertThat(d).extracting(Diagnosis::kind).containsExactly(LOW_PARALLELISM);
        assertThat(d.get(0).message())
                .isEqualTo("not enough parallelism for near-linear speedup on 8 processors: parallelism 79.90 is below"
                        + " 80 (10 x 8: a work-stealing scheduler needs that margin to keep every processor busy); it still"
                        + " gives an estimated 6.84 - 8.00 on 8 processors; to scale further, expose more parallelism or"
                        + " shorten the span (forkscope sites: which code holds it)")
                .doesNotContain("\n");
        // lower bound 799 / (799/8 + 1.7 × 10) = 799 / 116.875 = 6.836...
        assertThat(kinds(new WorkSpan(800, 10, 10, 0, 0, 0), Unit.TIME, 8)).isEmpty();
        assertThat(kinds(new WorkSpan(800, 10, 10, 0, 0, 0), Unit.TIME, 9)).containsExactly(LOW_PARALLELISM);
    }

    @Test
    void fineGrainedJustBelowHalf() {
        // parallelism 10,000; burdened parallelism exactly half, then just below
        assertThat(kinds(new WorkSpan(100_000, 10, 20, 0, 0, 0), Unit.TIME, 8)).isEmpty();
        List<Diagnosis> d = Diagnostician.diagnose(new WorkSpan(100_000, 10, 21, 0, 0, 0), Unit.TIME, 8);
        assertThat(d).extracting(Diagnosis::kind).containsExactly(FINE_GRAINED_TASKS);
        assertThat(d.get(0).message()).isEqualTo("tasks too fine-grained: burdened parallelism 4761.90 is below half"
                + " the parallelism 10000.00, spawn/steal overhead dominates; give each task more work");
    }

    @Test
    void shortStrandsJustBelow250ns() {
        // 1 + 2·3 + 3 = 10 maximal strands; parallelism 250 > 80
        assertThat(kinds(new WorkSpan(2500, 10, 10, 3, 3, 0), Unit.TIME, 8)).isEmpty();
        List<Diagnosis> d = Diagnostician.diagnose(new WorkSpan(2499, 9, 9, 3, 3, 0), Unit.TIME, 8);
        assertThat(d).extracting(Diagnosis::kind).containsExactly(SHORT_STRANDS);
        assertThat(d.get(0).message()).isEqualTo("strands too short: average maximal strand 249.9 ns is below 250 ns"
                + " (about 500 instructions), spawn overhead shows; coarsen (stop forking below a larger cutoff)");
    }

    @Test
    void abstractUnitsSkipTheStrandCheck() {
        assertThat(kinds(new WorkSpan(2499, 9, 9, 3, 3, 0), Unit.ABSTRACT, 8)).isEmpty();
        assertThat(kinds(new WorkSpan(10, 5, 50, 3, 3, 0), Unit.ABSTRACT, 8))
                .containsExactly(LOW_PARALLELISM, FINE_GRAINED_TASKS);
    }

    /** Cilkview Fig. 8: parallelism 119.39, burdened parallelism 0.87; all three on 16 processors. */
    @Test
    void allThreeTogetherInKindOrder() {
        WorkSpan stencil = new WorkSpan(11_939, 100, 13_723, 100, 100, 0);
        assertThat(stencil.parallelism()).isCloseTo(119.39, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(kinds(stencil, Unit.TIME, 8)).containsExactly(FINE_GRAINED_TASKS, SHORT_STRANDS);
        assertThat(kinds(stencil, Unit.TIME, 16)).containsExactly(LOW_PARALLELISM, FINE_GRAINED_TASKS, SHORT_STRANDS);
    }

    /**
     * Cilkview Fig. 6 read as nanoseconds: §4 remarks that its average maximal strand of 218 calls
     * for coarsening, and parallelism 21.31 is short of 80 for 8 cores.
     */
    @Test
    void figure6() {
        WorkSpan quicksort = new WorkSpan(5_570_609_776L, 261_374_874L, 262_078_779L, 8_518_398, 8_518_398, 0);
        assertThat(kinds(quicksort, Unit.TIME, 8)).containsExactly(LOW_PARALLELISM, SHORT_STRANDS);
        assertThat(kinds(quicksort, Unit.TIME, 2)).containsExactly(SHORT_STRANDS);
    }

    @Test
    void nothingToSayWithoutWork() {
        assertThat(kinds(WorkSpan.ZERO, Unit.TIME, 64)).isEmpty();
        assertThat(kinds(new WorkSpan(0, 0, 100, 5, 5, 0), Unit.TIME, 64)).isEmpty();
    }

    @Test
    void zeroSpanLeavesParallelismUnjudged() {
        // impossible in a real DAG; strands of 1000 ns so only the parallelism rule could speak
        assertThat(kinds(new WorkSpan(1000, 0, 0, 0, 0, 0), Unit.TIME, 8)).isEmpty();
    }

    /** Issue 22: a serial section (nothing forked, span = work) is said to be serial, with no bound to estimate. */
    @Test
    void aSerialSectionIsSaidToBeSerial() {
        WorkSpan serial = new WorkSpan(1_000_000, 1_000_000, 1_000_000, 0, 0, 2_000_000);
        List<Diagnosis> d = Diagnostician.diagnose(serial, Unit.TIME, 2);
        assertThat(d).extracting(Diagnosis::message).containsExactly("serial: no task was forked here, so it runs at"
                + " speedup 1 on any number of processors; fork its independent parts to parallelise it (a serial"
                + " elision recorded as a baseline for --serial reads so too)");
    }
}
