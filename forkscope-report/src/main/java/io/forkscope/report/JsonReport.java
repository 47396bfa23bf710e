package io.forkscope.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.forkscope.analysis.cilkview.Diagnosis;
import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.analysis.cilkview.SectionScalability;
import io.forkscope.analysis.cilkview.SpeedupEstimate;
import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.analysis.sites.SiteRow;
import io.forkscope.model.Recording;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * The analysis for programs: one pretty-printed JSON object.
 *
 * <p>Top level: {@code unit} ("time" or "abstract"), {@code burden_ns}, {@code burden_source},
 * {@code processors} (what the diagnosis assumed), {@code complete}, the whole run's metrics (below),
 * {@code workers}, {@code threads}, {@code tasks}, {@code regions}, {@code warnings} and {@code info}
 * (the recording's key/value information, as strings).
 *
 * <p>Metrics, at the top level for the whole run and in each element of {@code regions}:
 * {@code work_ns}, {@code span_ns}, {@code burdened_span_ns}, {@code parallelism},
 * {@code burdened_parallelism}, {@code spawns}, {@code syncs}, {@code average_maximal_strand_ns},
 * {@code elapsed_ns}, {@code jit_compile_ns} (the JIT compilers' time in the section, for the whole
 * run from its first event to the recording's end; absent where unknown), {@code speedup_estimate} (a list of {@code {p, lower, upper}}, ascending in
 * p, empty for a section without work) and {@code diagnosis} (a list of {@code {kind, message}},
 * kind being the lower-case name of {@link Diagnosis.Kind}). A recording made with call sites
 * also has {@code span_holders} (after {@code regions}): the sites with the largest local span on
 * span, largest first, at most three, each {@code site}, {@code where}, {@code holder} (what it
 * invokes), {@code local_span_ns} and {@code span_percent} (of the sites profile's T∞); the whole
 * run's diagnosis then names them (kind {@code span_holders}). A region also has {@code label},
 * {@code thread}, {@code start_ns} and {@code unjoined}; regions are listed in the recording's order.
 *
 * <p>In the abstract unit the keys keep their {@code _ns} names but {@code work_ns},
 * {@code span_ns}, {@code burdened_span_ns}, {@code average_maximal_strand_ns} and
 * {@code burden_ns} hold abstract units; {@code elapsed_ns} and {@code start_ns} are always
 * nanoseconds. Counts and amounts are integers ({@code average_maximal_strand_ns} rounded),
 * parallelism and speedups decimals (see {@link Numbers}). Parallelism is 0 when the span is 0.
 * No number is NaN or infinite.
 */
public final class JsonReport implements ReportFormat {
    @Override
    public void write(ScalabilityReport report, Recording rec, Writer out) throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            WholeRun whole = rec.wholeRun();
            g.writeStartObject();
            g.writeStringField("unit", report.unit().optionName());
            g.writeNumberField("burden_ns", rec.info().burden());
            g.writeStringField("burden_source", rec.info().burdenSource());
            g.writeNumberField("processors", report.options().processors());
            g.writeBooleanField("complete", rec.complete());
            metrics(g, report.wholeRun());
            g.writeNumberField("workers", whole.workers());
            g.writeNumberField("threads", whole.threads());
            g.writeStringField("workers_text", rec.workerSlots().describe());
            g.writeNumberField("tasks", whole.tasks());
            g.writeArrayFieldStart("regions");
            for (SectionScalability r : report.regions()) {
                g.writeStartObject();
                g.writeStringField("label", r.label());
                g.writeStringField("thread", r.thread());
                g.writeNumberField("start_ns", r.startNs());
                metrics(g, r);
                g.writeNumberField("unjoined", r.unjoined());
                g.writeEndObject();
            }
            g.writeEndArray();
            if (rec.recordedSites().isPresent()) {
                spanHolders(g, report.spanHolders());
            }
            JsonFields.strings(g, "warnings", rec.warnings());
            JsonFields.object(g, "info", rec.info().asMap());
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    /** The sites that hold the span, largest local span on span first (a recording with call sites only). */
    private static void spanHolders(JsonGenerator g, java.util.List<SiteRow> holders) throws IOException {
        g.writeArrayFieldStart("span_holders");
        for (SiteRow row : holders) {
            g.writeStartObject();
            g.writeStringField("site", SiteNames.label(row.site()));
            g.writeStringField("where", row.site().where());
            g.writeStringField("holder", SiteNames.holder(row.site()));
            g.writeNumberField("local_span_ns", row.onSpan().local().span());
            Numbers.jsonRatio(g, "span_percent", row.spanPercent());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void metrics(JsonGenerator g, SectionScalability s) throws IOException {
        WorkSpan ws = s.measures();
        g.writeNumberField("work_ns", ws.work());
        g.writeNumberField("span_ns", ws.span());
        g.writeNumberField("burdened_span_ns", ws.burdenedSpan());
        Numbers.jsonRatio(g, "parallelism", s.parallelism());
        Numbers.jsonRatio(g, "burdened_parallelism", s.burdenedParallelism());
        g.writeNumberField("spawns", ws.spawns());
        g.writeNumberField("syncs", ws.syncs());
        Numbers.jsonNanos(g, "average_maximal_strand_ns", s.averageMaximalStrand());
        g.writeNumberField("elapsed_ns", ws.elapsedNs());
        if (s.compilation().compileNs() >= 0) {
            g.writeNumberField("jit_compile_ns", s.compilation().compileNs());
        }
        g.writeArrayFieldStart("speedup_estimate");
        for (SpeedupEstimate e : s.speedups()) {
            g.writeStartObject();
            g.writeNumberField("p", e.p());
            Numbers.jsonRatio(g, "lower", e.lower());
            Numbers.jsonRatio(g, "upper", e.upper());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("diagnosis");
        for (Diagnosis d : s.diagnoses()) {
            g.writeStartObject();
            g.writeStringField("kind", d.kind().name().toLowerCase(Locale.ROOT));
            g.writeStringField("message", d.message());
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
