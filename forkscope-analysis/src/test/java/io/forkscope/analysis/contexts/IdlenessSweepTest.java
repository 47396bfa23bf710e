package io.forkscope.analysis.contexts;

import static io.forkscope.model.contexts.StateInterval.idle;
import static io.forkscope.model.contexts.StateInterval.runtime;
import static io.forkscope.model.contexts.StateInterval.working;
import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact idleness, work and runtime per context on hand-built timelines (times in ns). */
class IdlenessSweepTest {
    static final long MS = 1_000_000L;

    static WorkerTimeline thread(long id, StateInterval... intervals) {
        return new WorkerTimeline(id, List.of(intervals));
    }

    static BigInteger scaled(TimelineAttribution a, long numerator, long denominator) {
        return a.exact().scale().multiply(BigInteger.valueOf(numerator)).divide(BigInteger.valueOf(denominator));
    }

    @Test
    void aSerialPhaseWhileThreeWorkersIdleIsChargedThreeTimesItsLength() {
        WorkerTimelines timelines = new WorkerTimelines(List.of(
                thread(1, working(0, 10 * MS, 1)),
                thread(2, idle(0, 10 * MS)),
                thread(3, idle(0, 10 * MS)),
                thread(4, idle(0, 10 * MS))));
        TimelineAttribution a = IdlenessSweep.attribute(timelines, 2);
        assertThat(a.workingNs(1)).isEqualTo(10 * MS);
        assertThat(a.idlenessScaled(1)).isEqualTo(a.exact().whole(30 * MS));
        assertThat(a.idlenessNs(1)).isEqualTo(30.0 * MS);
        assertThat(a.idleWhileNobodyWorksNs()).isZero();
    }

    @Test
    void twoWorkingContextsShareOneIdleWorkerHalfEach() {
        WorkerTimelines timelines = new WorkerTimelines(List.of(
                thread(1, working(0, 6, 1)),
                thread(2, working(0, 6, 2)),
                thread(3, idle(0, 6))));
        TimelineAttribution a = IdlenessSweep.attribute(timelines, 3);
        assertThat(a.idlenessScaled(1)).isEqualTo(a.exact().whole(3));
        assertThat(a.idlenessScaled(2)).isEqualTo(a.exact().whole(3));
        assertThat(a.workingNs(1)).isEqualTo(6);
    }

    @Test
    void membershipChangesAtEveryBoundary() {
        // t:      0    1    2    3    4
        // T1:     W(1) W(1) W(1) I    I
        // T2:     I    W(2) W(2) W(2) R(2)
        // T3:     I    I    W(1) I    I
        // [0,1): idle 2, W {T1}:       ctx1 += 2
        // [1,2): idle 1, W {T1,T2}:    ctx1 += 1/2, ctx2 += 1/2
        // [2,3): idle 0, W {T1,T2,T3}: nothing
        // [3,4): idle 2, W {T2}:       ctx2 += 2
        // [4,5): idle 2, W {} (T2 in RUNTIME): nobody works, bucket += 2
        WorkerTimelines timelines = new WorkerTimelines(List.of(
                thread(1, working(0, 3, 1), idle(3, 5)),
                thread(2, idle(0, 1), working(1, 4, 2), runtime(4, 5, 2)),
                thread(3, idle(0, 2), working(2, 3, 1), idle(3, 5))));
        TimelineAttribution a = IdlenessSweep.attribute(timelines, 3);
        assertThat(a.idlenessScaled(1)).isEqualTo(scaled(a, 5, 2));
        assertThat(a.idlenessScaled(2)).isEqualTo(scaled(a, 5, 2));
        assertThat(a.idleWhileNobodyWorksNs()).isEqualTo(2);
        assertThat(a.workingNs(1)).isEqualTo(4);
        assertThat(a.workingNs(2)).isEqualTo(3);
        assertThat(a.runtimeNs(2)).isEqualTo(1);
        assertConserved(a, timelines);
    }

    @Test
    void thirdsAreExactWhereDoublesAreNot() {
        // three workers in three contexts and one idle for 1 ns, 10 times: each context 10/3 exactly
        WorkerTimelines timelines = new WorkerTimelines(List.of(
                thread(1, working(0, 10, 1)), thread(2, working(0, 10, 2)),
                thread(3, working(0, 10, 3)), thread(4, idle(0, 10))));
        TimelineAttribution a = IdlenessSweep.attribute(timelines, 4);
        for (int c = 1; c <= 3; c++) {
            assertThat(a.idlenessScaled(c)).isEqualTo(scaled(a, 10, 3));
        }
        assertThat(a.totalIdlenessScaled()).isEqualTo(a.exact().whole(10));
    }

    @Test
    void runtimeThreadsAreNeitherIdleNorCharged() {
        WorkerTimelines timelines = new WorkerTimelines(List.of(
                thread(1, working(0, 4, 1)), thread(2, runtime(0, 4, 1)), thread(3, idle(0, 4))));
        TimelineAttribution a = IdlenessSweep.attribute(timelines, 2);
        assertThat(a.idlenessScaled(1)).isEqualTo(a.exact().whole(4)); // 1 idle / 1 working
        assertThat(a.runtimeNs(1)).isEqualTo(4);
        assertConserved(a, timelines);
    }

    @Test
    void nobodyIdleMeansNoIdleness() {
        WorkerTimelines timelines = new WorkerTimelines(List.of(thread(1, working(5, 9, 0)), thread(2, working(5, 9, 0))));
        TimelineAttribution a = IdlenessSweep.attribute(timelines, 1);
        assertThat(a.idlenessScaled(0)).isZero();
        assertThat(a.workingNs(0)).isEqualTo(8);
        assertThat(a.spanNs()).isEqualTo(4);
    }

    static void assertConserved(TimelineAttribution a, WorkerTimelines timelines) {
        BigInteger total = a.exact().whole(a.totalWorkingNs() + a.totalRuntimeNs() + a.idleWhileNobodyWorksNs())
                .add(a.totalIdlenessScaled());
        assertThat(total).isEqualTo(a.exact().whole(timelines.size() * a.spanNs()));
    }
}
