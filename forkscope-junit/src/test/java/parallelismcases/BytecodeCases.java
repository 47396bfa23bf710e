package parallelismcases;

import io.forkscope.junit.Parallelism;
import io.forkscope.junit.Parallelism.Unit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * In counted units (bytecodes), verdicts far from their thresholds: a loop has no fork, so its span
 * is its work and its parallelism exactly 1; a tree of 16 leaves that each spin 2 ms of their
 * thread's CPU time (some millions of counted instructions each, alike) has parallelism near 16.
 */
@EnabledIf("io.forkscope.junit.CaseRunner#running")
public class BytecodeCases {
    @Test
    @Parallelism(atLeast = 8, unit = Unit.BYTECODES)
    void treeOfSixteen() {
        Trees.invoke(16, 2_000_000);
    }

    @Test
    @Parallelism(atLeast = 1.5, unit = Unit.BYTECODES)
    void serialLoop() {
        for (int i = 0; i < 16; i++) {
            Units.leaf(2_000_000);
        }
    }
}
