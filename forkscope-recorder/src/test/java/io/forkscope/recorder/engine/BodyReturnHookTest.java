package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.recorder.count.BytecodeCounter;
import org.junit.jupiter.api.Test;

/**
 * When the agent weaves the hook at a task body's return into doExec ({@link SpanEngine#needsBodyReturns}):
 * wherever it dates or counts a body's end that the end hook would not. In bytecodes without a DAG it
 * is left out unless the JDK is counted too ({@code count.jdk} is one-way for a JVM, and another test
 * of this module may have turned it on, so that case is read from the counter).
 */
class BodyReturnHookTest {
    private static SpanEngine engine(Unit unit, boolean dag) {
        return new SpanEngine(unit, 0, Clock.SYSTEM, new SimRuntime(0, 1), new PoolThreads(), dag, false);
    }

    @Test
    void timeAndAbstractUnitsAlwaysWantTheBodysReturn() {
        for (boolean dag : new boolean[] {false, true}) {
            assertThat(engine(Unit.TIME, dag).needsBodyReturns()).isTrue();
            assertThat(engine(Unit.ABSTRACT, dag).needsBodyReturns()).isTrue();
        }
    }

    @Test
    void bytecodesWantItOnlyWithADagOrTheJdkCounted() {
        assertThat(engine(Unit.BYTECODES, true).needsBodyReturns()).isTrue();
        assertThat(engine(Unit.BYTECODES, false).needsBodyReturns()).isEqualTo(BytecodeCounter.countsJdk());
    }
}
