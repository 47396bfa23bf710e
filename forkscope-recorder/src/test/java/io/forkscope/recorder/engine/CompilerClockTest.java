package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regions and the whole run carry the compilers' time between their start and their end, read from
 * the engine's {@link CompilerClock}; without one (or where it reads -1) the time is unknown.
 */
class CompilerClockTest {
    static final TaskModel MODEL = PlainTasks.done(false);
    static final ThreadClassifier THREADS = PlainTasks.PLAIN_THREAD;

    @Test
    void aRegionCarriesTheCompilationBetweenItsStartAndStop() {
        long[] now = {0};
        long[] compiled = {7_000_000L};   // the JVM compiled 7 ms before the agent started
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, () -> now[0] += 10, MODEL, THREADS);
        engine.useCompilerClock(() -> compiled[0]);
        compiled[0] += 2_000_000L;        // before the run's first event: start-up, nobody's
        Object outer = engine.regionStart("outer");
        compiled[0] += 3_000_000L;
        Object inner = engine.regionStart("inner");
        compiled[0] += 5_000_000L;
        engine.regionStop(inner);
        compiled[0] += 11_000_000L;
        engine.regionStop(outer);
        compiled[0] += 13_000_000L;       // after both

        List<RegionRecord> regions = new ArrayList<>();
        engine.drainRegions(regions::add);
        assertThat(regions).extracting(RegionRecord::label, RegionRecord::compileNs)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("inner", 5_000_000L),
                        org.assertj.core.groups.Tuple.tuple("outer", 19_000_000L));
        WholeRun run = engine.snapshot(true);
        assertThat(run.compileNs()).isEqualTo(32_000_000L);   // from the first event on: 3 + 5 + 11 + 13
        assertThat(run.compileWindowNs()).isPositive();
    }

    @Test
    void beforeTheFirstEventTheWholeRunsCompilationIsUnknown() {
        long[] now = {0};
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, () -> now[0] += 10, MODEL, THREADS);
        engine.useCompilerClock(() -> 5_000_000L);
        assertThat(engine.snapshot(false).compileNs()).isEqualTo(-1);
        engine.regionStop(engine.regionStart("a"));
        assertThat(engine.snapshot(false).compileNs()).isZero();
        assertThat(engine.snapshot(false).compileWindowNs()).isPositive();
    }

    @Test
    void withoutACounterEveryCompilationTimeIsUnknown() {
        long[] now = {0};
        SpanEngine engine = new SpanEngine(Unit.TIME, 0, () -> now[0] += 10, MODEL, THREADS);
        engine.regionStop(engine.regionStart("a"));
        engine.useCompilerClock(CompilerClock.NONE);
        engine.regionStop(engine.regionStart("b"));
        List<RegionRecord> regions = new ArrayList<>();
        engine.drainRegions(regions::add);
        assertThat(regions).extracting(RegionRecord::compileNs).containsExactly(-1L, -1L);
        assertThat(engine.snapshot(true).compileNs()).isEqualTo(-1);
        assertThat(engine.snapshot(true).compileWindowNs()).isEqualTo(-1);
    }

    @Test
    void betweenIsUnknownWhenEitherEndIs() {
        assertThat(CompilerClock.between(5, 9)).isEqualTo(4);
        assertThat(CompilerClock.between(-1, 9)).isEqualTo(-1);
        assertThat(CompilerClock.between(5, -1)).isEqualTo(-1);
    }
}
