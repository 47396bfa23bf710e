package io.forkscope.report.contexts;

import io.forkscope.analysis.contexts.ContextProfile;
import io.forkscope.analysis.contexts.ContextViews;
import io.forkscope.analysis.contexts.Metric;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The flat view as text: per frame, inclusive and exclusive work, idleness, overhead and effort, by inclusive effort. */
public final class ContextsFlatText {
    private ContextsFlatText() {}

    public static void write(ContextProfile profile, int top, PrintWriter out) {
        write(profile, top, null, out);
    }

    /** @param samplesPerNode each node's own sample count in the physical view (advice needs enough), else null */
    public static void write(ContextProfile profile, int top, long[] samplesPerNode, PrintWriter out) {
        out.printf(Locale.ROOT, "%7s %7s %10s %10s %10s %10s %10s %10s  %s%n", "effort%", "self%", "work ms", "self",
                "idle ms", "self", "ovhd ms", "self", "frame");
        List<ContextViews.FlatRow> rows = ContextViews.flat(profile);
        int shown = 0;
        for (ContextViews.FlatRow r : rows) {
            if (top > 0 && shown++ >= top) {
                out.printf(Locale.ROOT, "(%d more frames; --top 0 for all)%n", rows.size() - top);
                break;
            }
            out.printf(Locale.ROOT, "%7.2f %7.2f %10.3f %10.3f %10.3f %10.3f %10.3f %10.3f  %s%n",
                    profile.percentOfEffort(r.inclusive(Metric.EFFORT)), profile.percentOfEffort(r.exclusive(Metric.EFFORT)),
                    ContextsText.ms(r.inclusive(Metric.WORK)), ContextsText.ms(r.exclusive(Metric.WORK)),
                    ContextsText.ms(r.inclusive(Metric.IDLENESS)), ContextsText.ms(r.exclusive(Metric.IDLENESS)),
                    ContextsText.ms(r.inclusive(Metric.OVERHEAD)), ContextsText.ms(r.exclusive(Metric.OVERHEAD)),
                    r.frame().label());
        }
        ContextsText.advice(profile, 5, samplesPerNode, out);
    }
}
