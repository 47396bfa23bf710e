package io.forkscope.report.delay;

import static io.forkscope.report.delay.Fmt.padLeft;
import static io.forkscope.report.delay.Fmt.padRight;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Several runs of one program side by side, as in Delay Spotter's Fig. 5: for each, elapsed time,
 * workers, and where its P × elapsed worker-time went: work (or, given a serial run, the work
 * stretch T1 − T1'), not running, delay, no-work-sched and no-work-app, each as an amount and as a percentage of
 * P × elapsed. One column per run, in the order given; amounts in one unit chosen for the largest.
 * Given a serial run, the speedup T1' / elapsed; without one, the utilisation T1 / (P × elapsed) and
 * no speedup, since each run's own T1 is stretched by running in parallel.
 */
public final class CompareText {
    private CompareText() {}

    /** @param complete whether every recording covers its whole run; if not, a first line says so */
    public static void write(List<CompareColumn> columns, String serialName, boolean complete, Writer out)
            throws IOException {
        write(columns, serialName, complete ? null : io.forkscope.report.TextReport.INCOMPLETE, out);
    }

    /** @param incomplete the first line when a recording does not cover its whole run, null when all do */
    public static void write(List<CompareColumn> columns, String serialName, String incomplete, Writer out)
            throws IOException {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("nothing to compare");
        }
        if (incomplete != null) {
            out.write(incomplete + "\n");
        }
        boolean serial = columns.get(0).report().serialWork().isPresent();
        double largest = columns.stream().mapToDouble(CompareColumn::total).max().orElse(0);
        Scale scale = Scale.of(largest);
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[1 + columns.size()];
        String[] desc = new String[1 + columns.size()];
        header[0] = "";
        desc[0] = "";
        for (int i = 0; i < columns.size(); i++) {
            header[i + 1] = Fmt.printable(columns.get(i).name());
            desc[i + 1] = Fmt.printable(columns.get(i).description());
        }
        rows.add(header);
        if (columns.stream().anyMatch(c -> !c.description().isEmpty())) {
            rows.add(desc);
        }
        rows.add(row("elapsed (" + scale.symbol + ")", columns, c -> scale.format(c.report().stats().elapsed())));
        rows.add(row("workers P", columns, c -> Integer.toString(c.report().stats().workers())));
        rows.add(row("  slots", columns, c -> c.report().slotsText().replaceFirst(";.*", "")));
        rows.add(row("P \u00d7 elapsed (" + scale.symbol + ")", columns, c -> scale.format(c.total())));
        if (serial) {
            rows.add(row("serial work T1' (" + scale.symbol + ")", columns,
                    c -> scale.format(c.report().serialWork().getAsDouble())));
        }
        String[] names = {serial ? "work stretch" : "work", "not running", "forkscope", "delay", "no-work-sched",
            "no-work-app"};
        boolean own = columns.stream().anyMatch(c -> c.components()[2] > 0);
        for (int k = 0; k < names.length; k++) {
            int index = k;
            if (k == 2 && !own) {
                continue;            // recordings without forkscope's own time (before format 1.10)
            }
            rows.add(row(names[k] + " (" + scale.symbol + ")", columns, c -> scale.format(c.components()[index])));
            rows.add(row("  % of P \u00d7 elapsed", columns,
                    c -> Fmt.percent(c.components()[index], c.total())));
        }
        if (serial) {
            rows.add(row("performance loss (" + scale.symbol + ")", columns,
                    c -> scale.format(c.report().performanceLoss().getAsDouble())));
            rows.add(row("speedup T1'/elapsed", columns, c -> c.report().speedup().isPresent()
                    ? Fmt.fixed2(c.report().speedup().getAsDouble()) : "-"));
        } else {
            // each run's own T1 is stretched: T1 / elapsed is no speedup, so without T1' none is shown
            rows.add(row("utilisation T1/(P \u00d7 elapsed)", columns, c -> Fmt.fixed2(c.report().stats().utilisation())));
        }
        int[] width = new int[header.length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        List<String> text = new ArrayList<>();
        text.add("forkscope compare: " + columns.size() + " run(s)"
                + (serial ? "; serial work T1' from " + Fmt.printable(serialName == null ? "the serial run" : serialName) : ""));
        text.add("");
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(padRight(r[0], width[0]));
            for (int i = 1; i < r.length; i++) {
                line.append("  ").append(padLeft(r[i], width[i]));
            }
            text.add(line.toString().stripTrailing());
        }
        text.add("");
        text.add((serial ? "work stretch (T1 - T1')" : "work") + " + not running + " + (own ? "forkscope + " : "")
                + "delay + no-work-sched + no-work-app = "
                + (serial ? "performance loss = P \u00d7 elapsed - T1'" : "P \u00d7 elapsed"));
        text.add("not running: the workers' threads were off a CPU inside task strands (other processes or threads,"
                + " GC): the machine's, neither the program's work nor the runtime's delay");
        if (own) {
            text.add("forkscope: the recorder's own hooks between a worker's nodes: the measurement's cost, neither the"
                    + " program's work nor the runtime's delay");
        }
        if (!serial) {
            text.add("no speedup without a serial run: record the serial elision or 1 worker and pass --serial SER.fsk"
                    + " (speedup = T1'/elapsed)");
        }
        for (String line : text) {
            for (String l : io.forkscope.report.TextWrap.prose(line)) {
                out.write(l);
                out.write('\n');
            }
        }
        out.flush();
    }

    private static String[] row(String label, List<CompareColumn> columns,
                                java.util.function.Function<CompareColumn, String> cell) {
        String[] r = new String[1 + columns.size()];
        r[0] = label;
        for (int i = 0; i < columns.size(); i++) {
            r[i + 1] = cell.apply(columns.get(i));
        }
        return r;
    }

    /** A unit for amounts: the largest of s, ms, us, ns that keeps the largest amount at 1 or more. */
    record Scale(String symbol, double ns, String pattern) {
        static Scale of(double largest) {
            if (largest >= 1e9) {
                return new Scale("s", 1e9, "%,.3f");
            } else if (largest >= 1e6) {
                return new Scale("ms", 1e6, "%,.3f");
            } else if (largest >= 1e3) {
                return new Scale("us", 1e3, "%,.3f");
            }
            return new Scale("ns", 1, "%,.0f");
        }

        String format(double value) {
            String s = String.format(Locale.ROOT, pattern, value / ns);
            return s.matches("-0(\\.0*)?") ? s.substring(1) : s;
        }
    }
}
