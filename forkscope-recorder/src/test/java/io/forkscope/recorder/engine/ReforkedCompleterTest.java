package io.forkscope.recorder.engine;

import static io.forkscope.recorder.engine.HandBuiltDagTest.region;
import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RecordingGaps;
import io.forkscope.model.WorkSpan;
import org.junit.jupiter.api.Test;

/**
 * CountedCompleters forked again before they completed, worked out by hand in abstract units
 * (burden 0). Two shapes occur in the JDK's own code:
 * <ul>
 *   <li>a task that forks itself from its own running body and goes on as another task, leaving
 *       the re-forked one to continue (streams' {@code ForEachTask}): the create edge is the whole
 *       dependence, and completions that reached the task before the fork must still reach its
 *       waiter;
 *   <li>a task re-forked by another task after its first run ended ({@code Arrays.parallelPrefix}'s
 *       cumulate pass): the runs wait for each other through the program's own pending-count
 *       CASes, which no hook sees, so the DAG is known to lack edges and must say so.
 * </ul>
 */
class ReforkedCompleterTest {

    /**
     * Root R runs once (1 unit) and forks Y (10 units). With {@code refork}, Y forks R again and R's
     * second run (1 unit) completes it quietly; without, both complete through tryComplete.
     */
    private static SimRuntime prefixLike(boolean refork) {
        SimRuntime rt = new SimRuntime(0, 1);
        int[] runs = {0};
        SimTask[] root = new SimTask[1];
        root[0] = new SimTask(r -> {
            if (runs[0]++ == 0) {
                r.work(1);
                SimTask[] y = new SimTask[1];
                y[0] = new SimTask(q -> {
                    q.work(10);
                    if (refork) {
                        q.refork(root[0]);
                    } else {
                        q.tryComplete(y[0]);
                    }
                }, root[0], true);
                root[0].pending = 1;
                r.fork(y[0]);
                if (!refork) {
                    r.tryComplete(root[0]);    // the ordinary protocol: pending 1 -> 0, Y's completion completes R
                }
            } else {
                r.work(1);
                r.quietlyComplete(root[0]);
            }
        }, null, true);
        rt.fork(root[0]);
        rt.join(root[0]);
        return rt;
    }

    @Test
    void aCompleterReforkedByAnotherTaskIsAGapOfTheDag() {
        RecordingGaps gaps = prefixLike(true).engine.gaps();
        assertThat(gaps.reforked()).isEqualTo(1);
        assertThat(gaps.incomplete()).isTrue();
        assertThat(gaps.asInfo()).containsEntry(RecordingGaps.REFORKED, "1");
        assertThat(gaps.lines()).singleElement().asString().contains("forked again before they completed");
    }

    /**
     * A solver's iterations reusing one completer tree (issue 21 item 3): root R (1 unit) forks Y
     * (10 units), both complete through tryComplete; after the root's join the program calls
     * reinitialize() on both and runs them again, three times. Not a re-fork: no gap, and each
     * iteration's work adds up (3 × 11), its span 11 each, the three one after another.
     */
    @Test
    void aTreeReusedThroughReinitializeAfterItsRootCompletedIsNoRefork() {
        SimRuntime rt = new SimRuntime(0, 1);
        SimTask[] root = new SimTask[1];
        SimTask[] y = new SimTask[1];
        root[0] = new SimTask(r -> {
            r.work(1);
            root[0].pending = 1;
            r.fork(y[0]);
            r.tryComplete(root[0]);
        }, null, true);
        y[0] = new SimTask(q -> {
            q.work(10);
            q.tryComplete(y[0]);
        }, root[0], true);
        WorkSpan w = region(rt, () -> {
            for (int i = 0; i < 3; i++) {
                if (i > 0) {
                    rt.reinitialize(root[0]);
                    rt.reinitialize(y[0]);
                    y[0].done = false;
                }
                rt.fork(root[0]);
                rt.join(root[0]);
            }
        });
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
        assertThat(w.work()).isEqualTo(33);
        assertThat(w.span()).isEqualTo(33);
    }

