package io.forkscope.report.sites;

import io.forkscope.analysis.sites.On;
import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.analysis.sites.SiteRow;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.analysis.sites.TotalCheck;
import io.forkscope.model.Unit;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.report.Numbers;
import io.forkscope.report.TextReport;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The call-site table for people (Cilkprof's profile, one row per site): when the recording is not
 * complete a first line saying so, a header with T1, the span and what is shown, a note when the
 * on-span profile is approximate, then the sites by share (local span on span over the span, or local
 * work on work over T1 with {@code --on work}) with where they are, the method that contains them,
 * what they invoke, their kind, and the measurements (count, work, span, work/span: by default the
 * top-call-site one and the local amount, with a legend; with --wide all three), and last the two
 * totals that must add up, both sides shown, and a loud line when they do not.
 *
 * <p>Amounts are in one unit for the whole table: ms when T1 is at least a millisecond, else us
 * (ASCII, as every text report: a terminal in the C locale prints no micro sign), three decimals;
 * abstract units are whole numbers.
 */
public final class SitesText {
    /** The line that says a total does not add up, so that tests and scripts can find it. */
    public static final String MISMATCH = "TOTALS DO NOT ADD UP: this is a forkscope recorder bug, the call-site"
            + " profiles cannot be trusted; please report it with the recording";

    private SitesText() {}

    /**
     * @param rows     the view
     * @param name     the recording's file name, as the user gave it
     * @param complete whether the recording is complete
     * @param top      how many rows to show (0: all)
     */
    public static void write(SiteRows rows, String name, boolean complete, int top, Writer out) throws IOException {
        write(rows, name, null, null, complete, top, out);
    }

    /**
     * As {@link #write(SiteRows, String, boolean, int, Writer)}, for a part of the run.
     *
     * @param scope  what the rows are of when not the whole run ("region 'kernel'"), or null
     * @param footer a last line (the regions a recording has, and how to choose one), or null
     */
    public static void write(SiteRows rows, String name, String scope, String footer, boolean complete, int top,
                             Writer out) throws IOException {
        write(rows, name, scope, footer, complete ? null : TextReport.INCOMPLETE, top, out);
    }

    /** As above; {@code incomplete} is the first line when the recording is not complete, else null. */
    public static void write(SiteRows rows, String name, String scope, String footer, String incomplete, int top,
                             Writer out) throws IOException {
        write(rows, name, scope, footer, incomplete, top, false, out);
    }

    /**
     * As above; {@code wide}: the full table (the method column and all three measurements, some 190
     * columns), else the compact one that fits some 120 columns (top-call-site's count, work, span and
     * work/span, and the local amount the rows are sorted by), with a legend under it.
     */
    public static void write(SiteRows rows, String name, String scope, String footer, String incomplete, int top,
                             boolean wide, Writer out) throws IOException {
        StringBuilder text = new StringBuilder();
        Amounts a = Amounts.of(rows.unit(), rows.work());
        if (incomplete != null) {
            line(text, incomplete);
        }
        List<SiteRow> shown = rows.shown(top);
        String on = rows.on() == On.SPAN
                ? "on span (invocations on the critical path), by local span"
                : "on work (every invocation), by local work";
        line(text, "Call sites of " + printable(name) + (scope == null ? "" : ", " + printable(scope) + ",") + " " + on);
        line(text, "Work T1 " + a.format(rows.work()) + " " + a.symbol + ", span " + a.format(rows.span()) + " "
                + a.symbol + ", parallelism " + Numbers.fixed2(rows.span() == 0 ? 0 : (double) rows.work() / rows.span())
                + " (" + a.name + ")");
        line(text, shown.size() + " of " + rows.invoked() + " site(s) with invocations on " + rows.on().optionName()
                + " shown" + (shown.size() < rows.invoked() ? " (--top 0: all)" : ""));
        if (rows.approximate()) {
            line(text, "NOTE: the on-span profile is approximate: " + rows.foreignJoins() + " join(s) waited for a"
                    + " task that another method forked; the profiles leave those edges out, so the critical path"
                    + " they follow may not be the run's");
        }
        line(text, "");
        if (shown.isEmpty()) {
            line(text, "  (no call site has an invocation on " + rows.on().optionName() + ")");
        } else if (wide) {
            table(text, shown, rows.on(), a);
        } else {
            compactTable(text, shown, rows.on(), a);
        }
        line(text, "");
        line(text, "Check: the sites' local amounts and what ran outside any site add up to the whole");
        total(text, "work", "local work on work", rows.workTotal(), "T1", a);
        total(text, "span", "local span on span", rows.spanTotal(), "span", a);
        if (!rows.workTotal().ok() || !rows.spanTotal().ok()) {
            line(text, MISMATCH);
        }
        if (footer != null) {
            line(text, "");
            line(text, printable(footer));
        }
        out.write(text.toString());
        out.flush();
    }

    /** The longest callee shown in the compact table; longer ones are cut with "...". */
    static final int CALLEE_WIDTH = 32;

    /**
     * The compact table: share, where, callee, kind, the top-call-site measurement (count, work, span,
     * work/span: the site's invocations not inside another of its own, so their whole cost) and the
     * local amount the share is of; then one legend line per measurement.
     */
    private static void compactTable(StringBuilder text, List<SiteRow> shown, On on, Amounts a) {
        String local = on == On.SPAN ? "local span" : "local work";
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {on == On.SPAN ? "%span" : "%work", "where", "callee", "kind", "count", "work", "span",
            "work/span", local});
        for (SiteRow row : shown) {
            SiteMeasures m = row.measures(on);
            Measurement top = m.topCallSite();
            String callee = SiteNames.callee(row.site());
            callee = callee.isEmpty() ? "-" : printable(callee);
            if (callee.length() > CALLEE_WIDTH) {
                callee = callee.substring(0, CALLEE_WIDTH - 3) + "...";
            }
            cells.add(new String[] {String.format(Locale.ROOT, "%.1f%%", row.percent(on)), printable(row.site().where()),
                callee, row.site().kind().name().toLowerCase(Locale.ROOT), Numbers.grouped(top.count()),
                a.format(top.work()), a.format(top.span()), Numbers.fixed2(top.parallelism()),
                a.format(on == On.SPAN ? m.local().span() : m.local().work())});
        }
        // where, callee and kind left-aligned; the share and the numbers right-aligned
        rows(text, cells, widths(cells), 3);
        line(text, "");
        line(text, "  in " + a.symbol + "; count, work, span, work/span: the site's top-call-site invocations (none"
                + " inside another of its own)");
        line(text, "  " + local + ": the site's own strands" + (on == On.SPAN ? " on the critical path" : "")
                + ", without its calls (the share is of this)");
        line(text, "  --wide adds the method and Cilkprof's other measurements (top-caller, local count, work and span)");
    }

    private static void table(StringBuilder text, List<SiteRow> shown, On on, Amounts a) {
        String[] names = {"top-call-site", "top-caller", "local"};
        List<String[]> cells = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of(on == On.SPAN ? "%span" : "%work", "where", "method", "callee",
                "kind"));
        for (int g = 0; g < 3; g++) {
            header.addAll(List.of("count", "work " + a.symbol, "span " + a.symbol, "work/span"));
        }
        cells.add(header.toArray(String[]::new));
        for (SiteRow row : shown) {
            List<String> c = new ArrayList<>();
            c.add(String.format(Locale.ROOT, "%.1f%%", row.percent(on)));
            c.add(printable(row.site().where()));
            c.add(printable(SiteNames.method(row.site())));
            String callee = SiteNames.callee(row.site());
            c.add(callee.isEmpty() ? "-" : printable(callee));
            c.add(row.site().kind().name().toLowerCase(Locale.ROOT));
            SiteMeasures m = row.measures(on);
            for (Measurement x : new Measurement[] {m.topCallSite(), m.topCaller(), m.local()}) {
                c.add(Numbers.grouped(x.count()));
                c.add(a.format(x.work()));
                c.add(a.format(x.span()));
                c.add(Numbers.fixed2(x.parallelism()));
            }
            cells.add(c.toArray(String[]::new));
        }
        int columns = header.size();
        int[] width = widths(cells);
        // the group names over their four columns, each starting where its first column starts
        StringBuilder groups = new StringBuilder();
        int first = 5;
        StringBuilder probe = new StringBuilder();
        for (int i = 0; i < columns; i++) {
            if (i >= first && (i - first) % 4 == 0) {
                int g = (i - first) / 4;
                groups.append(" ".repeat(Math.max(1, probe.length() + 2 - groups.length()))).append(names[g]);
            }
            probe.append("  ").append(" ".repeat(width[i]));
        }
        line(text, groups.toString().stripTrailing());
        // where, method, callee and kind left-aligned; the share and the numbers right-aligned
        rows(text, cells, width, 4);
    }

    /** @return each column's width: its longest cell */
    private static int[] widths(List<String[]> cells) {
        int[] width = new int[cells.get(0).length];
        for (String[] r : cells) {
            for (int i = 0; i < width.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        return width;
    }

    /** The rows, two spaces before each cell: columns 1 to {@code lastLeft} left-aligned, the others right-aligned. */
    private static void rows(StringBuilder text, List<String[]> cells, int[] width, int lastLeft) {
        for (String[] r : cells) {
            StringBuilder l = new StringBuilder();
            for (int i = 0; i < width.length; i++) {
                l.append("  ").append(i >= 1 && i <= lastLeft ? padRight(r[i], width[i]) : padLeft(r[i], width[i]));
            }
            line(text, l.toString().stripTrailing());
        }
    }

    private static void total(StringBuilder text, String what, String local, TotalCheck t, String expected,
                              Amounts a) {
        String sum = t.sum() == Long.MAX_VALUE ? "(overflow)" : a.format(t.sum()) + " " + a.symbol;
        String verdict;
        if (t.ok()) {
            verdict = "= " + expected + " " + a.format(t.expected()) + " " + a.symbol + ": ok";
        } else {
            long diff = t.sum() == Long.MAX_VALUE ? 0 : t.sum() - t.expected();
            verdict = "but " + expected + " = " + a.format(t.expected()) + " " + a.symbol + ": MISMATCH"
                    + (t.sum() == Long.MAX_VALUE ? "" : " by " + a.format(diff) + " " + a.symbol);
        }
        line(text, "  " + what + ": " + local + " over all sites " + a.format(t.local()) + " " + a.symbol
                + " + outside any site " + a.format(t.outside()) + " " + a.symbol + " = " + sum + " " + verdict);
    }

    /** The table's unit: ms or us for time (chosen by T1), whole units for abstract work and bytecodes. */
    private record Amounts(String name, String symbol, double divisor, boolean decimals) {
        static Amounts of(Unit unit, long work) {
            if (unit == Unit.ABSTRACT) {
                return new Amounts("units: abstract work declared by the program", "units", 1, false);
            }
            if (unit == Unit.BYTECODES) {
                return new Amounts("bytecodes: instructions the application's classes executed", "bytecodes", 1, false);
            }
            return work >= 1_000_000
                    ? new Amounts("ms: measured time", "ms", 1e6, true)
                    : new Amounts("us: measured time", "us", 1e3, true);
        }

        String format(long value) {
            return decimals ? String.format(Locale.ROOT, "%,.3f", value / divisor) : Numbers.grouped(value);
        }
    }

    /** @return {@code s} with control characters shown as '?' */
    static String printable(String s) {
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

    private static void line(StringBuilder text, String line) {
        text.append(line).append('\n');
    }
}
