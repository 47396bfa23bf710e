package io.forkscope.report.sites;

import static io.forkscope.report.Numbers.jsonRatio;

import com.fasterxml.jackson.core.JsonGenerator;
import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.analysis.sites.SiteRow;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.analysis.sites.TotalCheck;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.report.JsonFields;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * The call-site view for programs, one JSON object with stable field names:
 * <ul>
 *   <li>{@code file}, {@code complete}, {@code warnings} (the reason first when not complete), {@code unit}
 *       ("time" or "abstract"), {@code on} ("span" or "work": the profile the sites are sorted by),
 *       {@code region} (the region the profiles are of, {@code LABEL} or {@code LABEL#N}; null for
 *       the whole run), {@code regions} (the labels of the regions with profiles, each once);
 *   <li>{@code work_ns} (T1), {@code span_ns} (T∞), {@code parallelism}, {@code foreign_joins},
 *       {@code approximate} (true when foreign joins make the on-span profile approximate),
 *       {@code sites_total} (the table's size), {@code sites_invoked} (sites with an invocation in
 *       the {@code on} profile);
 *   <li>{@code totals}: {@code work} and {@code span}, each {@code local_ns} (Σ local work on work,
 *       or Σ local span on span), {@code outside_ns}, {@code sum_ns}, {@code expected_ns} (T1, or
 *       T∞) and {@code ok};
 *   <li>{@code sites}: one object per site in the view's order with {@code id}, {@code site}
 *       ({@code Class.method@bci}), {@code where}, {@code source_file} and {@code line} (null when
 *       unknown), {@code class}, {@code method}, {@code descriptor}, {@code bci},
 *       {@code caller_method} (the containing method's id), {@code kind} ("call", "fork",
 *       "lambda"), {@code callee} (null when unknown), {@code work_percent} (local work on work
 *       over T1), {@code span_percent} (local span on span over T∞), and {@code on_work} and
 *       {@code on_span}, each {@code top_call_site}, {@code top_caller} and {@code local}, each
 *       {@code count}, {@code work_ns}, {@code span_ns} and {@code parallelism};
 *   <li>{@code info}: the recording's key/value information.
 * </ul>
 * In the abstract unit the {@code _ns} keys hold units, as in every forkscope JSON. Amounts and
 * counts are integers, ratios and percentages decimals; no number is NaN or infinite.
 */
public final class SitesJson {
    private SitesJson() {}

    /** @param top how many sites (0: every site of the table, invoked or not) */
    public static void write(SiteRows rows, String name, RecordingInfo info, boolean complete, List<String> warnings,
                             int top, Writer out) throws IOException {
        write(rows, name, null, List.of(), info, complete, warnings, top, out);
    }

    /**
     * As {@link #write(SiteRows, String, RecordingInfo, boolean, List, int, Writer)} with
     * {@code region}: the region the rows are of ({@code LABEL} or {@code LABEL#N}; null: the whole
     * run) and {@code regions}: the labels of the regions that have profiles, each once.
     */
    public static void write(SiteRows rows, String name, String region, List<String> regions, RecordingInfo info,
                             boolean complete, List<String> warnings, int top, Writer out) throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("file", name);
            g.writeBooleanField("complete", complete);
            JsonFields.strings(g, "warnings", warnings);
            g.writeStringField("unit", rows.unit().optionName());
            g.writeStringField("on", rows.on().optionName());
            if (region == null) {
                g.writeNullField("region");
            } else {
                g.writeStringField("region", region);
            }
            g.writeArrayFieldStart("regions");
            for (String r : regions) {
                g.writeString(r);
            }
            g.writeEndArray();
            g.writeNumberField("work_ns", rows.work());
            g.writeNumberField("span_ns", rows.span());
            jsonRatio(g, "parallelism", rows.span() == 0 ? 0 : (double) rows.work() / rows.span());
            g.writeNumberField("foreign_joins", rows.foreignJoins());
            g.writeBooleanField("approximate", rows.approximate());
            g.writeNumberField("sites_total", rows.rows().size());
            g.writeNumberField("sites_invoked", rows.invoked());
            g.writeObjectFieldStart("totals");
            total(g, "work", rows.workTotal());
            total(g, "span", rows.spanTotal());
            g.writeEndObject();
            g.writeArrayFieldStart("sites");
            int n = 0;
            for (SiteRow row : rows.rows()) {
                if (top > 0 && n++ == top) {
                    break;
                }
                site(g, row);
            }
            g.writeEndArray();
            JsonFields.object(g, "info", info.asMap());
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    private static void total(JsonGenerator g, String field, TotalCheck t) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("local_ns", t.local());
        g.writeNumberField("outside_ns", t.outside());
        g.writeNumberField("sum_ns", t.sum());
        g.writeNumberField("expected_ns", t.expected());
        g.writeBooleanField("ok", t.ok());
        g.writeEndObject();
    }

    private static void site(JsonGenerator g, SiteRow row) throws IOException {
        CallSite s = row.site();
        g.writeStartObject();
        g.writeNumberField("id", s.id());
        g.writeStringField("site", SiteNames.label(s));
        g.writeStringField("where", s.where());
        if (s.sourceFile() == null) {
            g.writeNullField("source_file");
        } else {
            g.writeStringField("source_file", s.sourceFile());
        }
        if (s.line() < 0) {
            g.writeNullField("line");
        } else {
            g.writeNumberField("line", s.line());
        }
        g.writeStringField("class", s.className());
        g.writeStringField("method", s.methodName());
        g.writeStringField("descriptor", s.descriptor());
        g.writeNumberField("bci", s.bci());
        g.writeNumberField("caller_method", s.callerMethod());
        g.writeStringField("kind", s.kind().name().toLowerCase(Locale.ROOT));
        if (s.callee() == null) {
            g.writeNullField("callee");
        } else {
            g.writeStringField("callee", s.callee());
        }
        jsonRatio(g, "work_percent", row.workPercent());
        jsonRatio(g, "span_percent", row.spanPercent());
        profile(g, "on_work", row.onWork());
        profile(g, "on_span", row.onSpan());
        g.writeEndObject();
    }

    private static void profile(JsonGenerator g, String field, SiteMeasures m) throws IOException {
        g.writeObjectFieldStart(field);
        measurement(g, "top_call_site", m.topCallSite());
        measurement(g, "top_caller", m.topCaller());
        measurement(g, "local", m.local());
        g.writeEndObject();
    }

    private static void measurement(JsonGenerator g, String field, Measurement m) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("count", m.count());
        g.writeNumberField("work_ns", m.work());
        g.writeNumberField("span_ns", m.span());
        jsonRatio(g, "parallelism", m.parallelism());
        g.writeEndObject();
    }
}
