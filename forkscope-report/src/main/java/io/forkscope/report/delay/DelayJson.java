package io.forkscope.report.delay;

import static io.forkscope.report.Numbers.jsonNanos;
import static io.forkscope.report.Numbers.jsonRatio;

import com.fasterxml.jackson.core.JsonGenerator;
import io.forkscope.analysis.delay.DagStats;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.LossBreakdown;
import io.forkscope.analysis.delay.ReadyPath;
import io.forkscope.analysis.delay.WorkerUtilisation;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.report.JsonFields;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Delay Spotter's analysis of one run as JSON, for scripts: {@code file}, {@code complete} (whether
 * the recording covers the whole run), {@code warnings} (the recording's, the reason first when it
 * is not complete), the statistics
 * ({@code create_task}, {@code wait_tasks}, {@code end_task}, {@code work_ns}, {@code delay_ns},
 * {@code no_work_ns}, {@code critical_path_ns}, {@code workers}, {@code elapsed_ns},
 * {@code work_bound_ns} (T1/P), {@code greedy_bound_ns} (T1/P + T∞), {@code greedy_speedup},
 * {@code utilisation} (T1 / (P × elapsed)), {@code speedup} (T1' / elapsed with a serial run, else
 * null: this run's own T1 is stretched, so T1 / elapsed is no speedup), {@code nodes},
 * {@code materialized_nodes}, {@code compression_ratio}),
 * {@code workers_times_elapsed_ns}, {@code breakdown} ({@code work_ns}, {@code delay_ns},
 * {@code no_work_ns}, {@code no_work_sched_ns}, {@code no_work_app_ns}, {@code delay_by_kind_ns}
 * keyed by edge label, {@code percent} of P × elapsed for each, and {@code check_ok}),
 * {@code ready_path} ({@code nodes}, {@code length_ns}, {@code work_ns}, {@code busy_delay_ns},
 * {@code scheduler_delay_ns}), {@code per_worker} (one object per worker with {@code worker},
 * {@code thread}, {@code busy_ns}, {@code idle_ns}, {@code busy_intervals}, {@code running_ns} and
 * {@code busy_not_running_ns}; empty when the recording has no busy intervals, before format 1.2),
 * {@code serial} (null, or {@code file}, {@code work_ns},
 * {@code work_stretch_ns}, {@code performance_loss_ns}) and {@code info}. Amounts are whole
 * nanoseconds (worker-time rounded), ratios and percentages decimals (see {@code Numbers}); no
 * number is NaN or infinite.
 */
public final class DelayJson {
    private DelayJson() {}

    public static void write(DelayReport report, String name, RecordingInfo info, boolean complete,
                             List<String> warnings, String serialName, Writer out) throws IOException {
        try (JsonGenerator g = JsonFields.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("file", name);
            g.writeBooleanField("complete", complete);
            JsonFields.strings(g, "warnings", warnings);
            fields(g, report);
            JsonFields.object(g, "info", info.asMap());
            if (report.serialWork().isPresent()) {
                g.writeObjectFieldStart("serial");
                if (serialName != null) {
                    g.writeStringField("file", serialName);
                }
                jsonNanos(g, "work_ns", report.serialWork().getAsDouble());
                jsonNanos(g, "work_stretch_ns", report.workStretch().getAsDouble());
                jsonNanos(g, "performance_loss_ns", report.performanceLoss().getAsDouble());
                g.writeEndObject();
            } else {
                g.writeNullField("serial");
            }
            g.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    /** The statistics, breakdown and ready path as fields of the current object. */
    static void fields(JsonGenerator g, DelayReport report) throws IOException {
        DagStats s = report.stats();
        g.writeNumberField("create_task", s.createTask());
        g.writeNumberField("wait_tasks", s.waitTasks());
        g.writeNumberField("end_task", s.endTask());
        g.writeNumberField("work_ns", s.work());
        jsonNanos(g, "delay_ns", s.delay());
        jsonNanos(g, "no_work_ns", s.noWork());
        g.writeNumberField("critical_path_ns", s.criticalPath());
        g.writeNumberField("workers", s.workers());
        g.writeStringField("workers_text", report.slotsText());
        g.writeNumberField("slot_time_ns", s.slotTime());
        g.writeNumberField("elapsed_ns", s.elapsed());
        jsonNanos(g, "work_bound_ns", s.workBound());
        jsonNanos(g, "greedy_bound_ns", s.greedyBound());
        jsonRatio(g, "greedy_speedup", s.greedySpeedup());
        jsonRatio(g, "utilisation", s.utilisation());
        // the only speedup: T1' / elapsed; this run's own T1 is stretched, so T1 / elapsed is none
        if (report.speedup().isPresent()) {
            jsonRatio(g, "speedup", report.speedup().getAsDouble());
        } else {
            g.writeNullField("speedup");
        }
        g.writeNumberField("nodes", s.nodes());
        g.writeNumberField("materialized_nodes", s.materialized());
        jsonRatio(g, "compression_ratio", s.compressionRatio());
        double total = (double) s.workers() * s.elapsed();   // kept for scripts; the breakdown adds up to slot_time_ns
        jsonNanos(g, "workers_times_elapsed_ns", total);

        LossBreakdown b = report.breakdown();
        g.writeObjectFieldStart("breakdown");
        jsonNanos(g, "work_ns", b.work());
        jsonNanos(g, "not_running_ns", b.notRunning());
        jsonNanos(g, "forkscope_ns", b.recorder());
        jsonNanos(g, "delay_ns", b.delay());
        jsonNanos(g, "no_work_ns", b.noWork());
        jsonNanos(g, "no_work_sched_ns", b.noWorkSched());
        jsonNanos(g, "no_work_app_ns", b.noWorkApp());
        g.writeObjectFieldStart("delay_by_kind_ns");
        for (EdgeKind k : EdgeKind.values()) {
            jsonNanos(g, k.label(), b.delayByKind().getOrDefault(k, 0.0));
        }
        g.writeEndObject();
        g.writeObjectFieldStart("percent");
        jsonRatio(g, "work", Fmt.share(b.work(), total));
        jsonRatio(g, "not_running", Fmt.share(b.notRunning(), total));
        jsonRatio(g, "forkscope", Fmt.share(b.recorder(), total));
        jsonRatio(g, "delay", Fmt.share(b.delay(), total));
        jsonRatio(g, "no_work", Fmt.share(b.noWork(), total));
        jsonRatio(g, "no_work_sched", Fmt.share(b.noWorkSched(), total));
        jsonRatio(g, "no_work_app", Fmt.share(b.noWorkApp(), total));
        g.writeEndObject();
        g.writeBooleanField("check_ok", Math.abs(b.total() - total) <= 1e-6 * Math.max(1, total));
        g.writeEndObject();

        ReadyPath p = report.readyPath();
        g.writeObjectFieldStart("ready_path");
        g.writeNumberField("nodes", p.nodes().size());
        jsonNanos(g, "length_ns", p.length());
        g.writeNumberField("work_ns", p.work());
        jsonNanos(g, "not_running_ns", p.notRunning());
        jsonNanos(g, "forkscope_ns", p.recorder());
        jsonNanos(g, "busy_delay_ns", p.busyDelay());
        jsonNanos(g, "scheduler_delay_ns", p.schedulerDelay());
        g.writeEndObject();

        g.writeArrayFieldStart("per_worker");
        for (WorkerUtilisation u : s.perWorker()) {
            g.writeStartObject();
            g.writeNumberField("worker", u.worker());
            g.writeStringField("thread", u.thread());
            g.writeNumberField("busy_ns", u.busy());
            g.writeNumberField("idle_ns", u.idle());
            g.writeNumberField("busy_intervals", u.intervals());
            g.writeNumberField("running_ns", u.running());
            g.writeNumberField("busy_not_running_ns", u.busyNotRunning());
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
