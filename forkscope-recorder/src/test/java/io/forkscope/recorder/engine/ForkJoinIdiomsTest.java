package io.forkscope.recorder.engine;

import static io.forkscope.recorder.engine.HandBuiltDagTest.B;
import static io.forkscope.recorder.engine.HandBuiltDagTest.region;
import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RecordingGaps;
import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fork/join idioms beyond fork and join (docs/fork-join-methods.md), worked out by hand in
 * abstract units with burden B on create edges, and the gaps the engine counts when a DAG is
 * known to be incomplete.
 */
class ForkJoinIdiomsTest {

    /** A tree of 2^depth leaves of 5 units, one unit per internal node, joined by tryUnfork-or-join. */
    private static void unforkTree(SimRuntime rt, int depth) {
        if (depth == 0) {
            rt.work(5);
            return;
        }
        rt.work(1);
        SimTask left = rt.fork(r -> unforkTree(r, depth - 1));
        unforkTree(rt, depth - 1);            // the right half computed directly: a plain call
        rt.unforkOrJoin(left);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void unforkedTreeHasTheSpanOfItsDepthNotOfItsWork(long seed) {
        SimRuntime rt = new SimRuntime(B, seed);
        WorkSpan w = region(rt, () -> {
            SimTask root = rt.submit(r -> unforkTree(r, 4));
            rt.join(root);
        });
        // 16 leaves of 5 and 15 internal units; path 4 units + a leaf; every left fork on it
        assertThat(w).isEqualTo(new WorkSpan(16 * 5 + 15, 4 + 5, B + 4 + 4 * B + 5, 16, 16, 0));
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
    }

    /**
     * The same tree, but a left half taken back by tryUnfork is recomputed by a plain call (issue 21
     * item 2: {@code if (f.tryUnfork()) r += fib(n - 2); else r += f.join();}): the task never runs.
     */
    private static void recomputeTree(SimRuntime rt, int depth, boolean always) {
        if (depth == 0) {
            rt.work(5);
            return;
        }
        rt.work(1);
        SimTask left = rt.fork(r -> recomputeTree(r, depth - 1, always));
        recomputeTree(rt, depth - 1, always);
        rt.unforkOrRecompute(left, r -> recomputeTree(r, depth - 1, always), always);
    }

    /**
     * Every fork taken back and recomputed (a worker alone): the run is its serial elision, work =
     * span = 95, and only the root's submit carries a burden on the path; the 15 forks are counted
     * as spawns but none is joined (1 sync: the root's) and none is a gap.
     */
    @Test
    void forksTakenBackAndRecomputedByAPlainCallAreNoGapAndTheirWorkIsTheCallers() {
        SimRuntime rt = new SimRuntime(B, 1);
        WorkSpan w = region(rt, () -> {
            SimTask root = rt.submit(r -> recomputeTree(r, 4, true));
            rt.join(root);
        });
        assertThat(w).isEqualTo(new WorkSpan(16 * 5 + 15, 16 * 5 + 15, B + 16 * 5 + 15, 16, 1, 0));
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
        assertThat(rt.engine.closingInfo()).containsEntry(SpanEngine.TASKS_TAKEN_BACK, "15");
    }

    /** Taken back at random, joined otherwise: the work is the program's whatever the schedule, and no gap. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void forksSometimesTakenBackLeaveNoGap(long seed) {
        SimRuntime rt = new SimRuntime(B, seed);
        WorkSpan w = region(rt, () -> {
            SimTask root = rt.submit(r -> recomputeTree(r, 4, false));
            rt.join(root);
        });
        assertThat(w.work()).isEqualTo(16 * 5 + 15);
        assertThat(w.span()).isBetween(4L + 5, 16L * 5 + 15);
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
        assertThat(regionsWithUnjoined(rt)).isZero();
    }

    /** A fork taken back and dropped (its work never done): no gap either; the caller did the rest. */
    @Test
    void aForkTakenBackAndDroppedIsNoGap() {
        SimRuntime rt = new SimRuntime(B, 1);
        WorkSpan w = region(rt, () -> {
            SimTask root = rt.submit(r -> {
                r.work(3);
                SimTask t = r.fork(q -> q.work(50));
                r.work(4);
                r.unforkOrRecompute(t, null, true);
            });
            rt.join(root);
        });
        assertThat(w.work()).isEqualTo(7);
        assertThat(w.span()).isEqualTo(7);
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
    }

    /**
     * A fork taken back and then computed directly (the usual idiom) counts out of the taken-back
     * forks again: a genuinely unjoined fork beside it is still the one gap it is.
     */
    @Test
    void aForkTakenBackThenComputedLeavesARealGapVisible() {
        SimRuntime rt = new SimRuntime(B, 1);
        SimTask[] taken = new SimTask[1];
        region(rt, () -> {
            SimTask root = rt.submit(r -> {
                r.work(1);
                taken[0] = r.fork(q -> q.work(2));
                r.fork(q -> q.work(3));            // never joined
                r.work(1);
                r.unforkOrJoin(taken[0]);          // taken back and computed (seed 1: not stolen)
            });
            rt.join(root);
        });
        rt.drain();
        assertThat(taken[0].computedInline).as("the schedule took it back").isTrue();
        assertThat(rt.engine.gaps().unjoined()).isEqualTo(1);
        assertThat(rt.engine.closingInfo()).containsEntry(SpanEngine.TASKS_TAKEN_BACK, "0");
    }

    /** The same with the fork taken back and then invoked (doExec runs it): it counts out again too. */
    @Test
    void aForkTakenBackThenInvokedLeavesARealGapVisible() {
        SimRuntime rt = new SimRuntime(B, 1);
        region(rt, () -> {
            SimTask root = rt.submit(r -> {
                r.work(1);
                SimTask taken = r.fork(q -> q.work(2));
                r.fork(q -> q.work(3));            // never joined
                r.work(1);
                r.unforkThenInvoke(taken);
            });
            rt.join(root);
        });
        rt.drain();
        assertThat(rt.engine.gaps().unjoined()).isEqualTo(1);
        assertThat(rt.engine.closingInfo()).containsEntry(SpanEngine.TASKS_TAKEN_BACK, "0");
    }

    private static long regionsWithUnjoined(SimRuntime rt) {
        List<RegionRecord> out = new ArrayList<>();
        rt.engine.drainRegions(out::add, true);
        return out.stream().filter(r -> r.unjoined() > 0).count();
    }

    /** The same tree joined by plain join: the reference for collapsing. */
    private static void joinedTree(SimRuntime rt, int depth) {
        if (depth == 0) {
            rt.work(5);
            return;
        }
        rt.work(1);
        SimTask left = rt.fork(r -> joinedTree(r, depth - 1));
        joinedTree(rt, depth - 1);
        rt.join(left);
    }

    private static int recordedNodes(boolean unfork, boolean collapse, long seed) {
        SimRuntime rt = new SimRuntime(0, seed, true, collapse);
        SimTask root = rt.submit(r -> {
            if (unfork) {
                unforkTree(r, 6);
            } else {
                joinedTree(r, 6);
            }
        });
        rt.join(root);
        List<io.forkscope.model.dag.RecordedNode> nodes = new ArrayList<>();
        rt.engine.drainDagNodes(nodes::addAll, true);
        return nodes.size();
    }

    /** DAG mode: one worker's unforked-and-computed subtrees collapse as joined ones do. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void anUnforkedTreeCollapsesLikeAJoinedOne(long seed) {
        int unforked = recordedNodes(true, true, seed);
        assertThat(unforked).isEqualTo(recordedNodes(false, true, seed));
        assertThat(unforked).isLessThan(recordedNodes(true, false, seed) / 10);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void helpQuiesceJoinsForksAndWhatTheyLeftUnjoined(long seed) {
        SimRuntime rt = new SimRuntime(B, seed);
        WorkSpan w = region(rt, () -> {
            SimTask root = rt.submit(r -> {
                r.work(2);
                for (int i = 1; i <= 4; i++) {
                    long units = 10L * i;
                    r.fork(q -> q.work(units));
                }
                r.fork(q -> {               // fire and forget: its child is never joined by it
                    q.work(1);
                    q.fork(c -> c.work(50));
                    q.work(1);
                });
                r.helpQuiesce();
                r.work(3);
            });
            rt.join(root);
        });
        assertThat(w).isEqualTo(new WorkSpan(2 + 100 + 2 + 50 + 3, 2 + 1 + 50 + 3, B + 2 + B + 1 + B + 50 + 3, 7, 7, 0));
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
    }

    @Test
    void aCancelledTaskThatNeverRanIsJoinedAtItsStartAndNotLeftUnjoined() {
        SimRuntime rt = new SimRuntime(B, 1);
        Object token = rt.engine.regionStart("r");
        rt.work(3);
        SimTask t = rt.fork(r -> r.work(1000));
        rt.cancel(t);
        rt.work(4);
        rt.join(t);        // quietlyJoin of a cancelled task returns at once
        rt.engine.regionStop(token);
        List<RegionRecord> regions = new ArrayList<>();
        rt.engine.drainRegions(regions::add);
        assertThat(regions.get(0).unjoined()).isZero();
        WorkSpan w = regions.get(0).measures();
        assertThat(new WorkSpan(w.work(), w.span(), w.burdenedSpan(), w.spawns(), w.syncs(), 0))
                .isEqualTo(new WorkSpan(7, 7, B + 3, 1, 1, 0)); // burdened: the empty child's create edge
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
    }

    @Test
    void tasksNobodyJoinsAreCountedAsGaps() {
        SimRuntime rt = new SimRuntime(B, 1);
        SimTask joined = rt.fork(r -> r.work(1));
        rt.fork(r -> r.work(2));
        rt.fork(r -> r.work(3));
        rt.join(joined);
        rt.drain();
        assertThat(rt.engine.gaps()).isEqualTo(new RecordingGaps(2, 0, 0, 0));
        assertThat(rt.engine.closingInfo()).containsEntry(RecordingGaps.UNJOINED, "2");
        assertThat(rt.engine.closingWarnings()).anySatisfy(w -> assertThat(w).startsWith("incomplete DAG: 2 task(s)"));
    }
}
