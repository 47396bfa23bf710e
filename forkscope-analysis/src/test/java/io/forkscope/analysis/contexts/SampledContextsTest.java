package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.contexts.FrameKind;
import io.forkscope.model.contexts.Sample;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The helpers of {@link SampledContexts}' exact path, on hand-worked values and as properties. */
class SampledContextsTest {
    static Sample at(long t) {
        return new Sample(1, t, 0, FrameKind.PROGRAM);
    }

    /** Piece [0, 100), samples at 10, 30, 90: midpoints 20 and 60, so 20, 40 and 40. */
    @Test
    void timeSharesGoToTheNearestSample() {
        double[] share = SampledContexts.timeShares(List.of(at(30), at(90), at(10)), 0, 100);
        assertThat(share[0]).isCloseTo(0.40, within(1e-12));
        assertThat(share[1]).isCloseTo(0.40, within(1e-12));
        assertThat(share[2]).isCloseTo(0.20, within(1e-12));
    }

    @Test
    void oneSampleTakesTheWholePieceEvenOutsideIt() {
        assertThat(SampledContexts.timeShares(List.of(at(500)), 0, 100)).containsExactly(1.0);
    }

    @Property(tries = 1000)
    void timeSharesAreNonNegativeAndAddUpToOne(@ForAll @Size(min = 1, max = 30) List<@IntRange(min = -50, max = 1050) Integer> times,
                                               @ForAll @IntRange(min = 1, max = 1000) int length) {
        List<Sample> samples = times.stream().map(t -> at(t)).toList();
        double[] share = SampledContexts.timeShares(samples, 0, length);
        double sum = 0;
        for (double s : share) {
            assertThat(s).isGreaterThanOrEqualTo(0);
            sum += s;
        }
        assertThat(sum).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void nearestStaysInsideTheBusyInterval() {
        List<Sample> sorted = List.of(at(10), at(50), at(200));
        assertThat(SampledContexts.nearest(sorted, 60, 0, 100).timeNs()).isEqualTo(50);
        assertThat(SampledContexts.nearest(sorted, 140, 0, 100).timeNs()).isEqualTo(50);
        assertThat(SampledContexts.nearest(sorted, 140, 100, 300).timeNs()).isEqualTo(200);
        assertThat(SampledContexts.nearest(sorted, 140, 60, 199)).isNull();
        assertThat(SampledContexts.nearest(List.of(), 5, 0, 10)).isNull();
    }

    @Test
    void withinFindsATimeInTheClosedRange() {
        long[] times = {10, 20, 40};
        assertThat(SampledContexts.within(times, 11, 19)).isFalse();
        assertThat(SampledContexts.within(times, 11, 20)).isTrue();
        assertThat(SampledContexts.within(times, 40, 40)).isTrue();
        assertThat(SampledContexts.within(times, 41, 100)).isFalse();
        assertThat(SampledContexts.within(times, 0, 9)).isFalse();
    }
}
