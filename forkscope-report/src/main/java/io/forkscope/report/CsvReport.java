package io.forkscope.report;

import io.forkscope.analysis.cilkview.ScalabilityReport;
import io.forkscope.analysis.cilkview.SectionScalability;
import io.forkscope.model.Recording;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.io.IOException;
import java.io.Writer;

/**
 * OpenCilk Cilkscale's CSV: the header
 * {@code tag,work (seconds),span (seconds),parallelism,burdened_span (seconds),burdened_parallelism},
 * one row per region occurrence in the recording's order (tag = label, quoted as RFC 4180 asks
 * when it holds a comma, quote or line break), and the whole run last with an empty tag.
 * Times are seconds with nine decimals, exactly; parallelisms have up to six decimals. In the
 * abstract unit the header says {@code (units)} and work and spans are whole units.
 */
public final class CsvReport implements ReportFormat {

    @Override
    public void write(ScalabilityReport report, Recording rec, Writer out) throws IOException {
        Unit unit = report.unit();
        String in = unit == Unit.TIME ? "(seconds)" : "(" + unit.symbol() + ")";
        StringBuilder csv = new StringBuilder();
        csv.append("tag,work ").append(in).append(",span ").append(in).append(",parallelism,burdened_span ")
                .append(in).append(",burdened_parallelism\n");
        for (SectionScalability r : report.regions()) {
            row(csv, quote(r.label()), r, unit);
        }
        row(csv, "", report.wholeRun(), unit);
        out.write(csv.toString());
        out.flush();
    }

    private static void row(StringBuilder csv, String tag, SectionScalability s, Unit unit) {
        WorkSpan ws = s.measures();
        csv.append(tag).append(',')
                .append(amount(ws.work(), unit)).append(',')
                .append(amount(ws.span(), unit)).append(',')
                .append(Numbers.plain(s.parallelism())).append(',')
                .append(amount(ws.burdenedSpan(), unit)).append(',')
                .append(Numbers.plain(s.burdenedParallelism())).append('\n');
    }

    private static String amount(long value, Unit unit) {
        return unit == Unit.TIME ? Numbers.seconds(value) : Long.toString(value);
    }

    /** @return {@code field} as one CSV field: in quotes, inner quotes doubled, when it needs them */
    public static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
