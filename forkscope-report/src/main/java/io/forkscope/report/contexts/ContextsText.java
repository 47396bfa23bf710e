package io.forkscope.report.contexts;

import io.forkscope.analysis.contexts.Advisor;
import io.forkscope.analysis.contexts.ContextProfile;
import io.forkscope.analysis.contexts.ContextViews;
import io.forkscope.analysis.contexts.Metric;
import io.forkscope.model.contexts.ContextTree;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * A context tree as text (top-down, or bottom-up over the reversed tree): per node, inclusive and
 * exclusive effort as % of the total effort, then inclusive work, idleness and overhead in ms with
 * their shares of each metric's total, indented by depth; then Table 1's advice on the hotspots.
 */
public final class ContextsText {
    private ContextsText() {}

    public static void write(ContextProfile profile, double minPercent, int hotspots, PrintWriter out) {
        write(profile, minPercent, hotspots, null, out);
    }

    /**
     * @param samplesPerNode each node's own sample count when the profile is made of sample counts (the
     *                       physical view), else null: hotspots on fewer than {@link Advisor#minSamples}
     *                       samples get no advice
     */
    public static void write(ContextProfile profile, double minPercent, int hotspots, long[] samplesPerNode,
                             PrintWriter out) {
        out.printf(Locale.ROOT, "%7s %7s %10s %6s %10s %6s %10s %6s  %s%n", "effort%", "self%", "work ms", "%",
                "idle ms", "%", "ovhd ms", "%", "context");
        for (ContextViews.TreeRow row : ContextViews.topDown(profile, minPercent)) {
            int n = row.node();
            String name = n == ContextTree.ROOT ? "<all>" : row.frame().label();
            out.printf(Locale.ROOT, "%7.2f %7.2f %10.3f %6.2f %10.3f %6.2f %10.3f %6.2f  %s%s%n",
                    profile.percentOfEffort(profile.inclusive(Metric.EFFORT, n)),
                    profile.percentOfEffort(profile.exclusive(Metric.EFFORT, n)),
                    ms(profile.inclusive(Metric.WORK, n)), profile.percentOfTotal(Metric.WORK, profile.inclusive(Metric.WORK, n)),
                    ms(profile.inclusive(Metric.IDLENESS, n)), profile.percentOfTotal(Metric.IDLENESS, profile.inclusive(Metric.IDLENESS, n)),
                    ms(profile.inclusive(Metric.OVERHEAD, n)), profile.percentOfTotal(Metric.OVERHEAD, profile.inclusive(Metric.OVERHEAD, n)),
                    "  ".repeat(row.depth()), name);
        }
        if (minPercent > 0) {
            out.printf(Locale.ROOT, "(contexts under %.1f%% of the effort left out)%n", minPercent);
        }
        advice(profile, hotspots, samplesPerNode, out);
    }

    /** Table 1 on the contexts with the most exclusive idleness + overhead. */
    static void advice(ContextProfile profile, int hotspots, long[] samplesPerNode, PrintWriter out) {
        List<Advisor.Advised> advised = Advisor.DEFAULT.hotspots(profile, hotspots, samplesPerNode);
        if (advised.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "%nwhere the cores wait (idleness >= %.0f%%, overhead >= %.0f%% of a context's own effort is high):%n",
                100 * Advisor.DEFAULT.idlenessThreshold(), 100 * Advisor.DEFAULT.overheadThreshold());
        if (advised.stream().noneMatch(Advisor.Advised::advised)) {
            out.printf(Locale.ROOT, "  no advice: every context below rests on fewer than %d samples, too few to tell its"
                    + " shares from the thresholds (%s)%n", Advisor.DEFAULT.minSamples(), MIN_SAMPLES_WHY);
        }
        for (Advisor.Advised a : advised) {
            String line = String.format(Locale.ROOT, "  %s: idleness %.1f%%, overhead %.1f%%%s%s -> %s", label(profile.tree(), a.node()),
                    100 * a.idlenessShare(), 100 * a.overheadShare(),
                    a.forkscopeShare() > 0 ? String.format(Locale.ROOT, " (%.1f%% in forkscope's own code)",
                            100 * a.forkscopeShare()) : "",
                    a.samples() >= 0 ? " from " + a.samples() + " samples" : "",
                    a.advised() ? a.advice().text() + (a.highOnlyWithForkscope() ? OVERHEAD_IS_FORKSCOPES : "")
                            : "no advice (fewer than " + Advisor.DEFAULT.minSamples() + " samples)");
            io.forkscope.report.TextWrap.wrap(line, io.forkscope.report.TextWrap.WIDTH, "      ").forEach(out::println);
        }
    }

    /** After the advice of a context whose overhead is high only with forkscope's own cost in it. */
    public static final String OVERHEAD_IS_FORKSCOPES = " (its overhead is high only with forkscope's own recording cost"
            + " in it, which is not the program's grain; --contexts physical records with less of it)";

    /** Why a context needs {@link Advisor#MIN_SAMPLES} samples, in one clause. */
    static final String MIN_SAMPLES_WHY = "from " + Advisor.MIN_SAMPLES + " samples on, a share at the 10% overhead"
            + " threshold is known within +-5% at 95% confidence";

    /**
     * A node's frame with its caller's (a method appears under many callers): {@code caller > frame};
     * inside direct recursion, where the caller is the same method, the first caller that is not and
     * the frame's level in the recursion: {@code caller > frame (recursion level k)}.
     */
    public static String label(ContextTree tree, int node) {
        if (node == ContextTree.ROOT) {
            return "<outside any task>";
        }
        String own = tree.frame(node).label();
        int level = 1;
        int caller = tree.parent(node);
        while (caller != ContextTree.ROOT && tree.frame(caller).label().equals(own)) {
            level++;
            caller = tree.parent(caller);
        }
        String prefix = caller == ContextTree.ROOT ? "" : tree.frame(caller).label() + " > ";
        return level == 1 ? prefix + own : prefix + own + " (recursion level " + level + ")";
    }

    static double ms(double ns) {
        return ns / 1e6;
    }
}
