package io.forkscope.report.predict;

import io.forkscope.analysis.simulate.DagShape;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.simulate.SimulatedScaling.Point;
import io.forkscope.analysis.simulate.SimulatedScaling.Row;
import io.forkscope.analysis.simulate.RegionSpeedup;
import io.forkscope.analysis.simulate.SimulatedScaling.SiteSpeedup;
import io.forkscope.analysis.simulate.Speedup;
import io.forkscope.report.Numbers;
import io.forkscope.report.TextWrap;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code forkscope predict} for people: the DAG (work, span, parallelism, nodes, how many collapsed),
 * the steal latency and where it came from, a table of the simulated T_P per P (both collapsed
 * modes when the DAG has collapsed nodes) with the speedup T1/T_P and where the simulated P × T_P
 * went (work, delay, no-work, as shares), the recorded run beside the simulation at its own P (the
 * relative error), and with site speedups the before/after shape and T_P. Times in the tables are
 * in one unit chosen from T1 (ms for a run of milliseconds), two decimals; lines fit 120 columns.
 */
public final class PredictText {
    private PredictText() {}

    public static void write(SimulatedScaling p, PredictContext c, Writer out) throws IOException {
        List<String> text = new ArrayList<>();
        text.add("forkscope predict: " + c.file());
        if (c.incomplete() != null) {
            text.add(c.incomplete());
        }
        if (c.machineLine() != null) {
            text.add(c.machineLine());
        }
        DagShape shape = p.asRecorded().shape();
        boolean both = p.collapsedNodes() > 0;
        text.add("DAG: " + Numbers.grouped(p.nodes()) + " nodes" + (both ? ", " + Numbers.grouped(p.collapsedNodes())
                + " of them collapsed (sub-DAGs one worker ran alone, inner structure not recorded)"
                : ", none collapsed") + "; depth " + Numbers.grouped(shape.depth()) + " nodes");
        text.add("  work T1 " + ns(shape.work()) + ", span T\u221e " + ns(shape.span()) + ", parallelism T1/T\u221e "
                + Numbers.fixed2(shape.parallelism()) + (both ? "; span with collapsed nodes whole "
                + ns(shape.replaySpan()) : ""));
        if (c.scaledFrom() >= 0) {
            text.add("  the nodes' work and span scaled by " + String.format(Locale.ROOT, "%.4f", shape.work()
                    / (double) Math.max(1, c.scaledFrom())) + " so that T1 is the work given with --work-ns; the"
                    + " recording's own T1 is " + ns(c.scaledFrom()));
        }
        text.add("Steal latency L: " + Numbers.grouped(p.stealLatencyNs()) + " ns per steal, " + c.latencySource()
                + "; seed " + p.seed());
        if (both) {
            text.add("note: collapsed nodes are replayed two ways, and the truth lies between: sequential (one piece"
                    + " on one worker, as recorded: pessimistic beyond the recorded P) and malleable (divisible up to"
                    + " its own parallelism: optimistic). Record with --no-collapse to remove the guess.");
        }

        Unit u = Unit.of(shape.work());
        text.add("");
        text.add("Simulated T_P: the DAG replayed on P workers by a work-stealing scheduler (nodes last their recorded"
                + " CPU time; a steal costs L)");
        table(text, p.asRecorded(), both, u);
        text.add("  speedup: T1/T_P; work, delay, no-work: shares of the simulated P \u00d7 T_P (delay = L \u00d7"
                + " (steals + splits))");

        recorded(text, p, both, u, c.cpus());
        if (p.whatIf() != null) {
            whatIf(text, p, both, u);
        }
        for (String line : text) {
            for (String l : TextWrap.prose(line)) {
                out.write(l);
                out.write('\n');
            }
        }
        out.flush();
    }

