package parallelismcases;

import io.forkscope.junit.Parallelism;
import io.forkscope.junit.Parallelism.Unit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * For a JVM started without the agent: the extension loads it at the first test, in abstract
 * units (both tests ask for the same unit, so the order they run in does not matter).
 */
@EnabledIf("io.forkscope.junit.CaseRunner#running")
public class SelfLoadCases {
    @Test
    @Parallelism(atLeast = 8, burdenedAtLeast = 4, unit = Unit.ABSTRACT)
    void treeOfSixteen() {
        Trees.invoke(16, 1_000);     // not pool.invoke(new Leaves(..)) here: see Trees
    }

    @Test
    @Parallelism(atLeast = 8, unit = Unit.ABSTRACT)
    void serialLoop() {
        for (int i = 0; i < 16; i++) {
            Units.leaf(1_000);
        }
    }
}
