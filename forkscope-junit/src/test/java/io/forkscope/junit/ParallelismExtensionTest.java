package io.forkscope.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.Measurement;
import io.forkscope.junit.Parallelism.Unit;
import io.forkscope.spi.RecorderBridge;
import io.forkscope.spi.RecorderHooks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The extension's logic, in-process, through the JUnit Platform launcher: hand-made recorder hooks
 * (installed as the agent would install its own) hand back what each case declares, and the
 * extension must pass, fail and explain as specified. Loading the agent is off in this JVM (the
 * pom sets forkscope.junit.attach=false; the end-to-end test loads it for real).
 */
class ParallelismExtensionTest {
    /** What the fake recorder saw, in order. */
    static final List<String> EVENTS = new ArrayList<>();
    /** What the fake recorder hands back at the next region's end. */
    static Measurement next;

    @BeforeEach
    void install() {
        EVENTS.clear();
        RecorderBridge.install(new FakeRecorder());
    }

    @AfterEach
    void uninstall() {
        RecorderBridge.install(null);
    }

    @Test
    void theBodyIsTheRegionAndParallelismDecides() {
        Map<String, String> out = CaseRunner.run(Cases.class);

        assertThat(out.get("passes()")).isEqualTo("SUCCESSFUL");
        assertThat(out.get("fallsShort()")).isEqualTo("FAILED org.opentest4j.AssertionFailedError: "
                + "Cases.fallsShort: parallelism 1.00 is below 8 (@Parallelism, unit abstract)\n"
                + "  work 16,000  span 16,000  parallelism 1.00\n"
                + "  burdened span 16,000  burdened parallelism 1.00\n"
                + "  spawns 0  syncs 0  elapsed 0.0 ms\n"
                + "  call sites on the span (share of the span, local span, invocations):\n"
                + "     90.0%  14,400  1×  Cases.java:12  Cases.serialLoop");
        assertThat(EVENTS).containsSubsequence("start Cases.passes", "body passes", "stop Cases.passes");
        assertThat(EVENTS).containsSubsequence("start Cases.fallsShort", "body fallsShort", "stop Cases.fallsShort");
    }

    @Test
    void theBodysOwnFailureComesFirstAndEndsTheRegion() {
        Map<String, String> out = CaseRunner.run(Cases.class);
        assertThat(out.get("bodyFails()")).isEqualTo("FAILED java.lang.IllegalStateException: the body's own");
        assertThat(EVENTS).containsSubsequence("start Cases.bodyFails", "body bodyFails", "stop Cases.bodyFails");
    }

    @Test
    void anotherUnitThanTheRecordersFailsWithoutRunningTheBody() {
        Map<String, String> out = CaseRunner.run(Cases.class);
        assertThat(out.get("asksForBytecodes()")).startsWith("FAILED org.junit.jupiter.api.extension."
                + "ExtensionConfigurationException: @Parallelism asks for unit bytecodes, and the forkscope agent in this"
                + " JVM records in abstract");
        assertThat(out.get("badThresholds()")).isEqualTo("FAILED org.junit.jupiter.api.extension."
                + "ExtensionConfigurationException: @Parallelism checks nothing: give atLeast or burdenedAtLeast a value"
                + " above 0");
        assertThat(EVENTS).doesNotContain("body asksForBytecodes", "body badThresholds");
    }

    @Test
    void aMethodWithoutTheAnnotationRunsUnmeasuredAndRepetitionsAreEachMeasured() {
        Map<String, String> out = CaseRunner.run(Cases.class);
        assertThat(out.get("notAnnotated()")).isEqualTo("SUCCESSFUL");
        assertThat(EVENTS).contains("body notAnnotated").doesNotContain("start Cases.notAnnotated");
        assertThat(out.get("repetition 1 of 2")).isEqualTo("SUCCESSFUL");
        assertThat(out.get("repetition 2 of 2")).isEqualTo("SUCCESSFUL");
        assertThat(EVENTS.stream().filter(e -> e.equals("start Cases.repeated"))).hasSize(2);
    }

    @Test
    void aRegionTheRecorderLeftOutFailsWithItsReason() {
        Map<String, String> out = CaseRunner.run(Cases.class);
        assertThat(out.get("leftOut()")).isEqualTo("FAILED org.junit.jupiter.api.extension.ExtensionConfigurationException:"
                + " Cases.leftOut: @Parallelism measured nothing: closed elsewhere");
    }

    @Test
    void withoutAnyRecorderTheFailureGivesTheArgLine() {
        RecorderBridge.install(null);
        Map<String, String> out = CaseRunner.run(Cases.class);
        assertThat(out.get("passes()")).isEqualTo("FAILED org.junit.jupiter.api.extension.ExtensionConfigurationException:"
                + " no forkscope agent records this JVM. Start the test JVM with the agent, e.g. surefire's"
                + " <argLine>-javaagent:${io.forkscope:forkscope-junit:jar}=unit=abstract</argLine> (the path from"
                + " maven-dependency-plugin's properties goal)");
        assertThat(EVENTS).doesNotContain("body passes");
    }

    /** The cases, run only through {@link CaseRunner} (surefire skips nested classes). */
    @ExtendWith(ParallelismExtension.class)
    @EnabledIf("io.forkscope.junit.CaseRunner#running")
    static class Cases {
        static Measurement abstractUnits(long work, long span, List<Measurement.SpanSite> sites) {
            return Measurement.measured("abstract", work, span, span, 0, 0, 0, sites, List.of());
        }

        @Test
        @Parallelism(atLeast = 8, unit = Unit.ABSTRACT)
        void passes() {
            EVENTS.add("body passes");
            next = abstractUnits(16_000, 1_000, null);
        }

        @Test
        @Parallelism(atLeast = 8, unit = Unit.ABSTRACT)
        void fallsShort() {
            EVENTS.add("body fallsShort");
            next = abstractUnits(16_000, 16_000,
                    List.of(new Measurement.SpanSite("Cases.java:12", "Cases.serialLoop", 1, 14_400, 90.0)));
        }

        @Test
        @Parallelism(atLeast = 8, unit = Unit.ABSTRACT)
        void bodyFails() {
            EVENTS.add("body bodyFails");
            next = abstractUnits(16_000, 1_000, null);
            throw new IllegalStateException("the body's own");
        }

        @Test
        @Parallelism(atLeast = 8)
        void asksForBytecodes() {
            EVENTS.add("body asksForBytecodes");
        }

        @Test
        @Parallelism(atLeast = 0, unit = Unit.ABSTRACT)
        void badThresholds() {
            EVENTS.add("body badThresholds");
        }

        @Test
        void notAnnotated() {
            EVENTS.add("body notAnnotated");
        }

        @RepeatedTest(2)
        @Parallelism(atLeast = 2, unit = Unit.ABSTRACT)
        void repeated() {
            next = abstractUnits(4, 2, null);
        }

        @Test
        @Parallelism(atLeast = 2, unit = Unit.ABSTRACT)
        void leftOut() {
            next = Measurement.notMeasured("closed elsewhere");
        }
    }

    /** Records the region's start and stop and hands back {@link #next}. */
    static final class FakeRecorder implements RecorderHooks {
        @Override
        public Object regionStart(String label) {
            EVENTS.add("start " + label);
            next = null;
            return label;
        }

        @Override
        public void regionStop(Object token) {
            EVENTS.add("stop " + token);
        }

        @Override
        public Measurement regionStopMeasured(Object token) {
            regionStop(token);
            return next;
        }

        @Override
        public void work(long units) {
        }

        @Override
        public String unit() {
            return "abstract";
        }
    }
}
