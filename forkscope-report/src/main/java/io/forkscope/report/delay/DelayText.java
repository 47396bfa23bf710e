package io.forkscope.report.delay;

import static io.forkscope.report.delay.Fmt.human;
import static io.forkscope.report.delay.Fmt.ns;
import static io.forkscope.report.delay.Fmt.padLeft;
import static io.forkscope.report.delay.Fmt.padRight;
import static io.forkscope.report.delay.Fmt.percent;

import io.forkscope.analysis.delay.DagStats;
import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.LossBreakdown;
import io.forkscope.analysis.delay.ReadyPath;
import io.forkscope.analysis.delay.SlotFit;
import io.forkscope.analysis.delay.WorkerUtilisation;
import io.forkscope.model.dag.EdgeKind;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Delay Spotter's analysis of one run, for people: DAG Recorder's statistics, where the
 * P × elapsed worker-time went (work, delay by edge kind, no-work split into no-work-sched and
 * no-work-app, with the check that they add up), how each worker spent the run (busy, idle, running
 * user code, busy but not running it) when the recording has busy intervals, the ready path, and,
 * given a serial run, the work stretch and the performance loss. Amounts are nanoseconds (of worker
 * time for the breakdown). The only speedup shown is T1' / elapsed, against a serial run: this
 * run's own T1 is stretched by running in parallel, so T1 / elapsed is given as utilisation
 * T1 / (P × elapsed) instead.
 */
public final class DelayText {
    private DelayText() {}

    /**
     * @param name       the recording's name, for the title
     * @param complete   whether the recording covers the whole run; if not, a line under the title says so
     * @param serialName the serial recording's name, or null when there is none
     */
    public static void write(DelayReport report, String name, boolean complete, String serialName, Writer out)
            throws IOException {
        write(report, name, complete ? null : io.forkscope.report.TextReport.INCOMPLETE, serialName, out);
    }

    /**
     * As {@link #write(DelayReport, String, boolean, String, Writer)}.
     *
     * @param incomplete the report's first line when the recording does not cover the whole run
     *                   ({@link io.forkscope.report.TextReport#incomplete}), null when it does
     */
    public static void write(DelayReport report, String name, String incomplete, String serialName, Writer out)
            throws IOException {
        write(report, name, incomplete, null, serialName, out);
    }

