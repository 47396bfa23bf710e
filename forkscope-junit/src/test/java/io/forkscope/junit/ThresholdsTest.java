package io.forkscope.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.junit.Parallelism.Unit;
import org.junit.jupiter.api.Test;

class ThresholdsTest {
    @Test
    void sensibleThresholdsHaveNoProblem() {
        assertThat(new Thresholds(16, 4, Unit.BYTECODES).problem()).isNull();
        assertThat(new Thresholds(0, 4, Unit.TIME).problem()).isNull();
        assertThat(new Thresholds(1.5, 0, Unit.ABSTRACT).problem()).isNull();
    }

    @Test
    void thresholdsThatCheckNothingOrAreNotNumbersAreMistakes() {
        assertThat(new Thresholds(0, 0, Unit.TIME).problem()).contains("checks nothing");
        assertThat(new Thresholds(-1, 0, Unit.TIME).problem()).contains("finite, non-negative");
        assertThat(new Thresholds(Double.NaN, 2, Unit.TIME).problem()).contains("finite, non-negative");
        assertThat(new Thresholds(2, Double.POSITIVE_INFINITY, Unit.TIME).problem()).contains("finite, non-negative");
        assertThat(new Thresholds(2, 0, null).problem()).contains("unit");
    }

    @Test
    void thresholdsPrintAsWritten() {
        assertThat(Thresholds.plain(16)).isEqualTo("16");
        assertThat(Thresholds.plain(1.5)).isEqualTo("1.5");
        assertThat(Thresholds.plain(0.25)).isEqualTo("0.25");
    }

    @Test
    void unitsAreTheAgentsOptionNames() {
        assertThat(Unit.TIME.optionName()).isEqualTo("time");
        assertThat(Unit.ABSTRACT.optionName()).isEqualTo("abstract");
        assertThat(Unit.BYTECODES.optionName()).isEqualTo("bytecodes");
    }
}
