package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What regionStop hands back to the thread that closed the region (Forkscope.measure): the values
 * worked out by hand, the same the sink later drains, and nothing for a region closed elsewhere.
 */
class StoppedRegionTest {
    static final long B = 100;

    @Test
    void aClosedRegionHandsBackItsWorkAndSpansAsTheSinkGetsThem() {
        SimRuntime rt = new SimRuntime(B, 1);
        Object token = rt.engine.regionStart("forkJoin");
        // a child of 10 units forked, 5 units alongside it, then the join: T1 = 15, T∞ = 10, bT∞ = B + 10
        SimTask child = rt.fork(r -> r.work(10));
        rt.work(5);
        rt.join(child);
        StoppedRegion stopped = rt.engine.regionStop(token);

        assertThat(stopped.label()).isEqualTo("forkJoin");
        assertThat(stopped.outstanding()).isZero();
        assertThat(stopped.sites()).isNull();
        WorkSpan ws = stopped.measures();
        assertThat(List.of(ws.work(), ws.span(), ws.burdenedSpan(), ws.spawns(), ws.syncs()))
                .containsExactly(15L, 10L, B + 10, 1L, 1L);
        List<RegionRecord> drained = new ArrayList<>();
        rt.engine.drainRegions(drained::add);
        assertThat(drained).singleElement().extracting(RegionRecord::measures).isEqualTo(ws);
    }

    @Test
    void aRegionOfSerialWorkHasParallelismOne() {
        SimRuntime rt = new SimRuntime(B, 1);
        Object token = rt.engine.regionStart("serial");
        for (int i = 0; i < 16; i++) {
            rt.work(1000);
        }
        WorkSpan ws = rt.engine.regionStop(token).measures();
        assertThat(ws.work()).isEqualTo(16_000);
        assertThat(ws.span()).isEqualTo(16_000);
        assertThat(ws.burdenedSpan()).isEqualTo(16_000);
    }

    @Test
    void aRegionClosedInAnotherTaskIsLeftOutAndSaysSo() {
        SimRuntime rt = new SimRuntime(B, 1);
        Object token = rt.engine.regionStart("elsewhere");
        StoppedRegion[] stopped = new StoppedRegion[1];
        SimTask child = rt.fork(r -> stopped[0] = r.engine.regionStop(token));
        rt.join(child);

        assertThat(stopped[0].label()).isEqualTo("elsewhere");
        assertThat(stopped[0].measures()).isNull();
        List<RegionRecord> drained = new ArrayList<>();
        rt.engine.drainRegions(drained::add);
        assertThat(drained).isEmpty();
    }

    @Test
    void aTokenThatIsNoRegionsGivesNothing() {
        SimRuntime rt = new SimRuntime(B, 1);
        assertThat(rt.engine.regionStop("not a token")).isNull();
        assertThat(rt.engine.regionStop(null)).isNull();
    }
}
