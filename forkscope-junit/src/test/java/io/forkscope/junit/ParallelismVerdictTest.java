package io.forkscope.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.Measurement;
import io.forkscope.Measurement.SpanSite;
import io.forkscope.junit.Parallelism.Unit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict on hand-built measurements: where the line is, and what the failure message says. */
class ParallelismVerdictTest {
    static Measurement measured(long work, long span, long bspan, List<SpanSite> sites, List<String> notes) {
        return Measurement.measured("abstract", work, span, bspan, 15, 15, 2_500_000, sites, notes);
    }

    @Test
    void parallelismAtOrAboveTheThresholdsPasses() {
        Measurement m = measured(16_000, 1_000, 4_000, null, List.of());   // 16 and 4 exactly
        assertThat(ParallelismVerdict.failure("T.t", new Thresholds(16, 4, Unit.ABSTRACT), m)).isNull();
        assertThat(ParallelismVerdict.failure("T.t", new Thresholds(15.99, 0, Unit.ABSTRACT), m)).isNull();
        assertThat(ParallelismVerdict.failure("T.t", new Thresholds(0, 3, Unit.ABSTRACT), m)).isNull();
    }

    @Test
    void theMessageGivesTheShortfallWorkSpanBothParallelismsAndCounts() {
        Measurement m = measured(16_000, 16_000, 17_600, null, List.of());
        String msg = ParallelismVerdict.failure("SortTest.sortScales", new Thresholds(8, 0, Unit.ABSTRACT), m);
        assertThat(msg).isEqualTo("""
                SortTest.sortScales: parallelism 1.00 is below 8 (@Parallelism, unit abstract)
                  work 16,000  span 16,000  parallelism 1.00
                  burdened span 17,600  burdened parallelism 0.91
                  spawns 15  syncs 15  elapsed 2.5 ms
                  call sites on the span: not recorded (add sites=true to the agent's options)""");
    }

    @Test
    void onlyTheBurdenedShortfallIsNamedWhenOnlyItFallsShort() {
        Measurement m = measured(16_000, 1_000, 8_000, null, List.of());   // 16, burdened 2
        String msg = ParallelismVerdict.failure("T.t", new Thresholds(8, 4, Unit.ABSTRACT), m);
        assertThat(msg).startsWith("T.t: burdened parallelism 2.00 is below 4 (@Parallelism, unit abstract)\n");
        String both = ParallelismVerdict.failure("T.t", new Thresholds(32, 4, Unit.ABSTRACT), m);
        assertThat(both).startsWith("T.t: parallelism 16.00 is below 32, and burdened parallelism 2.00 is below 4 (");
    }

    @Test
    void theTopFiveSitesOnTheSpanAreListedAndTheRestCounted() {
        List<SpanSite> sites = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            sites.add(new SpanSite("Sort.java:" + (40 + i), i == 0 ? "Sort.partition" : null, 3 - i / 3, 700 - 100 * i,
                    70.0 - 10 * i));
        }
        String msg = ParallelismVerdict.failure("T.t", new Thresholds(8, 0, Unit.ABSTRACT),
                measured(1_000, 1_000, 1_000, sites, List.of("2 task(s) forked inside had not finished")));
        assertThat(msg).endsWith(String.join("\n",
                "  call sites on the span (share of the span, local span, invocations):",
                "     70.0%  700  3×  Sort.java:40  Sort.partition",
                "     60.0%  600  3×  Sort.java:41",
                "     50.0%  500  3×  Sort.java:42",
                "     40.0%  400  2×  Sort.java:43",
                "     30.0%  300  2×  Sort.java:44",
                "    ... 2 more",
                "  note: 2 task(s) forked inside had not finished"));
    }

    @Test
    void sitesRecordedButNoneOnTheSpanIsSaid() {
        String msg = ParallelismVerdict.failure("T.t", new Thresholds(8, 0, Unit.ABSTRACT),
                measured(10, 10, 10, List.of(), List.of()));
        assertThat(msg).endsWith("  call sites on the span: none (the span runs outside any woven call)");
    }

    @Test
    void nothingCountedInAbstractUnitsPointsAtForkscopeWork() {
        String msg = ParallelismVerdict.failure("T.t", new Thresholds(2, 0, Unit.ABSTRACT), measured(0, 0, 0, null, List.of()));
        assertThat(msg).startsWith("T.t: parallelism 0.00 is below 2")
                .contains("  nothing was counted in the body: with unit abstract, the code must declare its work with"
                        + " Forkscope.work(n)\n");
        Measurement timed = Measurement.measured("time", 0, 0, 0, 0, 0, 0, null, List.of());
        assertThat(ParallelismVerdict.failure("T.t", new Thresholds(2, 0, Unit.TIME), timed))
                .contains("  nothing was counted in the body\n");
    }
}
