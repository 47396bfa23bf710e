package io.forkscope.report;

import static io.forkscope.report.Numbers.fixed2;
import static io.forkscope.report.Numbers.grouped;
import static io.forkscope.report.Numbers.oneDecimal;
import static io.forkscope.report.Numbers.humanDuration;

import io.forkscope.analysis.cilkview.Diagnosis;
import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.analysis.cilkview.SectionScalability;
import io.forkscope.analysis.cilkview.SpeedupEstimate;
import io.forkscope.model.Compilation;
import io.forkscope.model.Recording;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Cilkview's textual report (Fig. 6) for people: when the recording is not complete a first line
 * saying so (the command line says why on stderr, before the report), a line with the unit and the
 * burden, then per section (the whole run, then every region occurrence in the recording's order)
 * the parallelism profile, the speedup estimate and the diagnoses.
 * When there is more than one region, a table of all occurrences comes before the sections, and
 * repeated labels are numbered "(2 of 10)".
 */
public final class TextReport implements ReportFormat {
    /** The first line of the report of a recording that is not complete. */
    public static final String INCOMPLETE = "INCOMPLETE RECORDING: the numbers below cover only part of the run"
            + " (the warnings say why)";
    /**
     * @param cause why the recording is incomplete, in a few words ("its run was ended by SIGTERM",
     *              "cut short after byte 3000"), or null when not known
     * @return the first line of the report of a recording that is not complete, with its cause
     */
    public static String incomplete(String cause) {
        return cause == null ? INCOMPLETE
                : "INCOMPLETE RECORDING: the numbers below cover only part of the run (" + cause + ")";
    }

    /** Forks a successful tryUnfork took back and that never ran (information key tasks.taken.back; 0 when absent). */
    static long takenBack(Recording rec) {
        try {
            return Long.parseLong(rec.info().get("tasks.taken.back", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static final int LABEL_WIDTH = "Average maximal strand:".length() + 1;

    /**
     * Where a burden came from, after "per steal edge": " (default)", " (option)", or ", calibrated (FILE,
     * DATE)" (not nested in another pair of parentheses).
     */
    public static String burdenSource(String source) {
        return source != null && source.startsWith("calibrated (") ? ", " + source : " (" + source + ")";
    }

    @Override
    public void write(ScalabilityReport report, Recording rec, Writer out) throws IOException {
        Lines text = new Lines();
        Unit unit = report.unit();
        if (!rec.complete()) {
            text.add(incomplete(rec.incompleteCause().orElse(null)));
        }
        String source = rec.info().burdenSource();
        text.add((unit == Unit.TIME ? "Unit ns (measured time)" : "Unit: " + unit.description())
                + ", burden " + grouped(rec.info().burden()) + " " + unit.symbol() + " per steal edge"
                + (unit == Unit.ABSTRACT && "default".equals(source)
                        ? " (default: the time default in ns read as units; give --burden-ns in your units)"
                        : unit == Unit.BYTECODES && "default".equals(source)
                        ? " (default: Cilkview's 15,000 instructions per steal)"
                        : burdenSource(source)));
        String machine = MachineLine.of(rec.info());
        if (machine != null && unit == Unit.TIME) {      // counts do not move with the machine's load
            text.add(machine);
        }
        WholeRun run = rec.wholeRun();
        long takenBack = takenBack(rec);
        if (takenBack > 0 && run != null) {
            text.add("note: " + grouped(takenBack) + " of " + grouped(run.measures().spawns()) + " fork(s) were taken back by"
                    + " tryUnfork and never ran: whatever the program did in their place is its forker's serial code,"
                    + " so this run's DAG has the parallelism its steals gave it, not what the forks declared");
        }
        if (unit == Unit.ABSTRACT && run != null && run.tasks() > 0 && run.measures().work() == 0) {
            text.add("No units declared: the program ran " + grouped(run.tasks()) + " task(s) but never called"
                    + " Forkscope.work, so its work and span are 0 units; record it with --unit time");
        }
        List<Integer> ps = report.options().processorCounts();
        text.add("Speedup estimates for P = " + ps.get(0) + " to " + ps.get(ps.size() - 1)
                + "; diagnosis for " + report.options().processors() + " processors");

        List<String> names = regionNames(report.regions());
        if (report.regions().size() > 1) {
            text.add("");
            overview(text, report.regions(), names, unit);
        }
        text.add("");
        section(text, "Whole run", report.wholeRun(), rec.wholeRun(), unit, rec.workerSlots().describe());
        for (int i = 0; i < report.regions().size(); i++) {
            SectionScalability r = report.regions().get(i);
            text.add("");
            section(text, "Region " + names.get(i) + " on thread " + printable(r.thread()) + ", opened at "
                    + duration(r.startNs()), r, null, unit, null);
        }
        out.write(text.toString());
        out.flush();
    }

    /** @return per region, its quoted label, numbered "(k of n)" when the label occurs n > 1 times */
    private static List<String> regionNames(List<SectionScalability> regions) {
        Map<String, Integer> total = new HashMap<>();
        for (SectionScalability r : regions) {
            total.merge(r.label(), 1, Integer::sum);
        }
        Map<String, Integer> seen = new HashMap<>();
        List<String> names = new ArrayList<>(regions.size());
        for (SectionScalability r : regions) {
            int n = total.get(r.label());
            int k = seen.merge(r.label(), 1, Integer::sum);
            names.add("\"" + printable(r.label()) + "\"" + (n > 1 ? " (" + k + " of " + n + ")" : ""));
        }
        return names;
    }

    private static void overview(Lines text, List<SectionScalability> regions, List<String> names, Unit unit) {
        text.add("Regions (" + regions.size() + ")");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"region", "thread", "work (" + unit.symbol() + ")", "span (" + unit.symbol() + ")",
                "parallelism", "burdened parallelism"});
        for (int i = 0; i < regions.size(); i++) {
            SectionScalability r = regions.get(i);
            rows.add(new String[] {names.get(i), printable(r.thread()), grouped(r.measures().work()),
                    grouped(r.measures().span()), fixed2(r.parallelism()), fixed2(r.burdenedParallelism())});
        }
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(" ");
            for (int c = 0; c < row.length; c++) {
                // text columns left-aligned, numbers right-aligned
                line.append(' ').append(c < 2 ? padRight(row[c], width[c]) : padLeft(row[c], width[c]));
            }
            text.add(line.toString().stripTrailing());
        }
    }

    /** @param slots the worker slots as every report prints them (measures.md §2), null for a region */
    private static void section(Lines text, String header, SectionScalability s, WholeRun whole, Unit unit,
                                String slots) {
        text.add(header);
        WorkSpan ws = s.measures();
        List<String[]> rows = new ArrayList<>();
        rows.add(amount("Work:", ws.work(), unit));
        rows.add(amount("Span:", ws.span(), unit));
        rows.add(amount("Burdened span:", ws.burdenedSpan(), unit));
        rows.add(new String[] {"Parallelism:", fixed2(s.parallelism()), ""});
        rows.add(new String[] {"Burdened parallelism:", fixed2(s.burdenedParallelism()), ""});
        rows.add(new String[] {"Spawns:", grouped(ws.spawns()), ""});
        // a parallel stream or any CountedCompleter tree forks without joining: its tasks complete into their parents
        rows.add(new String[] {"Syncs:", grouped(ws.syncs()), ws.syncs() == 0 && ws.spawns() > 0
                ? " (no join: tasks complete into their parents, as CountedCompleters and parallel streams do)"
                : ""});
        // whole nanoseconds with a duration from 1 µs on, as every other time; a tenth where it matters
        rows.add(unit == Unit.TIME && s.averageMaximalStrand() >= 1_000
                ? amount("Average maximal strand:", Math.round(s.averageMaximalStrand()), unit)
                : new String[] {"Average maximal strand:", oneDecimal(s.averageMaximalStrand()), " " + unit.symbol()});
        rows.add(amount("Elapsed:", ws.elapsedNs(), Unit.TIME));
        Compilation jit = s.compilation();
        if (jit.known() && unit == Unit.TIME) {     // counts do not depend on what was compiled
            rows.add(new String[] {"JIT compiling:", duration(jit.compileNs()), String.format(java.util.Locale.ROOT,
                    " (%.0f%% of %s%s)", 100 * jit.share(), duration(jit.elapsedNs()),
                    whole != null ? " from the run's first event to the recording's end" : "")});
        }
        if (whole != null && whole.tasks() == 0) {
            rows.add(new String[] {"Tasks:", "0", " (no fork/join task ran)"});
        } else if (whole != null) {
            rows.add(new String[] {"Workers:", grouped(whole.workers()), ""});
            rows.add(new String[] {"Threads:", grouped(whole.threads()), ""});
            rows.add(new String[] {"Tasks:", grouped(whole.tasks()), ""});
        } else if (s.unjoined() > 0) {
            rows.add(new String[] {"Unjoined tasks:", grouped(s.unjoined()), " (forked here, unfinished at close)"});
        }
        int width = rows.stream().mapToInt(r -> r[1].length()).max().orElse(0);
        for (String[] row : rows) {
            text.add("  " + padRight(row[0], LABEL_WIDTH) + padLeft(row[1], width) + row[2]);
        }
        if (slots != null) {
            text.add("  workers (P): " + slots);
        }
        if (ws.spawns() == 0 && s.unjoined() == 0 && ws.work() > 0 && ws.span() >= ws.work()) {
            text.add("  Speedup estimate: none (no task was forked here: speedup 1 on any P)");
        } else {
            speedups(text, s.speedups());
        }
        if (!s.diagnoses().isEmpty()) {
            text.add("  Diagnosis");
            for (Diagnosis d : s.diagnoses()) {
                text.add("    - " + d.message());
            }
        }
    }

    /** @return a row for an amount in {@code unit}, with the duration for people when it is time */
    private static String[] amount(String label, long value, Unit unit) {
        String human = unit == Unit.TIME ? humanDuration(value) : "";
        return new String[] {label, grouped(value), " " + unit.symbol() + (human.isEmpty() ? "" : " (" + human + ")")};
    }

    private static void speedups(Lines text, List<SpeedupEstimate> speedups) {
        if (speedups.isEmpty()) {
            text.add("  Speedup estimate: none (no work recorded)");
            return;
        }
        text.add("  Speedup estimate");
        int pWidth = 0;
        int width = 0;
        for (SpeedupEstimate e : speedups) {
            pWidth = Math.max(pWidth, String.valueOf(e.p()).length());
            width = Math.max(width, Math.max(fixed2(e.lower()).length(), fixed2(e.upper()).length()));
        }
        for (SpeedupEstimate e : speedups) {
            text.add("    " + padLeft(String.valueOf(e.p()), pWidth) + " processors:  "
                    + padLeft(fixed2(e.lower()), width) + " - " + padLeft(fixed2(e.upper()), width));
        }
    }

    private static String duration(long ns) {
        String human = humanDuration(ns);
        return human.isEmpty() ? grouped(ns) + " ns" : human;
    }

    /** @return {@code s} with control characters (a newline in a label) shown as '?' */
    private static String printable(String s) {
        if (s == null) {
            return "?";
        }
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }

    private static String padRight(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    /** Lines joined with '\n', each ending with one. */
    private static final class Lines {
        private final StringBuilder text = new StringBuilder();

        void add(String line) {
            for (String l : TextWrap.prose(line)) {
                text.append(l).append('\n');
            }
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
