package io.forkscope.analysis.cilkview;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.WorkSpan;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SpeedupBoundsTest {
    static final Offset<Double> EXACT = within(1e-12);
    static final List<Integer> TO_64 = List.of(2, 4, 8, 16, 32, 64);

    @Test
    void handComputedBounds() {
        // work 1000, span 100, burdened span 160: parallelism 10, 2δ·bT∞ = 1.7 × 160 = 272
        WorkSpan ws = new WorkSpan(1000, 100, 160, 0, 0, 0);
        List<SpeedupEstimate> e = SpeedupBounds.estimates(ws, TO_64);

        assertThat(e).extracting(SpeedupEstimate::p).containsExactly(2, 4, 8, 16, 32, 64);
        assertThat(e).extracting(SpeedupEstimate::upper).containsExactly(2.0, 4.0, 8.0, 10.0, 10.0, 10.0);
        assertThat(e.get(0).lower()).isCloseTo(1000 / (500 + 272.0), EXACT).isCloseTo(1.2953367875647668, EXACT);
        assertThat(e.get(1).lower()).isCloseTo(1000 / (250 + 272.0), EXACT);
        assertThat(e.get(2).lower()).isCloseTo(1000 / (125 + 272.0), EXACT);
        assertThat(e.get(3).lower()).isCloseTo(1000 / (62.5 + 272.0), EXACT);
        assertThat(e.get(4).lower()).isCloseTo(1000 / (31.25 + 272.0), EXACT);
        assertThat(e.get(5).lower()).isCloseTo(1000 / (15.625 + 272.0), EXACT).isCloseTo(3.4767492394611038, EXACT);
    }

    @Test
    void spanCoefficientIsCilkviews() {
        assertThat(SpeedupBounds.SPAN_COEFFICIENT).isEqualTo(0.85);
        assertThat(SpeedupBounds.lower(1000, 100, 1)).isCloseTo(1000 / (1000 + 170.0), EXACT);
    }

    /** Cilkview Fig. 6 (quicksort, 10 million numbers): the relations the figure shows. */
    @Test
    void cilkviewFigure6() {
        WorkSpan ws = new WorkSpan(5_570_609_776L, 261_374_874L, 262_078_779L, 8_518_398, 8_518_398, 0);
        assertThat(ws.parallelism()).isCloseTo(21.31, within(0.005));
        assertThat(ws.burdenedParallelism()).isCloseTo(21.26, within(0.005));
        assertThat(ws.averageMaximalStrand()).isCloseTo(218, within(0.5));

        List<SpeedupEstimate> e = SpeedupBounds.estimates(ws, List.of(2, 4, 8, 16, 32));
        // the upper bounds are the figure's exactly: 2.00, 4.00, 8.00, 16.00, 21.31
        assertThat(e).extracting(SpeedupEstimate::upper)
                .containsExactly(2.0, 4.0, 8.0, 16.0, ws.parallelism());
        // the lower bounds of Corollary 2 with 2δ = 1.7, as the paper's text states it
        double[] textLower = {1.72, 3.03, 4.88, 7.02, 8.99};
        for (int i = 0; i < e.size(); i++) {
            assertThat(e.get(i).lower()).isCloseTo(textLower[i], within(0.005));
        }
    }

    /**
     * The figure's printed lower bounds (1.85, 3.23, 5.13, 7.27, 9.20) are not those of the text's
     * formula but of T1 / (T1/P + 1.7·(1 − 1/P)·bT∞). This pins that observation, and that the
     * bounds forkscope reports lie below the figure's (the conservative side).
     */
    @Test
    void figure6PrintedLowerBoundsUseAFactorOneMinusOneOverP() {
        long work = 5_570_609_776L;
        long bspan = 262_078_779L;
        int[] ps = {2, 4, 8, 16, 32};
        double[] printed = {1.85, 3.23, 5.13, 7.27, 9.20};
        for (int i = 0; i < ps.length; i++) {
            int p = ps[i];
            double variant = work / ((double) work / p + 1.7 * (1 - 1.0 / p) * bspan);
            assertThat(variant).isCloseTo(printed[i], within(0.005));
            assertThat(SpeedupBounds.lower(work, bspan, p)).isLessThan(printed[i]);
        }
    }

    @Test
    void noWorkGivesNoEstimate() {
        assertThat(SpeedupBounds.estimates(WorkSpan.ZERO, TO_64)).isEmpty();
        assertThat(SpeedupBounds.estimates(new WorkSpan(0, 0, 500, 3, 3, 10), TO_64)).isEmpty();
    }

    @Test
    void zeroSpanSetsNoSpanLawLimit() {
        List<SpeedupEstimate> e = SpeedupBounds.estimates(new WorkSpan(1000, 0, 0, 0, 0, 0), TO_64);
        assertThat(e).extracting(SpeedupEstimate::upper).containsExactly(2.0, 4.0, 8.0, 16.0, 32.0, 64.0);
        assertThat(e).extracting(SpeedupEstimate::lower).containsExactly(2.0, 4.0, 8.0, 16.0, 32.0, 64.0);

        SpeedupEstimate burdened = SpeedupBounds.estimate(new WorkSpan(1000, 0, 100, 0, 0, 0), 4);
        assertThat(burdened.upper()).isEqualTo(4.0);
        assertThat(burdened.lower()).isCloseTo(1000 / (250 + 170.0), EXACT);
    }

    @Test
    void lowerIsClampedToUpper() {
        // a burdened span below the span (not a real recording) would put the lower bound above T1/T∞
        SpeedupEstimate e = SpeedupBounds.estimate(new WorkSpan(1000, 100, 1, 0, 0, 0), 64);
        assertThat(SpeedupBounds.lower(1000, 1, 64)).isGreaterThan(10);
        assertThat(e.upper()).isEqualTo(10.0);
        assertThat(e.lower()).isEqualTo(10.0);
    }

    @Test
    void lowerMayFallBelowOneAsInFigure8() {
        // burdened parallelism 0.87 (Cilkview Fig. 8): a predicted slowdown is reported as such
        WorkSpan ws = new WorkSpan(87_000, 729, 100_000, 0, 0, 0);
        SpeedupEstimate e = SpeedupBounds.estimate(ws, 8);
        assertThat(e.lower()).isCloseTo(87_000 / (10_875 + 170_000.0), EXACT).isLessThan(1);
        assertThat(e.upper()).isEqualTo(8.0);
    }

    @Test
    void processorCounts() {
        assertThat(new AnalysisOptions(8, 64).processorCounts()).containsExactly(2, 4, 8, 16, 32, 64);
        assertThat(new AnalysisOptions(8, 100).processorCounts()).containsExactly(2, 4, 8, 16, 32, 64);
        assertThat(new AnalysisOptions(8, 2).processorCounts()).containsExactly(2);
        assertThat(new AnalysisOptions(8, Integer.MAX_VALUE).processorCounts()).hasSize(30).last().isEqualTo(1 << 30);
        assertThat(AnalysisOptions.defaults().processors()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(AnalysisOptions.defaults().maxProcessors()).isEqualTo(64);
        assertThat(AnalysisOptions.defaults().withProcessors(3).withMaxProcessors(16))
                .isEqualTo(new AnalysisOptions(3, 16));
    }

    @Test
    void optionsRefuseNonsense() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> new AnalysisOptions(0, 64));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> new AnalysisOptions(8, 1));
    }
}
