package io.forkscope.analysis.cilkview;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.WorkSpan;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** The bounds' invariants for random work ≥ span ≥ 0 and burdened span ≥ span. */
class SpeedupBoundsPropertiesTest {

    @Provide
    Arbitrary<WorkSpan> dags() {
        return Arbitraries.longs().between(0, 1L << 50).flatMap(work ->
                Arbitraries.longs().between(0, work).flatMap(span ->
                        Arbitraries.longs().between(span, span + (1L << 45)).map(bspan ->
                                new WorkSpan(work, span, bspan, 0, 0, 0))));
    }

    @Property
    void lowerAtMostUpperAtMostP(@ForAll("dags") WorkSpan ws, @ForAll @IntRange(min = 2, max = 4096) int maxP) {
        for (SpeedupEstimate e : SpeedupBounds.estimates(ws, new AnalysisOptions(1, maxP).processorCounts())) {
            assertThat(e.lower()).isFinite().isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(e.upper());
            assertThat(e.upper()).isFinite().isLessThanOrEqualTo(e.p());
        }
    }

    @Property
    void nonDecreasingInP(@ForAll("dags") WorkSpan ws) {
        List<SpeedupEstimate> e = SpeedupBounds.estimates(ws, new AnalysisOptions(1, 1 << 20).processorCounts());
        for (int i = 1; i < e.size(); i++) {
            assertThat(e.get(i).lower()).isGreaterThanOrEqualTo(e.get(i - 1).lower());
            assertThat(e.get(i).upper()).isGreaterThanOrEqualTo(e.get(i - 1).upper());
        }
    }

    /** Parallelism is defined (non-zero) when the span is; then no speedup exceeds it. */
    @Property
    void upperAtMostParallelism(@ForAll("dags") WorkSpan ws) {
        for (SpeedupEstimate e : SpeedupBounds.estimates(ws, List.of(2, 4, 8, 16, 32, 64, 1 << 20))) {
            if (ws.span() > 0) {
                assertThat(e.upper()).isLessThanOrEqualTo(ws.parallelism());
                assertThat(e.lower()).isLessThanOrEqualTo(ws.parallelism());
            }
        }
    }

    /** With any burden at all, the lower bound stays below the burdened parallelism / 1.7. */
    @Property
    void lowerBelowBurdenedLimit(@ForAll("dags") WorkSpan ws) {
        for (SpeedupEstimate e : SpeedupBounds.estimates(ws, List.of(2, 64, 1 << 20))) {
            if (ws.burdenedSpan() > 0) {
                assertThat(e.lower()).isLessThanOrEqualTo(ws.burdenedParallelism() / 1.7 * (1 + 1e-12));
            }
        }
    }
}
