package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.DagAssembler;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engine's per-thread state over a run: one state per thread whatever happens to its
 * ThreadLocals, unique names, dead threads released with their totals kept, P counting threads
 * outside pools that ran tasks, and regions settled off the program thread. Expected values are
 * abstract units worked by hand.
 */
class ThreadStatesTest {

    /** A task of {@code units} of work that forks and joins a child of {@code child} units. */
    private static SimTask forkJoin(long units, long child) {
        return new SimTask(r -> {
            r.work(units);
            r.join(r.fork(c -> c.work(child)));
        });
    }

    @Test
    void erasedThreadLocalsBetweenTopLevelTasksKeepOneStatePerThread() {
        SimRuntime rt = new SimRuntime(0, 1);
        for (int i = 0; i < 10; i++) {
            rt.invoke(forkJoin(2, 3));
            rt.engine.threadRegistry().eraseCurrentThreadLocal();    // what a common-pool worker does between tasks
        }
        WholeRun run = rt.engine.snapshot(true);
        assertThat(rt.engine.liveThreads()).hasSize(1);
        assertThat(run.threads()).isEqualTo(1);
        assertThat(run.measures().work()).isEqualTo(50);
        assertThat(run.measures().spawns()).isEqualTo(10);
        assertThat(run.measures().span()).isEqualTo(50);     // ten calls one after another on the root frame
    }

    @Test
    void aFrameStackInProgressSurvivesErasure() {
        SimRuntime rt = new SimRuntime(0, 1);
        rt.invoke(new SimTask(r -> {
            r.work(3);
            r.engine.threadRegistry().eraseCurrentThreadLocal();   // inside a task, depth 1
            SimTask child = r.fork(c -> c.work(4));
            r.work(1);
            r.join(child);
            r.work(2);
        }));
        WorkSpan ws = rt.engine.snapshot(true).measures();
        assertThat(rt.engine.liveThreads()).hasSize(1);
        assertThat(ws.work()).isEqualTo(10);
        assertThat(ws.span()).isEqualTo(3 + 4 + 2);
        assertThat(ws.spawns()).isEqualTo(1);
        assertThat(ws.syncs()).isEqualTo(1);
    }

