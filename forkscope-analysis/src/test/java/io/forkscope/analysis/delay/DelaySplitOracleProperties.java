package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Delay Spotter's analysis against {@link TickByTickDelayOracle}, a tick-by-tick simulation of the
 * definitions, on random schedules with small integer times (frequent readiness ties between edges
 * of different kinds, idle gaps, nodes of several kinds ready at once). Work, delay and no-work are
 * whole ticks and must agree exactly; the delay split by kind is a sum of fractions of ticks.
 */
class DelaySplitOracleProperties {

    /**
     * Tied runs, half of them measured against random worker slots (measures.md §2: pools alive at
     * once, one after another, outside threads' task bodies), so that slots(t) varies inside the run
     * and may fall below the nodes running (a thread beyond the slots: a compensation thread); and
     * half of them with a quarter of their strands stopped (their thread not running from start to
     * end: preempted by another process), which hold a slot as not-running time; and half of them with
     * forkscope's own time between a worker's nodes.
     */
    @Provide
    Arbitrary<Dag> tiedRuns() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(1, 5),
                        Arbitraries.integers().between(1, 40), Arbitraries.of(false, true), Arbitraries.of(false, true),
                        Arbitraries.of(false, true))
                .as((seed, workers, size, slotted, stopped, own) -> {
                    Random rnd = new Random(seed);
                    Dag dag = RandomSchedules.randomTiedRun(rnd, workers, size);
                    dag = slotted ? dag.withSlots(TickSlots.random(rnd, dag.begin(), dag.finish())) : dag;
                    dag = stopped ? RandomSchedules.withStoppedStrands(rnd, dag) : dag;
                    return own ? RandomSchedules.withRecorderTime(rnd, dag) : dag;
                });
    }

    @Property(tries = 1000)
    void everyNodeIsReadyWhenAndByWhatTheOracleSays(@ForAll("tiedRuns") Dag dag) {
        TickByTickDelayOracle oracle = new TickByTickDelayOracle(dag);
        ReadyTimes times = ReadyTimes.of(dag);
        for (DagNode node : dag.nodes()) {
            int v = node.id();
            assertThat(node.start()).as("the generator's schedules are valid").isGreaterThanOrEqualTo(oracle.ready[v]);
            assertThat(times.ready(v)).as("ready time of node %d in %s", v, dag).isEqualTo(oracle.ready[v]);
            assertThat(times.delay(v)).as("delay of node %d in %s", v, dag).isEqualTo(node.start() - oracle.ready[v]);
            assertThat(times.lastPredecessor(v)).as("predecessor that made node %d ready in %s", v, dag)
                    .isEqualTo(oracle.readyFrom[v]);
            assertThat(times.readyBy(v)).as("kind that made node %d ready in %s", v, dag).isEqualTo(oracle.readyBy[v]);
        }
        Statistics.label("a node's readiness is a tie between edges of different kinds")
                .collect(hasTieBetweenKinds(dag));
        Statistics.label("a node's readiness is a tie between edges of different kinds")
                .coverage(checker -> checker.check(true).percentage(pct -> pct >= 30));
    }

    @Property(tries = 1000)
    void theProfileCountsWhatRunsAndWhatIsReadyAtEveryTick(@ForAll("tiedRuns") Dag dag) {
        TickByTickDelayOracle oracle = new TickByTickDelayOracle(dag);
        ParallelismProfile profile = ParallelismProfile.of(dag);
        for (long t = dag.begin(); t < dag.finish(); t++) {
            int i = (int) (t - dag.begin());
            ProfileSegment s = profile.at(t);
            assertThat(s).as("segment at %d of %s", t, dag).isNotNull();
            assertThat(s.running()).as("running at %d of %s", t, dag).isEqualTo(oracle.running[i]);
            assertThat(s.notRunning()).as("not running at %d of %s", t, dag).isEqualTo(oracle.stopped[i]);
            assertThat(s.recorder()).as("in forkscope's hooks at %d of %s", t, dag).isEqualTo(oracle.inRecorder[i]);
            assertThat(s.held()).as("held by forkscope's hooks at %d of %s", t, dag).isEqualTo(oracle.held[i]);
            assertThat(s.slots()).as("slots at %d of %s", t, dag).isEqualTo(oracle.slots[i]);
            for (EdgeKind k : EdgeKind.values()) {
                assertThat(s.ready(k)).as("ready by %s at %d of %s", k, t, dag).isEqualTo(oracle.readyByKind[i][k.ordinal()]);
            }
        }
    }

    @Property(tries = 1000)
    void workDelayNoWorkAndTheDelayOfEachKindAreWhatTheTicksAddUpTo(@ForAll("tiedRuns") Dag dag) {
        TickByTickDelayOracle oracle = new TickByTickDelayOracle(dag);
        LossBreakdown b = DelaySpotter.analyze(dag).breakdown();
        assertThat(b.work()).as("work of %s", dag).isEqualTo((double) oracle.work);
        assertThat(b.notRunning()).as("not-running of %s", dag).isEqualTo((double) oracle.notRunning);
        assertThat(b.recorder()).as("forkscope of %s", dag).isEqualTo((double) oracle.recorder);
        assertThat(b.delay()).as("delay of %s", dag).isEqualTo((double) oracle.delay);
        assertThat(b.noWork()).as("no-work of %s", dag).isEqualTo((double) oracle.noWork);
        for (EdgeKind k : EdgeKind.values()) {
            assertThat(b.delayByKind().get(k)).as("delay by %s of %s", k, dag).isCloseTo(oracle.delayOf(k), within(1e-9));
        }
        Statistics.label("a tick lets nodes of two kinds wait beside a free worker")
                .collect(hasMixedKindDelay(dag, oracle));
        Statistics.label("a tick lets nodes of two kinds wait beside a free worker")
                .coverage(checker -> checker.check(true).percentage(pct -> pct >= 30));
        Statistics.label("the slots change inside the run").collect(varies(oracle.slots));
        Statistics.label("the slots change inside the run").coverage(checker -> checker.check(true).percentage(pct -> pct >= 20));
        Statistics.label("more nodes run than there are slots").collect(overflows(oracle));
        Statistics.label("more nodes run than there are slots").coverage(checker -> checker.check(true).percentage(pct -> pct >= 5));
        Statistics.label("a stopped strand holds a slot while nodes are ready").collect(stoppedBesideReady(oracle));
        Statistics.label("a stopped strand holds a slot while nodes are ready")
                .coverage(checker -> checker.check(true).percentage(pct -> pct >= 15));
    }

    private static boolean stoppedBesideReady(TickByTickDelayOracle oracle) {
        for (int i = 0; i < oracle.stopped.length; i++) {
            int r = 0;
            for (int x : oracle.readyByKind[i]) {
                r += x;
            }
            if (oracle.stopped[i] > 0 && r > 0 && oracle.running[i] < oracle.slots[i]) {
                return true;
            }
        }
        return false;
    }

    private static boolean varies(int[] slots) {
        return java.util.Arrays.stream(slots).distinct().count() > 1;
    }

    private static boolean overflows(TickByTickDelayOracle oracle) {
        for (int i = 0; i < oracle.running.length; i++) {
            if (oracle.running[i] > oracle.slots[i]) {
                return true;
            }
        }
        return false;
    }

    @Property(tries = 1000)
    void theReadyPathAndNoWorkSchedAreWhatTheTicksAlongItAddUpTo(@ForAll("tiedRuns") Dag dag) {
        TickByTickDelayOracle oracle = new TickByTickDelayOracle(dag);
        DelayReport r = DelaySpotter.analyze(dag);
        ReadyPath path = r.readyPath();
        assertThat(path.nodes()).as("ready path of %s", dag).isEqualTo(oracle.path);
        assertThat(path.work()).as("path work of %s", dag).isEqualTo(oracle.pathWork);
        assertThat(path.notRunning()).as("path not-running of %s", dag).isEqualTo((double) oracle.pathNotRunning);
        assertThat(path.busyDelay()).as("busy delay of %s", dag).isEqualTo((double) oracle.busyDelay);
        assertThat(path.schedulerDelay()).as("scheduler delay of %s", dag).isCloseTo(oracle.schedulerDelay, within(1e-9));
        assertThat(path.recorder()).as("path forkscope of %s", dag).isCloseTo(oracle.pathRecorder, within(1e-9));
        assertThat(r.breakdown().noWorkSched()).as("no-work-sched of %s", dag).isCloseTo(oracle.noWorkSched, within(1e-9));
        assertThat(r.breakdown().noWorkApp()).as("no-work-app of %s", dag)
                .isCloseTo(oracle.noWork - oracle.noWorkSched, within(1e-9));
        Statistics.label("the path waits while a free worker is in forkscope's hooks").collect(oracle.pathRecorder > 0);
        Statistics.label("a node is held by forkscope's hook while a slot is free")
                .collect(java.util.stream.IntStream.range(0, oracle.held.length)
                        .anyMatch(i -> oracle.held[i] > 0 && oracle.running[i] + oracle.stopped[i] < oracle.slots[i]));
        Statistics.label("a node is held by forkscope's hook while a slot is free")
                .coverage(checker -> checker.check(true).percentage(pct -> pct >= 5));
        Statistics.label("the path waits while a free worker is in forkscope's hooks")
                .coverage(checker -> checker.check(true).percentage(pct -> pct >= 5));
    }

    /** Some node has two predecessors ending last at once, by edges of different kinds. */
    private static boolean hasTieBetweenKinds(Dag dag) {
        for (DagNode node : dag.nodes()) {
            long latest = node.in().stream().mapToLong(e -> dag.nodes().get(e.from()).end()).max().orElse(-1);
            long kinds = node.in().stream().filter(e -> dag.nodes().get(e.from()).end() == latest)
                    .map(Edge::kind).distinct().count();
            if (kinds > 1) {
                return true;
            }
        }
        return false;
    }

    /** Some tick has delay (a free worker, a ready node) while nodes of two kinds are ready. */
    private static boolean hasMixedKindDelay(Dag dag, TickByTickDelayOracle oracle) {
        for (int i = 0; i < oracle.running.length; i++) {
            long kinds = java.util.Arrays.stream(oracle.readyByKind[i]).filter(x -> x > 0).count();
            if (kinds > 1 && oracle.running[i] < oracle.slots[i]) {
                return true;
            }
        }
        return false;
    }
}
