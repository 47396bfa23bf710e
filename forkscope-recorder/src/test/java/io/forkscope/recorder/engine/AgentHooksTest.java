package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import io.forkscope.recorder.count.BytecodeCounter;
import org.junit.jupiter.api.Test;

/**
 * The hooks the agent weaves in bytecodes without a DAG or count.jdk: a fork is one hook
 * ({@link SpanEngine#createOpening}), a program's worker factory is taken back out of the strand only
 * inside a fork's push ({@link SpanEngine#pushCodeBegins}), and doExec's and the wait methods' exit
 * hooks take the thread's state from their entry hook, never another engine's.
 * ({@code count.jdk} is one-way for a JVM and another test of this module may have turned it on, so
 * that case is read from the counter.)
 */
class AgentHooksTest {
    private static SpanEngine engine(Unit unit, boolean dag) {
        return new SpanEngine(unit, 0, Clock.SYSTEM, new SimRuntime(0, 1), new PoolThreads(), dag, false);
    }

    @Test
    void aForkIsOneHookOnlyInBytecodesWithoutADagOrTheJdkCounted() {
        for (boolean dag : new boolean[] {false, true}) {
            assertThat(engine(Unit.TIME, dag).forkOpensStrand()).isFalse();
            assertThat(engine(Unit.ABSTRACT, dag).forkOpensStrand()).isFalse();
        }
        assertThat(engine(Unit.BYTECODES, true).forkOpensStrand()).isFalse();
        assertThat(engine(Unit.BYTECODES, false).forkOpensStrand()).isEqualTo(!BytecodeCounter.countsJdk());
    }

    @Test
    void oneHookAForkCountsWhatTwoDid() {
        WorkSpan[] results = new WorkSpan[2];
        for (int i = 0; i < 2; i++) {
            SimRuntime rt = i == 0 ? SimRuntime.counted(7, 3) : SimRuntime.countedWithAgentHooks(7, 3);
            SimTask root = rt.submit(r -> {
                r.work(10);
                SimTask a = r.fork(c -> c.work(20));
                r.work(5);
                SimTask b = r.fork(c -> {
                    c.work(3);
                    SimTask d = c.fork(e -> e.work(40));
                    c.join(d);
                });
                r.join(a);
                r.work(1);
                r.join(b);
            });
            rt.join(root);
            results[i] = rt.engine.snapshot(true).measures();
        }
        assertThat(counts(results[1])).containsExactly(counts(results[0]));
        assertThat(results[0].work()).isEqualTo(79);
        assertThat(results[0].span()).isEqualTo(10 + 5 + 3 + 40);
    }

    @Test
    void workerCreationOutsideAForkStaysWhereItCounts() {
        SimRuntime rt = SimRuntime.countedWithAgentHooks(0, 1);
        rt.engine.regionStart("open");    // this thread's root strand is open
        // no ForkJoinTask.fork on this stack: a managed block's or a join's worker creation (and with
        // count.jdk, which another test of this module may have turned on, never)
        assertThat(rt.engine.pushCodeBegins()).isEqualTo(Long.MIN_VALUE);
        assertThat(engine(Unit.TIME, false).pushCodeBegins()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aWorkerCreationsEndWithoutItsBeginTakesNothingBack() {
        SimRuntime rt = SimRuntime.countedWithAgentHooks(0, 1);
        rt.engine.regionStart("open");    // this thread's root strand is open
        long before = BytecodeCounter.current();
        BytecodeCounter.add(5);
        rt.engine.pushCodeEnds(0);        // an entry advice cut short by an error: its result the default 0
        assertThat(BytecodeCounter.current()).isEqualTo(before + 5);
    }

    @Test
    void anExitHookNeverUsesAnotherEnginesState() {
        SimRuntime a = SimRuntime.countedWithAgentHooks(0, 1);
        SimRuntime b = SimRuntime.countedWithAgentHooks(0, 1);
        Object foreign = a.engine.waitBegins();
        ThreadState mine = a.engine.threadRegistry().current();
        assertThat(foreign).isSameAs(mine);
        assertThat(mine.top().waitDepth).isEqualTo(1);
        SimTask t = new SimTask(r -> { });
        b.engine.waitEnds(t, foreign);          // b finds its own state: a's wait stays open
        b.engine.execEnds(t, foreign);
        assertThat(mine.top().waitDepth).isEqualTo(1);
        assertThat(mine.busy).isFalse();
        a.engine.waitEnds(t, foreign);
        assertThat(mine.top().waitDepth).isZero();
    }

    private static long[] counts(WorkSpan w) {
        return new long[] {w.work(), w.span(), w.burdenedSpan(), w.spawns(), w.syncs()};
    }
}
