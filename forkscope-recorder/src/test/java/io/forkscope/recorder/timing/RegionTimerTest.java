package io.forkscope.recorder.timing;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import io.forkscope.recorder.output.RecordingSink;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** mode=regions: a region's time is exactly the clock's advance between its opening and its closing. */
class RegionTimerTest {
    /** A clock that moves only when told. */
    static final class FakeClock implements io.forkscope.recorder.engine.Clock {
        long now = 1_000;

        @Override
        public long nanoTime() {
            return now;
        }
    }

    @Test
    void regionsCarryTheirElapsedTimeAndNothingElse() {
        FakeClock clock = new FakeClock();
        RegionTimer timer = new RegionTimer(clock, 0);
        clock.now += 50;
        Object outer = timer.regionStart("outer");
        clock.now += 200;
        Object inner = timer.regionStart("inner");
        clock.now += 300;
        timer.regionStop(inner);
        clock.now += 7;
        timer.regionStop(outer);
        timer.regionStop("not a token");
        timer.work(99);
        List<RegionRecord> closed = new ArrayList<>();
        timer.drainRegions(closed::add);
        assertThat(closed).extracting(RegionRecord::label).containsExactly("inner", "outer");
        assertThat(closed.get(0).measures()).isEqualTo(new WorkSpan(0, 0, 0, 0, 0, 300));
        assertThat(closed.get(0).startNs()).isEqualTo(250);
        assertThat(closed.get(1).measures().elapsedNs()).isEqualTo(507);
        assertThat(closed.get(1).startNs()).isEqualTo(50);
        assertThat(closed.get(1).thread()).isEqualTo(Thread.currentThread().getName());
        assertThat(timer.elapsedNs()).isEqualTo(557);
    }

    @Test
    void theWarmUpLeavesNoRegionBehind() {
        FakeClock clock = new FakeClock();
        RegionTimer timer = new RegionTimer(clock, 0);
        timer.warmUp();
        List<RegionRecord> closed = new ArrayList<>();
        timer.drainRegions(closed::add);
        assertThat(closed).isEmpty();
        assertThat(timer.snapshot(false).measures().elapsedNs()).isZero();
    }

    @Test
    void theSinkWritesAnOrdinaryRecording() throws Exception {
        FakeClock clock = new FakeClock();
        RegionTimer timer = new RegionTimer(clock, 3);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RecordingSink sink = new RecordingSink(new RecordingWriter(bytes), Map.of("mode", "regions", "unit", "time"),
                timer, 1000);
        Object r = timer.regionStart("kernel");
        clock.now += 1234;
        timer.regionStop(r);
        sink.flush();
        Object again = timer.regionStart("kernel");
        clock.now += 1000;
        timer.regionStop(again);
        clock.now += 66;
        sink.close();
        sink.close();
        Recording rec = RecordingReader.read(new ByteArrayInputStream(bytes.toByteArray()), "mem");
        assertThat(rec.complete()).isTrue();
        assertThat(rec.info().get("mode", "?")).isEqualTo("regions");
        assertThat(rec.regions()).extracting(x -> x.measures().elapsedNs()).containsExactly(1234L, 1000L);
        assertThat(rec.wholeRun().measures()).isEqualTo(new WorkSpan(0, 0, 0, 0, 0, 2300));
        assertThat(rec.wholeRun().workers()).isEqualTo(3);
        assertThat(rec.wholeRun().isFinal()).isTrue();
    }
}
