package io.forkscope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.forkscope.spi.RecorderBridge;
import io.forkscope.spi.RecorderHooks;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Forkscope.measure with and without a recorder: it never passes a measurement not taken for zeros. */
class MeasureTest {
    @AfterEach
    void uninstall() {
        RecorderBridge.install(null);
    }

    @Test
    void withoutARecorderTheBodyRunsAndTheResultSaysNothingWasMeasured() {
        int[] runs = {0};
        Measurement m = Forkscope.measure("x", () -> runs[0]++);
        assertThat(runs[0]).isOne();
        assertThat(m.isMeasured()).isFalse();
        assertThat(m.notMeasuredReason()).isEqualTo(Forkscope.NO_AGENT).contains("-javaagent:forkscope.jar");
        assertThat(m).hasToString("not measured: " + Forkscope.NO_AGENT);
        assertThatThrownBy(m::work).isInstanceOf(IllegalStateException.class)
                .hasMessage("nothing was measured: " + Forkscope.NO_AGENT);
        assertThatThrownBy(m::parallelism).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(m::spanSites).isInstanceOf(IllegalStateException.class);
        assertThat(Forkscope.unit()).isNull();
    }

    @Test
    void withARecorderTheRegionIsTheBodyAndItsMeasurementComesBack() {
        List<String> calls = new ArrayList<>();
        Measurement given = Measurement.measured("abstract", 32, 4, 10, 7, 7, 5, null, List.of());
        RecorderBridge.install(new Hooks(calls, given));
        Measurement m = Forkscope.measure("sort", () -> calls.add("body"));
        assertThat(calls).containsExactly("start sort", "body", "measured sort#1");
        assertThat(m).isSameAs(given);
        assertThat(m.parallelism()).isEqualTo(8.0);
        assertThat(m.burdenedParallelism()).isEqualTo(3.2);
        assertThat(m.sitesRecorded()).isFalse();
        assertThat(m.spanSites()).isEmpty();
        assertThat(m).hasToString("work 32, span 4, parallelism 8.00, burdened span 10, burdened parallelism 3.20 (abstract)");
        assertThat(Forkscope.unit()).isEqualTo("abstract");
        assertThat(Forkscope.measure(() -> { }).isMeasured()).isTrue();
        assertThat(calls).contains("start measure");
    }

    @Test
    void anExceptionFromTheBodyClosesTheRegionAndPassesOn() {
        List<String> calls = new ArrayList<>();
        RecorderBridge.install(new Hooks(calls, null));
        assertThatThrownBy(() -> Forkscope.measure("boom", () -> {
            throw new IllegalArgumentException("the body's");
        })).isInstanceOf(IllegalArgumentException.class).hasMessage("the body's");
        assertThat(calls).containsExactly("start boom", "stop boom#1");
    }

    @Test
    void aRecorderThatOpenedNoRegionMeasuresNothing() {
        RecorderBridge.install(new RecorderHooks() {
            @Override public Object regionStart(String label) { return null; }
            @Override public void regionStop(Object token) { }
            @Override public void work(long units) { }
        });
        Measurement m = Forkscope.measure("x", () -> { });
        assertThat(m.isMeasured()).isFalse();
        assertThat(m.notMeasuredReason()).contains("internal error");
    }

    @Test
    void aRecorderWithoutMeasurementsSaysSoByDefault() {
        RecorderBridge.install(new RecorderHooks() {
            @Override public Object regionStart(String label) { return label; }
            @Override public void regionStop(Object token) { }
            @Override public void work(long units) { }
        });
        assertThat(Forkscope.measure("x", () -> { }).notMeasuredReason()).contains("measures no work or span");
        assertThat(Forkscope.unit()).isNull();
    }

    @Test
    void aMeasurementNeedsItsUnitAndSaneNumbers() {
        assertThatThrownBy(() -> Measurement.measured(null, 1, 1, 1, 0, 0, 0, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measurement.measured("time", -1, 1, 1, 0, 0, 0, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measurement.notMeasured(" ")).isInstanceOf(IllegalArgumentException.class);
        Measurement zero = Measurement.measured("time", 0, 0, 0, 0, 0, 0, List.of(), null);
        assertThat(zero.parallelism()).isZero();
        assertThat(zero.burdenedParallelism()).isZero();
        assertThat(zero.sitesRecorded()).isTrue();
        assertThat(zero.notes()).isEmpty();
    }

    private record Hooks(List<String> calls, Measurement result) implements RecorderHooks {
        @Override public Object regionStart(String label) { calls.add("start " + label); return label + "#1"; }
        @Override public void regionStop(Object token) { calls.add("stop " + token); }
        @Override public void work(long units) { calls.add("work " + units); }
        @Override public Measurement regionStopMeasured(Object token) { calls.add("measured " + token); return result; }
        @Override public String unit() { return "abstract"; }
    }
}
