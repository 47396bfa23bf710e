package io.forkscope.analysis.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StealLatencyAnalysisTest {
    @Test
    void theBurdenIsTheMedianChildStartLatency() {
        StealLatency s = StealLatencyAnalysis.analyze(6, new long[] {5000, 1000, 3000, 2000, 4000},
                new long[] {10, 20, 30, 40, 50});
        assertThat(s).isEqualTo(new StealLatency(6, 5, 3000, 5000, 30, 50, 3000));
    }

    @Test
    void nothingStolenIsAnError() {
        assertThatThrownBy(() -> StealLatencyAnalysis.analyze(3, new long[0], new long[0]))
                .hasMessageContaining("no fork was stolen");
        assertThatThrownBy(() -> StealLatencyAnalysis.analyze(3, new long[1], new long[2]))
                .hasMessageContaining("differ in length");
    }
}
