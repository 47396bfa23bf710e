package io.forkscope.report.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.analysis.scaling.RegionScaling;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingCurvesTest {
    @Test
    void theLinesAtChosenP() {
        ScalingCurves c = ScalingCurves.of(PlotFixture.section(), 16);
        assertThat(c.bounds()).hasSize(16);
        assertThat(c.at(4).workLaw()).isEqualTo(4);
        assertThat(c.at(4).spanLaw()).isEqualTo(100);
        assertThat(c.at(4).upper()).isEqualTo(4);
        assertThat(c.at(4).lower()).isCloseTo(PlotFixture.LOWER_4, within(1e-6));
        assertThat(c.at(16).lower()).isCloseTo(PlotFixture.LOWER_16, within(1e-6));
        assertThat(c.at(16).upper()).isEqualTo(16);
        assertThat(c.parallelism()).isEqualTo(100);
        assertThat(c.measured()).hasSize(2);
        assertThat(c.yMax()).isEqualTo(20); // 16 · 1.08 = 17.28, rounded up to 2 × 10
    }

    @Test
    void withoutBoundsOnlyTheMeasuredPoints() {
        RegionScaling r = PlotFixture.section();
        ScalingCurves c = ScalingCurves.of(new RegionScaling(r.region(), null, r.points(), List.of()), 8);
        assertThat(c.bounds()).isEmpty();
        assertThat(c.parallelism()).isNaN();
        assertThat(c.yMax()).isEqualTo(2.5);
    }

    @Test
    void niceCeilings() {
        assertThat(ScalingCurves.niceCeiling(17.28)).isEqualTo(20);
        assertThat(ScalingCurves.niceCeiling(2.16)).isEqualTo(2.5);
        assertThat(ScalingCurves.niceCeiling(69.12)).isEqualTo(80);
        assertThat(ScalingCurves.niceCeiling(8.64)).isEqualTo(10);
        assertThat(ScalingCurves.niceCeiling(1.0)).isEqualTo(1);
    }

    @Test
    void theDefaultAxisIsFourTimesTheLargestMeasuredPAndAtLeastEight() {
        assertThat(ScalingCurves.defaultMaxP(1)).isEqualTo(8);    // 4 × 1 = 4, raised to 8
        assertThat(ScalingCurves.defaultMaxP(2)).isEqualTo(8);    // 4 × 2
        assertThat(ScalingCurves.defaultMaxP(3)).isEqualTo(12);   // 4 × 3
        assertThat(ScalingCurves.defaultMaxP(16)).isEqualTo(64);
        assertThat(ScalingCurves.defaultMaxP(100)).isEqualTo(400);
        // without measurements: as far as summary's speedup estimates
        assertThat(ScalingCurves.defaultMaxP(0)).isEqualTo(64);
    }
}
