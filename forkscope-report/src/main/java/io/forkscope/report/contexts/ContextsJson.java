package io.forkscope.report.contexts;

import static io.forkscope.report.Numbers.jsonNanos;
import static io.forkscope.report.Numbers.jsonRatio;

import com.fasterxml.jackson.core.JsonGenerator;
import io.forkscope.analysis.contexts.Advisor;
import io.forkscope.analysis.contexts.ContextProfile;
import io.forkscope.analysis.contexts.ContextViews;
import io.forkscope.analysis.contexts.JfrSamples;
import io.forkscope.analysis.contexts.Metric;
import io.forkscope.analysis.contexts.SampledContexts;
import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.report.JsonFields;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * The contexts for programs, one JSON object: {@code file}, {@code complete}, {@code warnings},
 * {@code idleness} ("exact" or "estimated"), {@code contexts} (how contexts are built), {@code workers}
 * (P), {@code samples} ({@code event}, {@code period_ns}, {@code count}, {@code truncated},
 * {@code failed}, {@code lost}, {@code unplaced}, {@code idle_dropped}, {@code engine} (which engine
 * sampled: "async-profiler 4.1", "jfr"), {@code engine_event} ("cpu (perf_events)", "cpu (ctimer)", itimer, jdk.ExecutionSample),
 * {@code engine_note} (why JFR sampled when async-profiler was the default), {@code vm_thread_samples},
 * {@code threads}: name, id, count, per_second, cpu_ns (CPU time while sampled), expected (cpu_ns /
 * period_ns), yield (count / expected), the last three null where unknown, {@code notes}: what the numbers rest on, e.g. a worker the sampler seldom reached), {@code totals} (work_ns, idleness_ns, overhead_ns, effort_ns), {@code forkscope_own_ns} (the part of
 * the totals spent in forkscope's own code, the recorder's hooks), {@code nodes}: the
 * context tree in id order (a parent before its children), each {@code id}, {@code parent} (-1 at the
 * root), {@code class}, {@code method}, {@code line} (-1 unknown), {@code kind}, and
 * {@code inclusive} and {@code exclusive}, each work_ns, idleness_ns, overhead_ns, effort_ns;
 * {@code flat}: per frame, the same with {@code class}, {@code method}, {@code line}; {@code advice}:
 * Table 1 on the hotspots (id, idleness_share, overhead_share, forkscope_share: the part of the context's
 * effort in forkscope's own code, samples: what the shares rest on in the physical view, advice: null
 * with no_advice saying why when they rest on fewer than {@code samples.min_for_advice}); in the
 * physical view {@code samples} also has {@code in_contexts} and {@code min_for_advice}.
 */
public final class ContextsJson {
    private ContextsJson() {}

