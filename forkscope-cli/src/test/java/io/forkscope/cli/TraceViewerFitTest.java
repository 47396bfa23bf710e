package io.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TraceViewerFitTest {
    private static final Path OUT = Path.of("run.json");

    @Test
    void aTraceEveryViewerHoldsGetsNoAdvice() {
        assertThat(TraceViewerFit.advice(0, true, true, OUT)).isEmpty();
        assertThat(TraceViewerFit.advice(TraceViewerFit.CHROME_TRACING, true, true, OUT)).isEmpty();
    }

    @Test
    void pastChromeTracingItNamesPerfetto() {
        assertThat(TraceViewerFit.advice(TraceViewerFit.CHROME_TRACING + 1, true, true, OUT)).hasValueSatisfying(a ->
                assertThat(a).contains("268 MB of JSON", "more than chrome://tracing opens", "ui.perfetto.dev")
                        .doesNotContain("trace_processor"));
        assertThat(TraceViewerFit.advice(TraceViewerFit.PERFETTO_IN_BROWSER, true, true, OUT)).hasValueSatisfying(a ->
                assertThat(a).contains("chrome://tracing").doesNotContain("trace_processor"));
    }

    /** Past what a browser tab holds: the native accelerator on this file, and only the options not given. */
    @Test
    void pastABrowserTabItNamesTheAcceleratorAndTheOptionsLeft() {
        long big = 1_556_141_688L;
        assertThat(TraceViewerFit.advice(big, true, true, OUT)).hasValueSatisfying(a -> assertThat(a)
                .contains("1,556 MB of JSON", "trace_processor --httpd run.json",
                        "a smaller trace with --no-args --no-counters")
                .doesNotContain("chrome://tracing"));
        assertThat(TraceViewerFit.advice(big, false, true, OUT)).hasValueSatisfying(a ->
                assertThat(a).contains("with --no-counters (").doesNotContain("--no-args"));
        assertThat(TraceViewerFit.advice(big, true, false, OUT)).hasValueSatisfying(a ->
                assertThat(a).contains("with --no-args (").doesNotContain("--no-counters"));
        assertThat(TraceViewerFit.advice(big, false, false, OUT)).hasValueSatisfying(a ->
                assertThat(a).contains("trace_processor --httpd run.json").doesNotContain("smaller", "--no-"));
    }
}