    private static void table(List<String> text, SimulatedScaling.Scenario s, boolean both, Unit u) {
        long t1 = s.shape().work();
        List<String[]> rows = new ArrayList<>();
        if (both) {
            rows.add(new String[] {"", "sequential", "", "", "", "", "", "malleable", "", "", "", "", "", ""});
        }
        List<String> head = new ArrayList<>(List.of("P", "T_P (" + u.symbol + ")", "speedup", "work", "delay",
                "no-work", "steals"));
        if (both) {
            head.addAll(List.of("T_P (" + u.symbol + ")", "speedup", "work", "delay", "no-work", "steals", "splits"));
        }
        rows.add(head.toArray(String[]::new));
        for (Row r : s.rows()) {
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(r.workers()));
            cells.addAll(point(r.sequential(), t1, u));
            if (both) {
                cells.addAll(point(r.malleable(), t1, u));
                cells.add(Numbers.grouped(r.malleable().splits()));
            }
            rows.add(cells.toArray(String[]::new));
        }
        aligned(text, rows, both ? 1 : 0);
    }

    private static List<String> point(Point q, long t1, Unit u) {
        double total = q.total();
        return List.of(u.format(q.makespan()), Numbers.fixed2(q.speedup(t1)), percent(q.work(), total),
                percent(q.delay(), total), percent(q.noWork(), total), Numbers.grouped(q.steals()));
    }

    private static void recorded(List<String> text, SimulatedScaling p, boolean both, Unit u, int cpus) {
        SimulatedScaling.Recorded r = p.recorded();
        text.add("");
        text.add("Against the recorded run: P = " + r.workers() + " worker slots, elapsed " + ns(r.elapsedNs()));
        Point q = r.simulated().sequential();
        Point m = r.simulated().malleable();
        if (both) {
            text.add("  simulated T_" + r.workers() + ": " + ns(q.makespan()) + " sequential, " + ns(m.makespan())
                    + " malleable; error |measured - simulated| / measured: " + errorText(r.errorSequential()) + ", "
                    + errorText(r.errorMalleable()));
        } else {
            text.add("  simulated T_" + r.workers() + ": " + ns(q.makespan()) + "; error |measured - simulated| /"
                    + " measured: " + errorText(r.errorSequential()));
        }
        double slot = r.slotTime();
        if (slot > 0 && (r.recorderNs() > 0 || r.notRunningNs() > 0)) {
            text.add("  the measured elapsed holds what the simulation leaves out: forkscope's own hooks "
                    + percent(r.recorderNs(), slot) + " and threads not running inside strands "
                    + percent(r.notRunningNs(), slot) + " of P \u00d7 elapsed; forkscope bench -p " + r.workers()
                    + " times the program without the recorder");
        }
        if (noisy(r)) {
            text.add("  warning: its threads were off the CPU " + percent(r.notRunningNs(), slot) + " of P \u00d7 elapsed"
                    + " (10% or more: other processes, the JIT, GC; model fit refuses such training runs): its elapsed"
                    + " time is the machine's as much as the program's, so the error above is no check of the"
                    + " simulation; record it again on a quieter machine");
        }
        int largest = p.largestP();
        if (cpus > 0 && largest > cpus) {
            text.add("  the run was recorded on " + cpus + " CPU(s): only P \u2264 " + cpus + " can be measured there"
                    + " (forkscope bench); the rows beyond are the simulation alone, unchecked");
        }
    }

    /** Whether the recorded run spent {@link io.forkscope.report.model.TrainingSet#NOT_RUNNING_LIMIT} or more off the CPU. */
    static boolean noisy(SimulatedScaling.Recorded r) {
        return r.notRunningShare() >= io.forkscope.report.model.TrainingSet.NOT_RUNNING_LIMIT;
    }

    private static void whatIf(List<String> text, SimulatedScaling p, boolean both, Unit u) {
        text.add("");
        text.add("What if " + p.speedups().stream().map(PredictText::speedupText).collect(Collectors.joining(", "))
                + " (the nodes in those " + kinds(p) + ": work and span divided by k)");
        DagShape b = p.asRecorded().shape();
        DagShape a = p.whatIf().shape();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"", "before", "after", "change"});
        rows.add(new String[] {"work T1 (ns)", Numbers.grouped(b.work()), Numbers.grouped(a.work()), change(b.work(),
                a.work())});
        rows.add(new String[] {"span T\u221e (ns)", Numbers.grouped(b.span()), Numbers.grouped(a.span()),
            change(b.span(), a.span())});
        rows.add(new String[] {"parallelism", Numbers.fixed2(b.parallelism()), Numbers.fixed2(a.parallelism()),
            change(b.parallelism(), a.parallelism())});
        aligned(text, rows, 0);
        text.add("");
        rows = new ArrayList<>();
        if (both) {
            rows.add(new String[] {"", "sequential", "", "", "malleable", "", ""});
        }
        List<String> head = new ArrayList<>(List.of("P", "T_P before (" + u.symbol + ")", "after", "change"));
        if (both) {
            head.addAll(List.of("T_P before (" + u.symbol + ")", "after", "change"));
        }
        rows.add(head.toArray(String[]::new));
        for (int i = 0; i < p.asRecorded().rows().size(); i++) {
            Row before = p.asRecorded().rows().get(i);
            Row after = p.whatIf().rows().get(i);
            List<String> cells = new ArrayList<>(List.of(Integer.toString(before.workers()),
                    u.format(before.sequential().makespan()), u.format(after.sequential().makespan()),
                    change(before.sequential().makespan(), after.sequential().makespan())));
            if (both) {
                cells.addAll(List.of(u.format(before.malleable().makespan()), u.format(after.malleable().makespan()),
                        change(before.malleable().makespan(), after.malleable().makespan())));
            }
            rows.add(cells.toArray(String[]::new));
        }
        aligned(text, rows, both ? 1 : 0);
        List<Integer> slower = p.slowerAfter();
        if (!slower.isEmpty()) {
            text.add("note: at P = " + slower.stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + " the simulated T_P grows although no node got slower: Graham's anomaly (a shorter node changes"
                    + " which worker takes what, and a greedy schedule can end later); work and span never grow.");
        }
    }

    /** "sites", "regions" or "sites and regions": what the speedups name. */
    private static String kinds(SimulatedScaling p) {
        boolean sites = p.speedups().stream().anyMatch(s -> s instanceof SiteSpeedup);
        boolean regions = p.speedups().stream().anyMatch(s -> s instanceof RegionSpeedup);
        return sites && regions ? "sites and regions" : regions ? "regions" : "sites";
    }

    private static String speedupText(Speedup speedup) {
        if (speedup instanceof RegionSpeedup r) {
            int k = r.occurrences().size();
            return "region '" + r.name() + "' " + Numbers.plain(r.factor()) + "\u00d7 faster (" + Numbers.grouped(
                    r.nodesInside()) + " node(s) inside its " + k + " occurrence" + (k == 1 ? "" : "s") + ", work "
                    + ns(r.workInside()) + (r.nodesCrossing() == 0 ? "" : "; " + Numbers.grouped(r.nodesCrossing())
                    + " node(s) crossing its begin or end are left as they are") + ")";
        }
        SiteSpeedup s = (SiteSpeedup) speedup;
        String ids = s.sites().stream().map(String::valueOf).collect(Collectors.joining(", "));
        return s.name() + " " + Numbers.plain(s.factor()) + "\u00d7 faster" + (s.sites().size() == 1
                && ids.equals(s.name()) ? "" : " (site" + (s.sites().size() == 1 ? " " : "s ") + ids + ")");
    }

    /** @return "-12.3%" from before to after; "-" when before is 0 */
    static String change(double before, double after) {
        return before == 0 ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * (after - before) / before);
    }

    static String errorText(double e) {
        return Double.isNaN(e) ? "- (elapsed 0)" : String.format(Locale.ROOT, "%.1f%%", 100 * e);
    }

    static String percent(double value, double total) {
        return total == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * value / total);
    }

    /** @return "1,234,567 ns (1.23 ms)" */
    static String ns(long v) {
        Unit u = Unit.of(v);
        return Numbers.grouped(v) + " ns" + (u.divisor == 1 ? "" : " (" + u.format(v) + " " + u.symbol + ")");
    }

    /** The unit of a table's times: the largest that keeps T1 at least 1. */
    enum Unit {
        NS("ns", 1), US("us", 1e3), MS("ms", 1e6), S("s", 1e9);

        final String symbol;
        final double divisor;

        Unit(String symbol, double divisor) {
            this.symbol = symbol;
            this.divisor = divisor;
        }

        static Unit of(long t1) {
            return t1 >= 1e9 ? S : t1 >= 1e6 ? MS : t1 >= 1e3 ? US : NS;
        }

        String format(long v) {
            return this == NS ? Numbers.grouped(v) : String.format(Locale.ROOT, "%,.2f", v / divisor);
        }
    }

    /**
     * Columns two spaces apart, indented by two, right-aligned (the first column left-aligned when it
     * holds labels); the first {@code groupRows} rows are titles, each placed where its column starts.
     */
    private static void aligned(List<String> text, List<String[]> rows, int groupRows) {
        int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] width = new int[cols];
        for (int i = groupRows; i < rows.size(); i++) {
            String[] r = rows.get(i);
            for (int j = 0; j < r.length; j++) {
                width[j] = Math.max(width[j], r[j].length());
            }
        }
        int[] startAt = new int[cols];
        int at = 0;
        for (int j = 0; j < cols; j++) {
            at += 2;
            startAt[j] = at;
            at += width[j];
        }
        boolean labels = !rows.get(rows.size() - 1)[0].chars().allMatch(Character::isDigit);
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            StringBuilder b = new StringBuilder();
            for (int j = 0; j < r.length; j++) {
                if (i < groupRows) {
                    if (!r[j].isEmpty()) {
                        b.append(" ".repeat(Math.max(1, startAt[j] - b.length()))).append(r[j]);
                    }
                    continue;
                }
                b.append(" ".repeat(startAt[j] - b.length()));
                if (j == 0 && labels) {
                    b.append(r[j]).append(" ".repeat(width[j] - r[j].length()));
                } else {
                    b.append(" ".repeat(width[j] - r[j].length())).append(r[j]);
                }
            }
            text.add(b.toString().stripTrailing());
        }
    }
}
