package io.forkscope.report.html;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.Unit;
import io.forkscope.report.Numbers;
import io.forkscope.report.TextReport;
import java.util.Locale;

/**
 * The run: which recording, whether it covers the whole run, its unit and burden, how it was
 * recorded, the machine's load during it, the workers' not-running time (with a DAG), and the
 * recording's warnings.
 */
final class RunSection implements HtmlSection {
    @Override
    public String id() {
        return "run";
    }

    @Override
    public String title() {
        return "The run";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return true;
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        Recording rec = in.recording();
        RecordingInfo info = rec.info();
        if (in.incomplete() != null) {
            out.element("p", in.incomplete(), "class", "warning", "id", "incomplete");
        }
        out.open("dl", "class", "facts");
        fact(out, "recording", in.name(), "recording");
        fact(out, "mode", info.get(RecordingInfo.MODE, "summary") + (rec.recordedSites().isPresent() ? ", call sites" : ""),
                "mode");
        Unit unit = info.unit();
        fact(out, "unit", unit.description(),
                "unit");
        fact(out, "burden", Numbers.grouped(info.burden()) + " " + unit.symbol() + " per steal edge"
                + TextReport.burdenSource(info.burdenSource()), "burden");
        if (rec.wholeRun() != null) {
            fact(out, "workers (P)", rec.workerSlots().describe(), "workers");
        }
        fact(out, "machine", in.machine() != null ? in.machine() : "the recording does not say how busy the machine was",
                "machine");
        if (in.hasDag()) {
            double slotTime = in.delays().stats().slotTime();
            double notRunning = in.delays().breakdown().notRunning();
            fact(out, "not running", String.format(Locale.ROOT, "%s ns, %.2f%% of the slot time: the workers' threads"
                    + " off a CPU inside their strands (other processes, GC), the machine's, not the program's",
                    Numbers.grouped(Math.round(notRunning)), slotTime == 0 ? 0 : 100 * notRunning / slotTime),
                    "not-running");
        }
        out.close("dl").newline();
        if (!rec.warnings().isEmpty()) {
            out.element("h3", "Warnings");
            out.open("ul", "class", "warnings");
            for (String w : rec.warnings()) {
                out.element("li", w);
            }
            out.close("ul").newline();
        }
    }

    private static void fact(HtmlWriter out, String term, String value, String key) {
        out.element("dt", term).element("dd", value, "data-key", key).newline();
    }
}