    public static void write(SampledContexts.Result r, String name, boolean complete, List<String> warnings,
                             Writer out) throws IOException {
        ContextProfile p = r.profile();
        ContextTree tree = p.tree();
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("file", name);
            g.writeBooleanField("complete", complete);
            JsonFields.strings(g, "warnings", warnings);
            g.writeStringField("idleness", r.idleness().name().toLowerCase(Locale.ROOT));
            // "logical": below the fork sites of each task and its ancestors; "physical": below the root
            g.writeStringField("contexts", r.forkSitePrefixes() ? "logical" : "physical");
            g.writeNumberField("workers", r.workers());
            g.writeStringField("workers_text", r.slots());
            if (r.notRunningNs() >= 0) {
                // workers' time holding a task off their CPU (measures.md §1): in no context
                g.writeNumberField("not_running_ns", r.notRunningNs());
            }
            JfrSamples s = r.samples();
            g.writeObjectFieldStart("samples");
            g.writeStringField("event", s.eventName());
            // which engine sampled: "async-profiler 4.1", "jfr"; what triggers a sample; why JFR if not the default
            g.writeStringField("engine", s.sampler().engine());
            g.writeStringField("engine_event", s.sampler().event());
            g.writeStringField("engine_note", s.sampler().note());
            g.writeNumberField("vm_thread_samples", s.vmThreadSamples());
            g.writeNumberField("period_ns", r.periodNs());
            g.writeNumberField("count", s.samples().size());
            g.writeNumberField("truncated", s.truncated());
            g.writeNumberField("failed", s.failed());
            g.writeNumberField("lost", s.lost());
            g.writeNumberField("unplaced", r.unplaced());
            g.writeNumberField("idle_dropped", r.idleDropped());
            g.writeNumberField("tool_threads", r.toolThreadSamples());
            if (r.samplesInContexts() >= 0) {
                // the physical view's amounts are sample counts: what they rest on, and the advice's minimum
                g.writeNumberField("in_contexts", r.samplesInContexts());
                g.writeNumberField("min_for_advice", Advisor.DEFAULT.minSamples());
            }
            g.writeArrayFieldStart("threads");
            for (JfrSamples.ThreadYield t : s.threads(r.periodNs())) {
                g.writeStartObject();
                g.writeStringField("name", t.threadName());
                g.writeNumberField("id", t.threadId());
                g.writeNumberField("count", t.samples());
                jsonRatio(g, "per_second", t.perSecond());
                // CPU time while sampled, expected = cpu / period, yield = count / expected (null: unknown)
                if (t.cpuKnown()) {
                    g.writeNumberField("cpu_ns", t.cpuNs());
                    jsonRatio(g, "expected", t.expected());
                    if (Double.isNaN(t.yield())) {
                        g.writeNullField("yield");
                    } else {
                        jsonRatio(g, "yield", t.yield());
                    }
                } else {
                    g.writeNullField("cpu_ns");
                    g.writeNullField("expected");
                    g.writeNullField("yield");
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            JsonFields.strings(g, "notes", r.notes());
            g.writeEndObject();
            g.writeObjectFieldStart("totals");
            metrics(g, p, ContextTree.ROOT, true);
            g.writeEndObject();
            // the effort spent in forkscope's own code (inside totals: overhead below the frames that paid it)
            jsonNanos(g, "forkscope_own_ns", SampledContexts.forkscopeOwnNs(p));
            g.writeArrayFieldStart("nodes");
            for (int n = 0; n < p.nodes(); n++) {
                g.writeStartObject();
                g.writeNumberField("id", n);
                g.writeNumberField("parent", n == ContextTree.ROOT ? -1 : tree.parent(n));
                frame(g, n == ContextTree.ROOT ? null : tree.frame(n));
                g.writeObjectFieldStart("inclusive");
                metrics(g, p, n, true);
                g.writeEndObject();
                g.writeObjectFieldStart("exclusive");
                metrics(g, p, n, false);
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("flat");
            for (ContextViews.FlatRow row : ContextViews.flat(p)) {
                g.writeStartObject();
                frame(g, row.frame());
                g.writeObjectFieldStart("inclusive");
                for (Metric m : Metric.values()) {
                    jsonNanos(g, key(m), row.inclusive(m));
                }
                g.writeEndObject();
                g.writeObjectFieldStart("exclusive");
                for (Metric m : Metric.values()) {
                    jsonNanos(g, key(m), row.exclusive(m));
                }
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("advice");
            for (Advisor.Advised a : Advisor.DEFAULT.hotspots(p, 10, r.samplesPerNode())) {
                g.writeStartObject();
                g.writeNumberField("id", a.node());
                jsonRatio(g, "idleness_share", a.idlenessShare());
                jsonRatio(g, "overhead_share", a.overheadShare());
                jsonRatio(g, "forkscope_share", a.forkscopeShare());
                if (a.samples() >= 0) {
                    g.writeNumberField("samples", a.samples());
                }
                // the overhead reaches the threshold only with forkscope's own cost: the advice takes it as low
                g.writeBooleanField("high_only_with_forkscope", a.highOnlyWithForkscope());
                if (a.advised()) {
                    g.writeStringField("advice", a.advice().text());
                } else {
                    g.writeNullField("advice");
                    g.writeStringField("no_advice", "fewer than " + Advisor.DEFAULT.minSamples() + " samples");
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    private static void frame(JsonGenerator g, Frame f) throws IOException {
        if (f == null) {
            g.writeNullField("class");
            g.writeNullField("method");
            g.writeNumberField("line", -1);
            g.writeStringField("kind", "root");
            return;
        }
        g.writeStringField("class", f.className());
        g.writeStringField("method", f.methodName());
        g.writeNumberField("line", f.line());
        g.writeStringField("kind", f.kind().name().toLowerCase(Locale.ROOT));
    }

    private static void metrics(JsonGenerator g, ContextProfile p, int node, boolean inclusive) throws IOException {
        for (Metric m : Metric.values()) {
            jsonNanos(g, key(m), inclusive ? p.inclusive(m, node) : p.exclusive(m, node));
        }
    }

    static String key(Metric m) {
        return m.name().toLowerCase(Locale.ROOT) + "_ns";
    }
}
