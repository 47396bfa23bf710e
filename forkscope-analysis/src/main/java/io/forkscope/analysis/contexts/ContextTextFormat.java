package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;

import java.util.List;
import java.util.Locale;

/**
 * A plain-text top-down table: per context, inclusive effort, work, idleness and overhead in ms
 * and as % of the total effort, indented by depth, then Table 1's advice for the hotspots.
 */
public final class ContextTextFormat {
    private ContextTextFormat() {
    }

    public static String topDown(ContextProfile profile, double minPercentOfEffort, int hotspots) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%10s %6s %10s %10s %10s  %s%n", "effort ms", "%", "work ms", "idle ms", "ovhd ms", "context"));
        for (ContextViews.TreeRow row : ContextViews.topDown(profile, minPercentOfEffort)) {
            int n = row.node();
            String name = n == ContextTree.ROOT ? "<root>" : row.frame().label();
            out.append(String.format(Locale.ROOT, "%10.3f %6.2f %10.3f %10.3f %10.3f  %s%s%n",
                    ms(profile.inclusive(Metric.EFFORT, n)), profile.percentOfEffort(profile.inclusive(Metric.EFFORT, n)),
                    ms(profile.inclusive(Metric.WORK, n)), ms(profile.inclusive(Metric.IDLENESS, n)),
                    ms(profile.inclusive(Metric.OVERHEAD, n)), "  ".repeat(row.depth()), name));
        }
        List<Advisor.Advised> advised = Advisor.DEFAULT.hotspots(profile, hotspots);
        if (!advised.isEmpty()) {
            out.append(String.format(Locale.ROOT, "%nwhere the cores wait (idleness >= %.0f%%, overhead >= %.0f%% of the context's effort is high):%n",
                    100 * Advisor.DEFAULT.idlenessThreshold(), 100 * Advisor.DEFAULT.overheadThreshold()));
            for (Advisor.Advised a : advised) {
                String name = a.node() == ContextTree.ROOT ? "<root>" : profile.tree().frame(a.node()).label();
                out.append(String.format(Locale.ROOT, "  %s: idleness %.1f%%, overhead %.1f%% -> %s%n",
                        name, 100 * a.idlenessShare(), 100 * a.overheadShare(), a.advice().text()));
            }
        }
        return out.toString();
    }

    private static double ms(double ns) {
        return ns / 1e6;
    }
}
