package io.forkscope.analysis.scaling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void medianOfOddAndEvenCounts() {
        assertThat(Stats.median(new long[] {9, 1, 5})).isEqualTo(5.0);
        assertThat(Stats.median(new long[] {10, 1, 3, 2})).isEqualTo(2.5);
        assertThat(Stats.median(List.of(7L))).isEqualTo(7.0);
    }

    @Test
    void nearestRankQuantiles() {
        long[] oneToTen = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
        assertThat(Stats.quantile(oneToTen, 0.9)).isEqualTo(9);
        assertThat(Stats.quantile(oneToTen, 0.5)).isEqualTo(5);
        assertThat(Stats.quantile(oneToTen, 1.0)).isEqualTo(10);
        assertThat(Stats.quantile(new long[] {4, 8, 15, 16, 23}, 0.9)).isEqualTo(23);
        assertThat(Stats.quantile(new long[] {42}, 0.01)).isEqualTo(42);
    }

    @Test
    void emptySamplesAndBadFractionsAreRefused() {
        assertThatThrownBy(() -> Stats.median(new long[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Stats.quantile(new long[] {1}, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Stats.quantile(new long[] {1}, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
