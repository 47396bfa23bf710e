package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The thread CPU-clock correction (NotRunningTime) through the engine, with a fake wall clock and a
 * fake CPU clock that the test advances by hand: every expected value is worked out below.
 */
class NotRunningTimeTest {
    /** A wall clock and the current thread's CPU clock that only move when told to; counts CPU reads. */
    static final class FakeClock implements Clock {
        long wall = 1_000_000;
        long cpu = 50_000;
        long threshold;
        int cpuReads;
        boolean hasCpuClock = true;

        FakeClock(long threshold) {
            this.threshold = threshold;
        }

        /** The thread runs for {@code running} ns and is off its core for {@code stopped} ns. */
        void advance(long running, long stopped) {
            wall += running + stopped;
            cpu += running;
        }

        @Override
        public long nanoTime() {
            return wall;
        }

        @Override
        public long threadCpuTime() {
            cpuReads++;
            return hasCpuClock ? cpu : -1;
        }

        @Override
        public long cpuThresholdNs() {
            return threshold;
        }
    }

    static final TaskModel MODEL = PlainTasks.done(true);
    static final ThreadClassifier PLAIN_THREAD = PlainTasks.PLAIN_THREAD;

    /** A task the engine knows nothing about: a wait for it is a wait, with nothing to merge. */
    static final class Unknown implements TaskHandle {
        @Override
        public TaskNode getForkscopeNode() {
            return null;
        }

        @Override
        public void setForkscopeNode(TaskNode node) {}
    }

    final List<RegionRecord> regions = new ArrayList<>();

    static SpanEngine engine(Clock clock) {
        return new SpanEngine(Unit.TIME, 0, clock, MODEL, PLAIN_THREAD);
    }

    WorkSpan region(SpanEngine engine, Runnable body) {
        Object token = engine.regionStart("r");
        body.run();
        engine.regionStop(token);
        regions.clear();
        engine.drainRegions(regions::add);
        assertThat(regions).hasSize(1);
        return regions.get(0).measures();
    }

    @Test
    void aStrandOf1000WallAnd400CpuIs400() {
        FakeClock clock = new FakeClock(500);
        SpanEngine engine = engine(clock);
        WorkSpan w = region(engine, () -> clock.advance(400, 600));
        assertThat(w.work()).isEqualTo(400);
        assertThat(w.span()).isEqualTo(400);
        assertThat(engine.snapshot(false).measures().work()).isEqualTo(400);
    }

    @Test
    void strandsShorterThanTheThresholdKeepWallTimeAndReadNoCpuClock() {
        FakeClock clock = new FakeClock(1000);
        SpanEngine engine = engine(clock);
        region(engine, () -> { });            // the thread's first strand takes its first mark
        int before = clock.cpuReads;
        WorkSpan shortOne = region(engine, () -> clock.advance(399, 600));   // 999 < 1000: as is
        assertThat(shortOne.work()).isEqualTo(999);
        assertThat(clock.cpuReads).isEqualTo(before);
        // 1000 ≥ 1000: read; since the mark the thread was off its core 600 + 600 ns, at most the
        // strand's 1000 is charged; what the short strand before kept is the error by design
        WorkSpan atThreshold = region(engine, () -> clock.advance(400, 600));
        assertThat(atThreshold.work()).isEqualTo(0);
        assertThat(clock.cpuReads).isEqualTo(before + 1);
        WorkSpan next = region(engine, () -> clock.advance(700, 300));    // mark is fresh: 1000 − 300
        assertThat(next.work()).isEqualTo(700);
    }

    @Test
    void thresholdZeroReadsEveryStrandAndIsExact() {
        FakeClock clock = new FakeClock(0);
        SpanEngine engine = engine(clock);
        region(engine, () -> { });
        assertThat(region(engine, () -> clock.advance(10, 90)).work()).isEqualTo(10);
        assertThat(region(engine, () -> clock.advance(3, 0)).work()).isEqualTo(3);
    }

    @Test
    void aLongWaitMovesTheMarkSoItsParkedTimeIsNoStrands() {
        FakeClock clock = new FakeClock(500);
        SpanEngine engine = engine(clock);
        WorkSpan w = region(engine, () -> {
            clock.advance(2000, 0);            // strand 1: ran 2000
            engine.waitBegin();
            clock.advance(0, 5000);            // parked in the wait: 5000 ≥ 500 since strand 1 closed
            engine.waitEnd(new Unknown());
            clock.advance(1000, 0);            // strand 2 ran all its 1000 ns
        });
        // without the reset at the wait's end, strand 2 would be charged the 5000 parked: 0
        assertThat(w.work()).isEqualTo(3000);
        assertThat(w.span()).isEqualTo(3000);
    }

    @Test
    void aShortWaitKeepsTheMarkAndReadsNoCpuClock() {
        FakeClock clock = new FakeClock(500);
        SpanEngine engine = engine(clock);
        region(engine, () -> { });
        int before = clock.cpuReads;
        WorkSpan w = region(engine, () -> {
            clock.advance(100, 0);
            engine.waitBegin();
            clock.advance(0, 200);             // 200 < 500: no read at the wait's end
            engine.waitEnd(new Unknown());
            clock.advance(600, 100);           // 700 ≥ 500: read; off core 200 + 100 since the mark
        });
        assertThat(clock.cpuReads).isEqualTo(before + 1);
        assertThat(w.work()).isEqualTo(100 + 700 - 300);
    }

