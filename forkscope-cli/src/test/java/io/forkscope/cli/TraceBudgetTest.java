package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.report.delay.ChromeTrace;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

/** The limit leaves out the counters, then the args, only where the user did not say; and says so. */
class TraceBudgetTest {
    /** fib's 3 M-node window as estimated: 1,552 MB, 602 without counters, 216 with neither. */
    private static final ToLongFunction<ChromeTrace.Options> FIB_3M = o -> 216_000_000L
            + (o.args() ? 386_000_000L : 0) + (o.counters() ? 950_000_000L : 0);
    private static final long LIMIT = TraceBudget.DEFAULT;

    @Test
    void everythingWhenItFits() {
        TraceBudget.Choice c = TraceBudget.choose(null, null, 2_000_000_000L, FIB_3M);
        assertThat(c.options()).isEqualTo(ChromeTrace.Options.ALL);
        assertThat(c.leftOut()).isEmpty();
        assertThat(c.note(2_000_000_000L)).isEmpty();
        assertThat(TraceBudget.choose(null, null, 0, FIB_3M).options()).as("no limit")
                .isEqualTo(ChromeTrace.Options.ALL);
    }

    @Test
    void theCountersFirstThenTheArgs() {
        TraceBudget.Choice c = TraceBudget.choose(null, null, 700_000_000L, FIB_3M);
        assertThat(c.options()).isEqualTo(new ChromeTrace.Options(true, false));
        assertThat(c.note(700_000_000L)).hasValue("forkscope export: left out the counters, for a trace of some 602 MB:"
                + " it would be some 1,552 MB with them, more than --max-size 700000000; --counters, or --max-size 0,"
                + " keeps them (docs/reading.md, \"Traces of large DAGs\")");

        TraceBudget.Choice both = TraceBudget.choose(null, null, LIMIT, FIB_3M);
        assertThat(both.options()).isEqualTo(new ChromeTrace.Options(false, false));
        assertThat(both.fullSize()).isEqualTo(1_552_000_000L);
        assertThat(both.size()).isEqualTo(216_000_000L);
        assertThat(both.note(LIMIT)).hasValue("forkscope export: left out the counters and the slices' args, for a"
                + " trace of some 216 MB: it would be some 1,552 MB with them, more than --max-size 512M (what"
                + " Perfetto UI holds in a browser tab); --counters --args, or --max-size 0, keep them"
                + " (docs/reading.md, \"Traces of large DAGs\")");
    }

    @Test
    void whatTheUserAskedForStaysAsAsked() {
        TraceBudget.Choice counters = TraceBudget.choose(null, true, LIMIT, FIB_3M);
        assertThat(counters.options()).isEqualTo(new ChromeTrace.Options(false, true));
        assertThat(counters.leftOut()).containsExactly(TraceBudget.ARGS);
        assertThat(counters.note(LIMIT).orElseThrow()).contains("left out the slices' args,", "--args, or --max-size 0,"
                + " keeps them");

        TraceBudget.Choice both = TraceBudget.choose(true, true, LIMIT, FIB_3M);
        assertThat(both.options()).isEqualTo(ChromeTrace.Options.ALL);
        assertThat(both.note(LIMIT)).isEmpty();

        TraceBudget.Choice noCounters = TraceBudget.choose(null, false, LIMIT, FIB_3M);
        assertThat(noCounters.options()).isEqualTo(new ChromeTrace.Options(false, false));
        assertThat(noCounters.leftOut()).as("--no-counters is the user's, not the limit's")
                .containsExactly(TraceBudget.ARGS);
        assertThat(noCounters.fullSize()).isEqualTo(602_000_000L);

        TraceBudget.Choice noArgs = TraceBudget.choose(false, null, LIMIT, FIB_3M);
        assertThat(noArgs.options()).isEqualTo(new ChromeTrace.Options(false, false));
        assertThat(noArgs.leftOut()).containsExactly(TraceBudget.COUNTERS);
    }

    @Test
    void theSlicesStayWhenEvenTheyAreTooLarge() {
        TraceBudget.Choice c = TraceBudget.choose(null, null, 100_000_000L, FIB_3M);
        assertThat(c.options()).isEqualTo(new ChromeTrace.Options(false, false));
        assertThat(c.size()).isGreaterThan(100_000_000L);
    }
}
