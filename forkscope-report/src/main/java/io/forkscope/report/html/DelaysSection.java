package io.forkscope.report.html;

import io.forkscope.analysis.delay.DagStats;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.LossBreakdown;
import io.forkscope.analysis.delay.ReadyPath;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.report.Numbers;
import java.util.Locale;

/**
 * Delay Spotter's tables, the numbers {@code forkscope delays} prints: where the slot time went
 * (work, not running, forkscope, delay by edge kind, no-work split into the scheduler's and the
 * application's), the ready path, DAG Recorder's statistics, and, given a serial run, the loss.
 */
final class DelaysSection implements HtmlSection {
    @Override
    public String id() {
        return "delays";
    }

    @Override
    public String title() {
        return "Where the workers' time went";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.hasDag();
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        DelayReport report = in.delays();
        DagStats s = report.stats();
        LossBreakdown b = report.breakdown();
        double total = s.slotTime();
        out.open("div", "class", "columns");
        out.open("table", "class", "numbers", "id", "breakdown-table");
        out.element("caption", "Slot time (P \u00d7 elapsed) = " + ns(total) + " worker-ns");
        share(out, "work", "work", b.work(), total);
        share(out, "not running", "not-running", b.notRunning(), total);
        if (b.recorder() > 0) {
            share(out, "forkscope", "forkscope", b.recorder(), total);
        }
        share(out, "delay", "delay", b.delay(), total);
        for (EdgeKind k : EdgeKind.values()) {
            share(out, "\u2003after " + k.label(), "delay-" + k.label(), b.delayByKind().getOrDefault(k, 0.0), total);
        }
        share(out, "no-work", "no-work", b.noWork(), total);
        share(out, "\u2003no-work-sched", "no-work-sched", b.noWorkSched(), total);
        share(out, "\u2003no-work-app", "no-work-app", b.noWorkApp(), total);
        out.close("table").newline();

        ReadyPath path = report.readyPath();
        out.open("table", "class", "numbers", "id", "ready-path-table");
        out.element("caption", "Ready path: " + path.nodes().size() + " node(s), " + ns(path.length()) + " ns "
                + Numbers.humanDuration(Math.round(path.length())));
        share(out, "work", "path-work", path.work(), path.length());
        share(out, "not running", "path-not-running", path.notRunning(), path.length());
        if (path.recorder() > 0) {
            share(out, "forkscope", "path-forkscope", path.recorder(), path.length());
        }
        share(out, "busy delay", "path-busy-delay", path.busyDelay(), path.length());
        share(out, "scheduler delay", "path-scheduler-delay", path.schedulerDelay(), path.length());
        out.close("table").newline();

        out.open("table", "class", "numbers", "id", "dag-stats-table");
        out.element("caption", "DAG Recorder statistics (ns)");
        out.numberRow("work (T1)", "dag-work", s.work(), ns(s.work()), "");
        out.numberRow("critical path (T\u221e)", "critical-path", s.criticalPath(), ns(s.criticalPath()), "");
        out.numberRow("workers (P)", "dag-workers", s.workers(), Numbers.grouped(s.workers()), report.slotsText());
        out.numberRow("elapsed", "dag-elapsed", s.elapsed(), ns(s.elapsed()), Numbers.humanDuration(s.elapsed()));
        out.numberRow("greedy speedup", "greedy-speedup", s.greedySpeedup(), Numbers.fixed2(s.greedySpeedup()),
                "T1 / (T1/P + T\u221e)");
        out.numberRow("utilisation", "utilisation", s.utilisation(), Numbers.fixed2(s.utilisation()),
                "T1 / (P \u00d7 elapsed), not a speedup");
        if (report.speedup().isPresent()) {
            out.numberRow("speedup", "speedup", report.speedup().getAsDouble(),
                    Numbers.fixed2(report.speedup().getAsDouble()), "T1' / elapsed (T1': the serial run's work)");
        }
        out.numberRow("nodes", "nodes", s.nodes(), Numbers.grouped(s.nodes()), "");
        out.numberRow("materialised nodes", "materialised", s.materialized(), Numbers.grouped(s.materialized()), "");
        out.close("table").newline();

        if (report.serialWork().isPresent()) {
            out.open("table", "class", "numbers", "id", "serial-table");
            out.element("caption", "Against the serial run " + (in.serialName() == null ? "" : in.serialName()));
            out.numberRow("serial work (T1')", "serial-work", report.serialWork().getAsDouble(),
                    ns(report.serialWork().getAsDouble()), "");
            share(out, "work stretch (T1 \u2212 T1')", "work-stretch", report.workStretch().getAsDouble(), total);
            share(out, "performance loss", "performance-loss", report.performanceLoss().getAsDouble(), total);
            out.close("table").newline();
        }
        out.close("div");
        out.element("p", "not running: a worker's thread off a CPU inside its strands (the machine's); forkscope: the"
                + " recorder's own hooks between nodes; delay: worker-time lost while nodes were ready (by the edge"
                + " that made them ready); no-work-sched: idle workers while the ready path waited (the runtime's"
                + " fault); no-work-app: idle workers with nothing ready (the program lacks parallelism).", "class", "legend");
    }

    private static void share(HtmlWriter out, String label, String key, double value, double total) {
        out.numberRow(label, key, value, ns(value), total == 0 ? "-"
                : String.format(Locale.ROOT, "%.2f%%", 100 * value / total));
    }

    private static String ns(double value) {
        long rounded = Math.round(value);
        return Numbers.grouped(rounded == 0 ? 0 : rounded);
    }
}
