package io.forkscope.report.predict;

import static io.forkscope.report.Numbers.jsonRatio;

import com.fasterxml.jackson.core.JsonGenerator;
import io.forkscope.analysis.simulate.DagShape;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.simulate.SimulatedScaling.Point;
import io.forkscope.analysis.simulate.SimulatedScaling.Row;
import io.forkscope.analysis.simulate.SimulatedScaling.Scenario;
import io.forkscope.analysis.simulate.RegionSpeedup;
import io.forkscope.analysis.simulate.SimulatedScaling.SiteSpeedup;
import io.forkscope.analysis.simulate.Speedup;
import io.forkscope.report.JsonFields;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code forkscope predict --json}, for scripts: {@code file}, {@code complete}, {@code nodes},
 * {@code collapsed_nodes}, {@code steal_latency_ns}, {@code steal_latency_source}, {@code seed},
 * {@code cpus} (of the machine the run was recorded on, 0 unknown), {@code work_scaled_from_ns} (the
 * recording's own T1 when {@code --work-ns} scaled the nodes' costs, else null), {@code dag} (the scenario's
 * {@code work_ns}, {@code span_ns}, {@code replay_span_ns} (collapsed nodes at their whole work),
 * {@code depth}, {@code parallelism}), {@code predicted} (one object per P: {@code workers},
 * {@code sequential} and {@code malleable}, each {@code t_p_ns}, {@code speedup} (T1/T_P),
 * {@code work_ns}, {@code delay_ns}, {@code no_work_ns}, {@code steals}, {@code splits}),
 * {@code recorded} ({@code workers}, {@code elapsed_ns}, {@code simulated_sequential_ns},
 * {@code simulated_malleable_ns}, {@code error_sequential} and {@code error_malleable}
 * (|measured − simulated| / measured, null when elapsed is 0), {@code forkscope_ns},
 * {@code not_running_ns}, {@code noisy}: its threads off the CPU 10% or more of P × elapsed) and {@code what_if}: null, or {@code speedups} (each either {@code site} as
 * named and {@code site_ids}, or {@code region} (its label), {@code occurrences} ({@code start_ns},
 * {@code end_ns}), {@code nodes_inside}, {@code work_inside_ns} and {@code nodes_crossing}; then
 * {@code factor}), {@code dag} and {@code predicted} as above after the
 * speedups, and {@code slower_at} (the P where T_P grew: Graham's anomaly). Times and worker-times
 * are whole nanoseconds, ratios decimals (see {@code Numbers}).
 */
public final class PredictJson {
    private PredictJson() {}

    public static void write(SimulatedScaling p, PredictContext c, boolean complete, Writer out) throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("file", c.file());
            g.writeBooleanField("complete", complete);
            g.writeNumberField("nodes", p.nodes());
            g.writeNumberField("collapsed_nodes", p.collapsedNodes());
            g.writeNumberField("steal_latency_ns", p.stealLatencyNs());
            g.writeStringField("steal_latency_source", c.latencySource());
            g.writeNumberField("seed", p.seed());
            g.writeNumberField("cpus", c.cpus());
            if (c.scaledFrom() >= 0) {
                g.writeNumberField("work_scaled_from_ns", c.scaledFrom());
            } else {
                g.writeNullField("work_scaled_from_ns");
            }
            scenario(g, p.asRecorded());
            SimulatedScaling.Recorded r = p.recorded();
            g.writeObjectFieldStart("recorded");
            g.writeNumberField("workers", r.workers());
            g.writeNumberField("elapsed_ns", r.elapsedNs());
            g.writeNumberField("simulated_sequential_ns", r.simulated().sequential().makespan());
            g.writeNumberField("simulated_malleable_ns", r.simulated().malleable().makespan());
            error(g, "error_sequential", r.errorSequential());
            error(g, "error_malleable", r.errorMalleable());
            g.writeNumberField("forkscope_ns", r.recorderNs());
            g.writeNumberField("not_running_ns", r.notRunningNs());
            g.writeBooleanField("noisy", PredictText.noisy(r));
            g.writeEndObject();
            if (p.whatIf() == null) {
                g.writeNullField("what_if");
            } else {
                g.writeObjectFieldStart("what_if");
                g.writeArrayFieldStart("speedups");
                for (Speedup speedup : p.speedups()) {
                    g.writeStartObject();
                    if (speedup instanceof RegionSpeedup region) {
                        g.writeStringField("region", region.name());
                        g.writeArrayFieldStart("occurrences");
                        for (RegionSpeedup.Occurrence o : region.occurrences()) {
                            g.writeStartObject();
                            g.writeNumberField("start_ns", o.startNs());
                            g.writeNumberField("end_ns", o.endNs());
                            g.writeEndObject();
                        }
                        g.writeEndArray();
                        g.writeNumberField("nodes_inside", region.nodesInside());
                        g.writeNumberField("work_inside_ns", region.workInside());
                        g.writeNumberField("nodes_crossing", region.nodesCrossing());
                    } else {
                        SiteSpeedup s = (SiteSpeedup) speedup;
                        g.writeStringField("site", s.name());
                        g.writeArrayFieldStart("site_ids");
                        for (int id : s.sites()) {
                            g.writeNumber(id);
                        }
                        g.writeEndArray();
                    }
                    jsonRatio(g, "factor", speedup.factor());
                    g.writeEndObject();
                }
                g.writeEndArray();
                scenario(g, p.whatIf());
                g.writeArrayFieldStart("slower_at");
                for (int w : p.slowerAfter()) {
                    g.writeNumber(w);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    private static void error(JsonGenerator g, String field, double e) throws IOException {
        if (Double.isNaN(e)) {
            g.writeNullField(field);
        } else {
            jsonRatio(g, field, e);
        }
    }

    private static void scenario(JsonGenerator g, Scenario s) throws IOException {
        DagShape d = s.shape();
        g.writeObjectFieldStart("dag");
        g.writeNumberField("work_ns", d.work());
        g.writeNumberField("span_ns", d.span());
        g.writeNumberField("replay_span_ns", d.replaySpan());
        g.writeNumberField("depth", d.depth());
        jsonRatio(g, "parallelism", d.parallelism());
        g.writeEndObject();
        g.writeArrayFieldStart("predicted");
        for (Row r : s.rows()) {
            g.writeStartObject();
            g.writeNumberField("workers", r.workers());
            point(g, "sequential", r.sequential(), d.work());
            point(g, "malleable", r.malleable(), d.work());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void point(JsonGenerator g, String field, Point q, long t1) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("t_p_ns", q.makespan());
        jsonRatio(g, "speedup", q.speedup(t1));
        g.writeNumberField("work_ns", q.work());
        g.writeNumberField("delay_ns", q.delay());
        g.writeNumberField("no_work_ns", q.noWork());
        g.writeNumberField("steals", q.steals());
        g.writeNumberField("splits", q.splits());
        g.writeEndObject();
    }
}
