package io.forkscope.report.sites;

import io.forkscope.analysis.sites.SiteNames;
import io.forkscope.analysis.sites.SiteRow;
import io.forkscope.analysis.sites.SiteRows;
import io.forkscope.model.Unit;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.report.CsvReport;
import io.forkscope.report.Numbers;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Cilkprof's CSV, for spreadsheets: one row per call site, in its column order: {@code file},
 * {@code line}, {@code site} (the stable label {@code Class.method@bci}), {@code function} (what
 * the site invokes), then work, span, parallelism and count of the top-call-site, top-caller and
 * local measurements on work, then the same twelve on span:
 * <pre>
 * file,line,site,function,
 * top-call-site work on work (ns),top-call-site span on work (ns),top-call-site parallelism on work,top-call-site count on work,
 * top-caller work on work (ns),...,local count on work,
 * top-call-site work on span (ns),...,local count on span
 * </pre>
 * Amounts are whole nanoseconds, as Cilkprof's ({@code (units)} and whole units in the abstract
 * unit); parallelism has up to six decimals, 0 without span. A site without a line or source file
 * has those fields empty, a site whose callee is unknown an empty function; fields are quoted as
 * RFC 4180 asks. Rows come in the view's order (by share in the chosen profile); every site of
 * the table has one, invoked or not, unless a number of rows is asked for.
 */
public final class SitesCsv {
    private static final String[] MEASUREMENTS = {"top-call-site", "top-caller", "local"};

    private SitesCsv() {}

    /** @return the header line's fields */
    public static List<String> header(Unit unit) {
        String in = " (" + unit.symbol() + ")";
        List<String> h = new ArrayList<>(List.of("file", "line", "site", "function"));
        for (String on : new String[] {"on work", "on span"}) {
            for (String m : MEASUREMENTS) {
                h.add(m + " work " + on + in);
                h.add(m + " span " + on + in);
                h.add(m + " parallelism " + on);
                h.add(m + " count " + on);
            }
        }
        return h;
    }

    /** @param top how many rows (0: every site) */
    public static void write(SiteRows rows, int top, Writer out) throws IOException {
        StringBuilder csv = new StringBuilder();
        csv.append(String.join(",", header(rows.unit()))).append('\n');
        int n = 0;
        for (SiteRow row : rows.rows()) {
            if (top > 0 && n++ == top) {
                break;
            }
            CallSite s = row.site();
            csv.append(s.sourceFile() == null ? "" : CsvReport.quote(s.sourceFile())).append(',')
                    .append(s.line() < 0 ? "" : Integer.toString(s.line())).append(',')
                    .append(CsvReport.quote(SiteNames.label(s))).append(',')
                    .append(s.callee() == null ? "" : CsvReport.quote(s.callee()));
            for (SiteMeasures m : new SiteMeasures[] {row.onWork(), row.onSpan()}) {
                for (Measurement x : new Measurement[] {m.topCallSite(), m.topCaller(), m.local()}) {
                    csv.append(',').append(x.work()).append(',').append(x.span()).append(',')
                            .append(Numbers.plain(x.parallelism())).append(',').append(x.count());
                }
            }
            csv.append('\n');
        }
        out.write(csv.toString());
        out.flush();
    }
}