    @Test
    void moreCpuThanWallChargesNothing() {
        FakeClock clock = new FakeClock(0);
        SpanEngine engine = engine(clock);
        region(engine, () -> { });
        WorkSpan w = region(engine, () -> {
            clock.wall += 1000;
            clock.cpu += 1010;                 // the two clocks' granularity
        });
        assertThat(w.work()).isEqualTo(1000);
    }

    @Test
    void aThreadWithoutACpuClockKeepsWallTimeAndStopsAsking() {
        FakeClock clock = new FakeClock(0);
        clock.hasCpuClock = false;             // a virtual thread: -1
        SpanEngine engine = engine(clock);
        assertThat(region(engine, () -> clock.advance(400, 600)).work()).isEqualTo(1000);
        assertThat(region(engine, () -> clock.advance(400, 600)).work()).isEqualTo(1000);
        assertThat(clock.cpuReads).isEqualTo(1);
    }

    @Test
    void abstractUnitsAndClocksWithoutCpuReadNothing() {
        FakeClock clock = new FakeClock(0);
        SpanEngine units = new SpanEngine(Unit.ABSTRACT, 0, clock, MODEL, PLAIN_THREAD);
        WorkSpan w = region(units, () -> {
            clock.advance(400, 600);
            units.work(7);
        });
        assertThat(w.work()).isEqualTo(7);
        assertThat(clock.cpuReads).isZero();

        long[] wall = {0};
        SpanEngine wallOnly = engine(() -> wall[0]);   // Clock's defaults: no CPU clock, never read
        assertThat(region(wallOnly, () -> wall[0] += 1000).work()).isEqualTo(1000);
    }

    /**
     * With the DAG recorded, what comes off a strand is the node's not-running time (format 1.9):
     * strand 1 ran 400 and was off its core 600; after a long wait, strand 2 ran 1000 and was off
     * 250. Plain nodes keep their own; collapsed into one node, the two add up.
     */
    @Test
    void theNotRunningTimeTakenOutOfStrandsIsTheirDagNodes() {
        for (boolean collapse : new boolean[] {false, true}) {
            FakeClock clock = new FakeClock(500);
            SpanEngine engine = new SpanEngine(Unit.TIME, 0, clock, MODEL, PLAIN_THREAD, true, collapse);
            WorkSpan w = region(engine, () -> {
                clock.advance(400, 600);
                engine.waitBegin();
                clock.advance(0, 5000);            // parked: no strand's
                engine.waitEnd(new Unknown());
                clock.advance(1000, 250);
            });
            assertThat(w.work()).isEqualTo(1400);
            List<io.forkscope.model.dag.RecordedNode> nodes = new ArrayList<>();
            engine.drainDagNodes(nodes::addAll, true);
            assertThat(nodes.stream().mapToLong(io.forkscope.model.dag.RecordedNode::work).sum()).as("collapse " + collapse)
                    .isEqualTo(1400);
            assertThat(nodes.stream().mapToLong(io.forkscope.model.dag.RecordedNode::notRunning).sum())
                    .as("collapse " + collapse).isEqualTo(850);
            for (io.forkscope.model.dag.RecordedNode n : nodes) {
                assertThat(n.work() + n.notRunning()).as("%s", n).isLessThanOrEqualTo(n.end() - n.start());
            }
            if (!collapse) {
                assertThat(nodes).extracting(io.forkscope.model.dag.RecordedNode::notRunning).contains(600L, 250L);
            }
        }
    }

    /**
     * Through fork and join, with the sub-DAG collapsed into one node or kept whole (the simulated
     * runtime runs every task on one thread, so collapsing folds the whole tree): the root works 10,
     * forks a child that works 20 and is then preempted 30, works 5, is preempted 7, joins and works
     * 1. Work 36 and not-running time 37 in all, however the nodes were folded; each node's work and
     * not-running time fit in its interval.
     */
    @Test
    void collapsedNodesCarryTheSumOfTheirStrandsNotRunningTime() {
        for (boolean collapse : new boolean[] {false, true}) {
            SimRuntime rt = new SimRuntime(0, 1, true, collapse);
            SimTask root = rt.submit(r -> {
                r.work(10);
                SimTask child = r.fork(c -> {
                    c.work(20);
                    c.stall(30);
                });
                r.work(5);
                r.stall(7);
                r.join(child);
                r.work(1);
            });
            rt.join(root);
            List<io.forkscope.model.dag.RecordedNode> nodes = new ArrayList<>();
            rt.engine.drainDagNodes(nodes::addAll, true);
            String as = "collapse " + collapse + ": " + nodes;
            assertThat(nodes.stream().mapToLong(io.forkscope.model.dag.RecordedNode::work).sum()).as(as).isEqualTo(36);
            assertThat(nodes.stream().mapToLong(io.forkscope.model.dag.RecordedNode::notRunning).sum()).as(as).isEqualTo(37);
            assertThat(nodes).as(as).allMatch(n -> n.work() + n.notRunning() <= n.end() - n.start());
            if (collapse) {
                assertThat(nodes).as(as).anyMatch(n -> n.strands() > 1 && n.notRunning() == 37);
            }
        }
    }

    @Test
    void abstractUnitsRecordNoNotRunningTime() {
        FakeClock clock = new FakeClock(0);
        SpanEngine units = new SpanEngine(Unit.ABSTRACT, 0, clock, MODEL, PLAIN_THREAD, true, false);
        region(units, () -> {
            clock.advance(400, 600);
            units.work(7);
        });
        List<io.forkscope.model.dag.RecordedNode> nodes = new ArrayList<>();
        units.drainDagNodes(nodes::addAll, true);
        assertThat(nodes).isNotEmpty().allMatch(n -> n.notRunning() == 0);
    }
}
