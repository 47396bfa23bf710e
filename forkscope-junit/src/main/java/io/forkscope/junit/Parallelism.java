package io.forkscope.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Asserts the parallelism of a test method's body: the body runs as a forkscope region, and the
 * test fails when its parallelism T1/T∞ is below {@link #atLeast()} or its burdened parallelism
 * T1/bT∞ below {@link #burdenedAtLeast()}, with a message that gives work, span, both parallelisms
 * and, when the agent weaves call sites ({@code sites=true}), the call sites that hold the span.
 *
 * <pre>{@code
 * @Test
 * @Parallelism(atLeast = 16, burdenedAtLeast = 4)    // counted in bytecodes: the same verdict everywhere
 * void sortScales() { Sorter.parallelSort(data); }
 * }</pre>
 *
 * <p>Only the method's body is measured (not {@code @BeforeEach} and the like), and it must join
 * every task it forks before it returns. The numbers come from the forkscope agent: started with
 * the test JVM ({@code -javaagent:forkscope.jar=unit=...} in surefire's {@code argLine}), or loaded by
 * the extension at the first such test when the JVM has none (see the README: a JVM records in one
 * unit, the one the first test asks for, and JDK 21+ warns about agents loaded at run time).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ExtendWith(ParallelismExtension.class)
public @interface Parallelism {
    /** The lowest parallelism T1/T∞ that passes (0: not checked). */
    double atLeast();

    /**
     * The lowest burdened parallelism T1/bT∞ that passes (0, the default: not checked). The burden
     * is the agent's: a steal's cost put on every create edge (agent option {@code burden}).
     */
    double burdenedAtLeast() default 0;

    /**
     * What strand lengths are counted in; the agent in the test JVM must record in this unit.
     * Counted units give the same verdict on every machine and under any load.
     */
    Unit unit() default Unit.BYTECODES;

    /** The units of the forkscope agent (its option {@code unit}). */
    enum Unit {
        /** Nanoseconds of each strand: moves with the machine's load and the JIT's warm-up. */
        TIME("time"),
        /** The units the code declares with {@code Forkscope.work(n)}: exact, needs the code annotated. */
        ABSTRACT("abstract"),
        /** The bytecodes each strand executes, counted by the agent: exact for a deterministic program. */
        BYTECODES("bytecodes");

        private final String optionName;

        Unit(String optionName) {
            this.optionName = optionName;
        }

        /** @return the agent option's value: {@code unit=time|abstract|bytecodes} */
        public String optionName() {
            return optionName;
        }
    }
}