    /**
     * As above, with the machine's load during the run ({@link io.forkscope.report.MachineLine}) as a
     * header line when not null.
     */
    public static void write(DelayReport report, String name, String incomplete, String machineLine,
                             String serialName, Writer out) throws IOException {
        List<String> text = new ArrayList<>();
        DagStats s = report.stats();
        LossBreakdown b = report.breakdown();
        double total = s.slotTime();
        // P × elapsed when the slots are constant; their integral when they vary (measures.md §2)
        String slotTime = !report.profile().slotsVary() ? "P \u00d7 elapsed" : "slot time \u222b slots(t) dt";
        text.add("forkscope delays: " + Fmt.printable(name));
        if (incomplete != null) {
            text.add(incomplete);
        }
        if (machineLine != null) {
            text.add(machineLine);
        }
        String machine = notRunningWarning(b, total, slotTime);
        if (machine != null) {
            text.add(machine);
        }
        text.add("");
        text.add("DAG Recorder statistics");
        List<String[]> rows = new ArrayList<>();
        rows.add(count("create_task:", s.createTask()));
        rows.add(count("wait_tasks:", s.waitTasks()));
        rows.add(count("end_task:", s.endTask()));
        rows.add(amount("work (T1):", s.work()));
        rows.add(amount("delay:", s.delay()));
        rows.add(amount("no_work:", s.noWork()));
        rows.add(amount("critical path (T\u221e):", s.criticalPath()));
        rows.add(count("workers (P):", s.workers()));
        rows.add(amount("elapsed:", s.elapsed()));
        rows.add(amount1("T1/P:", s.workBound()));
        rows.add(amount1("T1/P + T\u221e:", s.greedyBound()));
        rows.add(new String[] {"greedy speedup:", Fmt.fixed2(s.greedySpeedup()), "  T1 / (T1/P + T\u221e)"});
        // T1 is this run's own, stretched work: T1 / elapsed is no speedup, so only T1' / elapsed is called one
        rows.add(new String[] {"utilisation:", Fmt.fixed2(s.utilisation()), "  T1 / (P \u00d7 elapsed), not a speedup"});
        rows.add(report.speedup().isPresent()
                ? new String[] {"speedup:", Fmt.fixed2(report.speedup().getAsDouble()),
                    "  T1' / elapsed (T1': the serial run's work)"}
                : new String[] {"speedup:", "-", report.serialWork().isPresent()
                    ? "  T1' / elapsed: the serial run has no work"
                    : "  T1' / elapsed needs a serial run: record the serial elision or 1 worker and pass --serial"
                        + " SER.fsk"});
        rows.add(count("nodes:", s.nodes()));
        rows.add(count("materialised nodes:", s.materialized()));
        rows.add(new String[] {"compression ratio:", Fmt.fixed2(s.compressionRatio()), "  nodes / materialised"});
        table(text, rows);
        text.add("  workers (P): " + report.slotsText());

        text.add("");
        text.add("Where " + slotTime + " = " + ns(total) + " ns went" + paren(human(total)));
        rows = new ArrayList<>();
        rows.add(share("work", b.work(), total));
        rows.add(share("not running", b.notRunning(), total));
        boolean own = b.recorder() > 0;
        if (own) {
            rows.add(share("forkscope", b.recorder(), total));
        }
        rows.add(share("delay", b.delay(), total));
        for (EdgeKind k : EdgeKind.values()) {
            rows.add(share("  after " + k.label(), b.delayByKind().getOrDefault(k, 0.0), total));
        }
        rows.add(share("no-work", b.noWork(), total));
        rows.add(share("  no-work-sched", b.noWorkSched(), total));
        rows.add(share("  no-work-app", b.noWorkApp(), total));
        String sum = own ? "work + not running + forkscope + delay + no-work" : "work + not running + delay + no-work";
        rows.add(share(sum, b.total(), total));
        table(text, rows);
        double mismatch = b.total() - total;
        text.add("  " + (Math.abs(mismatch) <= 1e-6 * Math.max(1, total)
                ? "check: " + sum + " = " + slotTime
                : "CHECK FAILED: " + sum + " - " + slotTime + " = " + ns(mismatch) + " ns"));
        text.add("  not running: a worker's thread off a CPU inside its strands (other processes or threads, GC):");
        text.add("    the machine's, neither the program's work nor the runtime's delay;");
        if (own) {
            text.add("  forkscope: the recorder's own hooks between a worker's nodes (measured at each hook's end):");
            text.add("    the measurement's cost, neither the program's work nor the runtime's delay;");
        }
        text.add("  delay: worker-time lost while nodes were ready (split by the edge that made them ready);");
        text.add("  no-work-sched: idle workers while the ready path waited (the runtime's fault);");
        text.add("  no-work-app: idle workers with nothing ready (the program lacks parallelism)");

        workers(text, s.perWorker(), report.fit(), slotTime);

        ReadyPath path = report.readyPath();
        text.add("");
        text.add("Ready path: " + path.nodes().size() + " node(s), " + ns(path.length()) + " ns" + paren(human(path.length())));
        rows = new ArrayList<>();
        rows.add(share("work", path.work(), path.length()));
        rows.add(share("not running", path.notRunning(), path.length()));
        if (path.recorder() > 0) {
            rows.add(share("forkscope", path.recorder(), path.length()));
        }
        rows.add(share("busy delay", path.busyDelay(), path.length()));
        rows.add(share("scheduler delay", path.schedulerDelay(), path.length()));
        table(text, rows);

        if (report.serialWork().isPresent()) {
            double serial = report.serialWork().getAsDouble();
            double stretch = report.workStretch().getAsDouble();
            double loss = report.performanceLoss().getAsDouble();
            text.add("");
            text.add("Against the serial run" + (serialName == null ? "" : " " + Fmt.printable(serialName)));
            rows = new ArrayList<>();
            rows.add(amount("serial work (T1'):", serial));
            rows.add(share("work stretch (T1 - T1'):", stretch, total));
            rows.add(share("not running:", b.notRunning(), total));
            if (own) {
                rows.add(share("forkscope:", b.recorder(), total));
            }
            rows.add(share("delay:", b.delay(), total));
            rows.add(share("no-work:", b.noWork(), total));
            rows.add(share("performance loss:", loss, total));
            table(text, rows);
            text.add("  performance loss = " + slotTime + " - T1' = work stretch + not running + "
                    + (own ? "forkscope + " : "") + "delay + no-work");
        }
        for (String line : text) {
            for (String l : io.forkscope.report.TextWrap.prose(line)) {
                out.write(l);
                out.write('\n');
            }
        }
        out.flush();
    }

