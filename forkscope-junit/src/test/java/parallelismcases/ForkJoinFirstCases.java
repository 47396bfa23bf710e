package parallelismcases;

import io.forkscope.junit.Parallelism;
import io.forkscope.junit.Parallelism.Unit;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/** Fork/join is used before the first @Parallelism test: the agent can no longer be loaded late. */
@EnabledIf("io.forkscope.junit.CaseRunner#running")
public class ForkJoinFirstCases {
    @BeforeAll
    static void useTheCommonPool() {
        ForkJoinPool.commonPool().submit(() -> { }).join();
    }

    @Test
    @Parallelism(atLeast = 8, unit = Unit.ABSTRACT)
    void treeOfSixteen() {
        new Leaves(16, 1_000).invoke();
    }
}