    /** Without the reinitialize() hook the same reuse looks like a re-fork: the test above has teeth. */
    @Test
    void theSameReuseWithoutTheHookIsTakenForARefork() {
        SimRuntime rt = new SimRuntime(0, 1);
        SimTask[] root = new SimTask[1];
        SimTask[] y = new SimTask[1];
        root[0] = new SimTask(r -> {
            r.work(1);
            root[0].pending = 1;
            r.fork(y[0]);
            r.tryComplete(root[0]);
        }, null, true);
        y[0] = new SimTask(q -> {
            q.work(10);
            q.tryComplete(y[0]);
        }, root[0], true);
        for (int i = 0; i < 2; i++) {
            if (i > 0) {
                for (SimTask t : new SimTask[] {root[0], y[0]}) {
                    t.done = false;       // reset as reinitialize() does, but the engine is not told
                    t.started = false;
                    t.pending = 0;
                }
            }
            rt.fork(root[0]);
            rt.join(root[0]);
        }
        assertThat(rt.engine.gaps().reforked()).isPositive();
    }

    @Test
    void theSameTreeCompletedThroughTryCompleteHasNoGap() {
        assertThat(prefixLike(false).engine.gaps()).isEqualTo(RecordingGaps.NONE);
    }

    /**
     * A task that forks itself again from every run, 1,100 times: the chain of earlier nodes is cut
     * at {@link CompleterNode#MAX_REFORKS} (memory and the join's walk stay bounded), and the one
     * cut is said as a gap. The path runs through every run: span = work = 1,101 units.
     */
    @Test
    void theChainOfEarlierNodesIsBoundedAndACutIsAGap() {
        SimRuntime rt = new SimRuntime(0, 1);
        int[] runs = {0};
        SimTask[] root = new SimTask[1];
        root[0] = new SimTask(r -> {
            r.work(1);
            if (runs[0]++ < 1_100) {
                r.refork(root[0]);
            } else {
                r.tryComplete(root[0]);
            }
        }, null, true);
        WorkSpan w = region(rt, () -> {
            rt.fork(root[0]);
            rt.join(root[0]);
        });
        assertThat(rt.engine.gaps().reforked()).isEqualTo(1);
        assertThat(w.span()).isEqualTo(1_101);
    }

    /**
     * R's first run: 1 unit, forks A (10 units, completes into R), which another worker runs to its
     * end at once; then R forks itself and its first run does 2 more units; the re-forked R runs 3
     * units and completes. A's completion reached R's first node, before the re-fork: the waiter
     * must still take it. Work 1 + 10 + 2 + 3 = 16; the longest path is R's first strand then A,
     * 1 + 10 = 11 (R's second run starts from the 1 unit before the fork: 1 + 3 = 4; the first
     * run's end: 1 + 2 = 3).
     */
    @Test
    void aTaskThatForksItselfKeepsTheCompletionsThatReachedItBefore() {
        SimRuntime rt = new SimRuntime(0, 1);
        int[] runs = {0};
        SimTask[] root = new SimTask[1];
        root[0] = new SimTask(r -> {
            if (runs[0]++ == 0) {
                r.work(1);
                SimTask[] a = new SimTask[1];
                a[0] = new SimTask(q -> {
                    q.work(10);
                    q.tryComplete(a[0]);       // R's pending 1 -> 0
                }, root[0], true);
                root[0].pending = 1;
                r.fork(a[0]);
                r.runElsewhereNow(a[0]);
                r.refork(root[0]);             // R goes on as its own continuation
                r.work(2);
            } else {
                r.work(3);
                r.tryComplete(root[0]);        // pending 0: R completes
            }
        }, null, true);
        WorkSpan w = region(rt, () -> {
            rt.fork(root[0]);
            rt.join(root[0]);
        });
        assertThat(w.work()).isEqualTo(16);
        assertThat(w.span()).isEqualTo(11);
        assertThat(rt.engine.gaps()).isEqualTo(RecordingGaps.NONE);
    }
}