    /** The per-worker table: busy, idle, busy intervals, running and busy-not-running time. */
    private static void workers(List<String> text, List<WorkerUtilisation> perWorker, SlotFit fit, String slotTime) {
        text.add("");
        if (perWorker.isEmpty()) {
            text.add("Workers: no busy intervals in this recording (recorded before format 1.2)");
            return;
        }
        text.add("Workers (ns)");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"worker", "thread", "busy", "idle", "intervals", "running", "busy-not-running"});
        long busy = 0;
        long idle = 0;
        long intervals = 0;
        long running = 0;
        for (WorkerUtilisation u : perWorker) {
            rows.add(new String[] {Integer.toString(u.worker()), Fmt.printable(Fmt.shorten(u.thread(), 40)), ns(u.busy()),
                    ns(u.idle()), ns(u.intervals()), ns(u.running()), ns(u.busyNotRunning())});
            busy += u.busy();
            idle += u.idle();
            intervals += u.intervals();
            running += u.running();
        }
        rows.add(new String[] {"all", "", ns(busy), ns(idle), ns(intervals), ns(running), ns(busy - running)});
        int[] width = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < r.length; c++) {
                // the thread's name reads from the left, numbers from the right
                line.append("  ").append(c == 1 ? padRight(r[c], width[c]) : padLeft(r[c], width[c]));
            }
            text.add(line.toString().stripTrailing());
        }
        text.add("  busy: running a task taken from a queue (stolen or submitted), or, outside the pools,");
        text.add("  between the thread's first and last event; idle: the rest of the run (scanning, parked);");
        text.add("  running: its nodes' work; busy-not-running: joining, helping and blocked waits");
        if (fit != null) {
            // every thread is listed, but the slots are what the breakdown adds up to (measures.md §2)
            text.add("  onto the slots: the threads' busy " + ns(fit.busy()) + " = " + ns(fit.within())
                    + " within the slots + " + ns(fit.beyond()) + " beyond them (threads blocked in a join while");
            text.add("  another ran in their slot, outside callers waiting); " + slotTime + " " + ns(fit.slotTime())
                    + " = " + ns(fit.within()) + " busy + " + ns(fit.free()) + " free");
        }
    }

    private static String paren(String human) {
        return human.isEmpty() ? "" : " (" + human + ")";
    }

    private static String[] count(String label, long value) {
        return new String[] {label, ns(value), ""};
    }

    private static String[] amount(String label, double value) {
        return new String[] {label, ns(value), " ns" + paren(human(value))};
    }

    /** A time that may be fractional (an average): a tenth of a ns below 1 µs, whole ns from there on, as every other time. */
    private static String[] amount1(String label, double value) {
        String number = Math.abs(value) < 1_000 ? String.format(java.util.Locale.ROOT, "%,.1f", value) : ns(value);
        return new String[] {label, number, " ns" + paren(human(value))};
    }

    private static String[] share(String label, double value, double total) {
        return new String[] {label, ns(value), " ns  " + padLeft(percent(value, total), 7)};
    }

    private static void table(List<String> text, List<String[]> rows) {
        int labels = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        int width = rows.stream().mapToInt(r -> r[1].length()).max().orElse(0);
        for (String[] r : rows) {
            text.add(("  " + padRight(r[0], labels) + "  " + padLeft(r[1], width) + r[2]).stripTrailing());
        }
    }

    /** Not-running time from which the report says first that the machine, not the program, lost the time. */
    public static final double NOT_RUNNING_WARNING_SHARE = 0.10;

    /**
     * The line said first when the workers' threads were off a CPU for at least {@value
     * #NOT_RUNNING_WARNING_SHARE} of the slot time (a loaded machine, long GC pauses), else null.
     */
    static String notRunningWarning(LossBreakdown b, double total, String slotTime) {
        if (total <= 0 || b.notRunning() < NOT_RUNNING_WARNING_SHARE * total) {
            return null;
        }
        return "warning: the workers' threads were not running for " + Fmt.percent(b.notRunning(), total) + " of "
                + slotTime + " (preempted by other processes or threads, descheduled, stopped for GC): that time is"
                + " the machine's, shown as \"not running\", neither work nor delay; the delay and no-work left may"
                + " still hold some of it (between strands); record on an idle machine for the runtime's own delay";
    }
}