    @Test
    void threadsWithTheSameNameGetDistinctNames() throws Exception {
        SimRuntime rt = new SimRuntime(0, 1);
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(() -> rt.engine.regionStop(rt.engine.regionStart("r")), "commonPool-worker-1");
            t.start();
            t.join();
            ts.add(t);
        }
        List<RegionRecord> regions = new ArrayList<>();
        rt.engine.drainRegions(regions::add);
        assertThat(regions).extracting(RegionRecord::thread).doesNotHaveDuplicates().containsExactly(
                "commonPool-worker-1", "commonPool-worker-1#" + ts.get(1).getId(), "commonPool-worker-1#" + ts.get(2).getId());
    }

    @Test
    void threadsPastTheIdTableKeepOneStateEachThroughErasure() throws Exception {
        for (int directIds : new int[] {0, ThreadRegistry.DIRECT_IDS}) {      // every id by ThreadLocal; by id
            ThreadRegistry registry = new ThreadRegistry(PlainTasks.PLAIN_THREAD, directIds);
            List<ThreadState> seen = new ArrayList<>();
            Runnable twice = () -> {
                ThreadState first = registry.current();
                registry.eraseCurrentThreadLocal();
                ThreadState again = registry.current();
                synchronized (seen) {
                    seen.add(first);
                    seen.add(again);
                    seen.add(registry.current());
                }
            };
            Thread a = new Thread(twice);
            Thread b = new Thread(twice);
            a.start();
            b.start();
            a.join();
            b.join();
            twice.run();
            assertThat(seen).hasSize(9);
            for (int i = 0; i < 9; i += 3) {
                assertThat(seen.get(i + 1)).as("ids below %d", directIds).isSameAs(seen.get(i));
                assertThat(seen.get(i + 2)).isSameAs(seen.get(i));
            }
            assertThat(seen.stream().distinct().count()).isEqualTo(3);
            assertThat(registry.live()).hasSize(3);
        }
    }

    @Test
    void tasksNeverJoinedAreCountedOverLiveAndDeadThreads() throws Exception {
        SimRuntime rt = new SimRuntime(0, 1);
        for (int i = 0; i < 3; i++) {                 // each thread forks two, joins one, then dies
            Thread t = new Thread(() -> rt.invoke(new SimTask(r -> {
                SimTask joined = r.fork(c -> c.work(1));
                r.fork(c -> c.work(1));
                r.join(joined);
            })));
            t.start();
            t.join();
        }
        rt.invoke(new SimTask(r -> r.fork(c -> c.work(1))));      // and this live thread one more
        long before = rt.engine.gaps().unjoined();
        rt.engine.snapshot(false);
        assertThat(rt.engine.threadRegistry().roster().retired().threads()).isEqualTo(3);
        assertThat(rt.engine.gaps().unjoined()).isEqualTo(before).isEqualTo(4);
    }

    @Test
    void deadThreadsAreReleasedAndTheirTotalsKept() throws Exception {
        SimRuntime rt = new SimRuntime(0, 1);
        for (int i = 0; i < 50; i++) {
            Thread t = new Thread(() -> rt.invoke(forkJoin(2, 1)));
            t.start();
            t.join();
        }
        WholeRun run = rt.engine.snapshot(false);
        assertThat(rt.engine.liveThreads()).isEmpty();
        assertThat(rt.engine.threadRegistry().roster().retired().threads()).isEqualTo(50);
        assertThat(run.measures().work()).isEqualTo(150);
        assertThat(run.measures().span()).isEqualTo(3);
        assertThat(run.measures().spawns()).isEqualTo(50);
        assertThat(run.measures().syncs()).isEqualTo(50);
        assertThat(run.threads()).isEqualTo(50);
        assertThat(run.tasks()).isEqualTo(100);
        assertThat(rt.engine.snapshot(true)).isEqualTo(new WholeRun(run.measures(), run.workers(), 50, 100, true));
    }

    @Test
    void aDeadThreadsNodesAndBusyTimeAreHandedOverBeforeItsStateGoes() throws Exception {
        SimRuntime rt = new SimRuntime(0, 1, true);      // fake clock, DAG recorded
        for (int i = 0; i < 5; i++) {
            Thread t = new Thread(() -> {
                Object region = rt.engine.regionStart("thread");     // its root frame's first event
                rt.work(1);
                rt.invoke(forkJoin(2, 3));
                rt.work(1);
                rt.engine.regionStop(region);                        // and last, closing the last strand
            });
            t.start();
            t.join();
            rt.engine.snapshot(false);    // retires the thread (the sink's periodic snapshot)
            assertThat(rt.engine.liveThreads()).isEmpty();
        }
        List<RecordedNode> nodes = new ArrayList<>();
        rt.engine.drainDagNodes(nodes::addAll, true);
        List<WorkerBusy> busy = new ArrayList<>();
        rt.engine.drainWorkerBusy(busy::add, true);
        long[] frame = rt.engine.dagFrame();
        DagAssembler.Assembled a = DagAssembler.assemble(nodes, (int) frame[0], frame[1], frame[2]);
        assertThat(a.droppedEdges()).isZero();
        assertThat(a.dag().nodes().stream().mapToLong(DagNode::work).sum()).isEqualTo(5 * 7);
        assertThat(rt.engine.snapshot(true).measures().work()).isEqualTo(5 * 7);
        // each thread: its root frame's end plus two task ends
        assertThat(a.dag().nodes().stream().mapToLong(DagNode::taskEnds).sum()).isEqualTo(5 * 3);
        assertThat(busy).extracting(WorkerBusy::worker).doesNotHaveDuplicates().hasSize(5);
    }

    private static void runTaskOn(SpanEngine engine, String thread) throws InterruptedException {
        Thread t = new Thread(() -> {
            SimTask task = new SimTask(r -> { });
            engine.create(task);
            if (engine.execBegin(task)) {
                engine.execEnd(task);
            }
        }, thread);
        t.start();
        t.join();
    }

    @Test
    void pCountsThreadsOutsidePoolsThatRanTasksOnTopOfThePoolsParallelism() throws Exception {
        SimRuntime model = new SimRuntime(0, 1);
        SpanEngine engine = new SpanEngine(Unit.ABSTRACT, 0, System::nanoTime, model, new PoolThreads(), true, true);
        runTaskOn(engine, "pool-1");
        runTaskOn(engine, "pool-2");
        runTaskOn(engine, "pool-3");     // replaced pool-1 after it timed out: never more than 2 at once
        assertThat(engine.snapshot(false).workers()).isEqualTo(2);
        runTaskOn(engine, "main");       // helped, e.g. a parallel stream's caller
        Thread submitter = new Thread(() -> engine.create(new SimTask(r -> { })), "submitter");
        submitter.start();
        submitter.join();                // forked but ran no task body: not a worker
        WholeRun run = engine.snapshot(false);
        assertThat(run.workers()).isEqualTo(3);
        assertThat(run.threads()).isEqualTo(4);
        assertThat(engine.dagFrame()[0]).isEqualTo(3);
    }

    @Test
    void aRegionIsSettledOffTheProgramThreadAfterLateExitHooksHadTime() {
        SimRuntime model = new SimRuntime(0, 1);
        long[] now = {1_000_000};
        SpanEngine engine = new SpanEngine(Unit.ABSTRACT, 0, () -> now[0], model, model);
        List<RegionRecord> regions = new ArrayList<>();
        List<String> warnings = new ArrayList<>();

        // the task forked inside the region finishes after it closed, before it is settled
        Object token = engine.regionStart("late");
        SimTask late = new SimTask(r -> { });
        engine.create(late);
        engine.regionStop(token);
        now[0] += 1_000_000;
        engine.drainRegions(regions::add, false);
        assertThat(regions).as("held back for 20 ms").isEmpty();
        assertThat(engine.execBegin(late)).isTrue();
        engine.execEnd(late);
        // a second region, closed with a task that never runs, waits behind the first
        Object token2 = engine.regionStart("unjoined");
        engine.create(new SimTask(r -> { }));
        engine.regionStop(token2);
        now[0] += 19_500_000;            // 20.5 ms after the first closed, 19.5 ms after the second
        engine.drainRegions(regions::add, false);
        assertThat(regions).extracting(RegionRecord::label, RegionRecord::unjoined)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("late", 0L));
        now[0] += 20_000_000;
        engine.drainRegions(regions::add, false);
        engine.drainWarnings(warnings::add);
        assertThat(regions).extracting(RegionRecord::label, RegionRecord::unjoined).containsExactly(
                org.assertj.core.groups.Tuple.tuple("late", 0L), org.assertj.core.groups.Tuple.tuple("unjoined", 1L));
        assertThat(warnings).containsExactly("region 'unjoined' ended while 1 task(s) forked inside it had not"
                + " finished: their work is missing from the region");

        // at the end of the run nothing is held back
        Object token3 = engine.regionStart("last");
        engine.create(new SimTask(r -> { }));
        engine.regionStop(token3);
        engine.drainRegions(regions::add, true);
        assertThat(regions).last().extracting(RegionRecord::label, RegionRecord::unjoined)
                .containsExactly("last", 1L);
    }
}
