package parallelismcases;

import io.forkscope.junit.Parallelism;
import io.forkscope.junit.Parallelism.Unit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The end-to-end test's cases (ParallelismEndToEndIT runs them in a JVM with the agent, through the
 * JUnit Platform launcher), in abstract units with burden 100, where every number is known: a tree
 * of 16 leaves of 1,000 units has work 16,000, span 1,000 (parallelism 16) and burdened span
 * 1,000 + 5 × 100 (pool.invoke's submission and the four forks on the way to the deepest forked
 * leaf each add a burden), burdened parallelism 10.67, and 16 spawns and syncs (15 forks and joins,
 * and the submission and its wait); 16 leaves in a loop have parallelism 1.
 * Failing on purpose: enabled only inside CaseRunner.
 */
@EnabledIf("io.forkscope.junit.CaseRunner#running")
public class ParallelismCases {
    @Test
    @Parallelism(atLeast = 8, burdenedAtLeast = 4, unit = Unit.ABSTRACT)
    void treeOfSixteen() {
        Trees.invoke(16, 1_000);
    }

    @Test
    @Parallelism(atLeast = 8, unit = Unit.ABSTRACT)
    void serialLoop() {
        for (int i = 0; i < 16; i++) {
            Units.leaf(1_000);
        }
    }

    @Test
    @Parallelism(atLeast = 8, burdenedAtLeast = 12, unit = Unit.ABSTRACT)
    void treeTooBurdened() {
        Trees.invoke(16, 1_000);
    }

    @Test
    @Parallelism(atLeast = 2, unit = Unit.TIME)
    void asksForTime() {
    }
}
