package parallelismcases;

import io.forkscope.junit.Parallelism;
import io.forkscope.junit.Parallelism.Unit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * In time units, verdicts that no machine's load can turn: a loop has no fork, so its span is its
 * work and its parallelism exactly 1; a tree of 16 leaves of 5 ms of CPU each has parallelism
 * near 16 (strands are CPU time: preemption does not lengthen them), far above 2. A strand can
 * still hold a stall of some ms that is CPU time (a new pool's worker threads started inside a
 * fork, a compilation): with 1 ms leaves one such stall on the path once made the span 8 ms and the
 * parallelism 1.94 in CI; with 5 ms leaves it would take a stall of 35 ms. The leaf's class
 * is initialised before (it reads the thread's CPU clock through JMX, whose first use takes ms),
 * so that no strand holds it.
 */
@EnabledIf("io.forkscope.junit.CaseRunner#running")
public class TimeCases {
    @BeforeAll
    static void initialiseTheLeaf() {
        Units.leaf(1_000);
    }

    @Test
    @Parallelism(atLeast = 2, unit = Unit.TIME)
    void treeOfSixteen() {
        Trees.invoke(16, 5_000_000);
    }

    @Test
    @Parallelism(atLeast = 1.5, unit = Unit.TIME)
    void serialLoop() {
        for (int i = 0; i < 16; i++) {
            Units.leaf(1_000_000);
        }
    }
}
