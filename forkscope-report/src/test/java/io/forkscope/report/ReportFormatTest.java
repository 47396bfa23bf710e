package io.forkscope.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.forkscope.analysis.cilkview.ScalabilityAnalysis;
import io.forkscope.model.Recording;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ReportFormatTest {
    @Test
    void byName() {
        assertThat(ReportFormat.names()).containsExactly("text", "json", "csv");
        assertThat(ReportFormat.named("text")).isInstanceOf(TextReport.class);
        assertThat(ReportFormat.named("json")).isInstanceOf(JsonReport.class);
        assertThat(ReportFormat.named("csv")).isInstanceOf(CsvReport.class);
        assertThatIllegalArgumentException().isThrownBy(() -> ReportFormat.named("xml"))
                .withMessage("unknown report format 'xml' (expected one of text, json, csv)");
    }

    /** The caller owns the writer: every format flushes it and leaves it open. */
    @ParameterizedTest
    @ValueSource(strings = {"text", "json", "csv"})
    void flushesButDoesNotClose(String name) throws Exception {
        Recording rec = Fixtures.timeRecording();
        class Tracking extends StringWriter {
            boolean flushed;
            boolean closed;

            @Override
            public void flush() {
                flushed = true;
            }

            @Override
            public void close() {
                closed = true;
            }
        }
        Tracking out = new Tracking();
        ReportFormat.named(name).write(ScalabilityAnalysis.analyze(rec, Fixtures.OPTIONS), rec, out);
        assertThat(out.flushed).isTrue();
        assertThat(out.closed).isFalse();
        assertThat(out.toString()).endsWith("\n").doesNotContain("\r");
    }
}
