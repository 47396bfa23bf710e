package io.forkscope.report.html;

import io.forkscope.analysis.delay.ProfileResampling;
import io.forkscope.analysis.delay.ProfileSample;
import io.forkscope.model.dag.EdgeKind;
import java.util.List;
import java.util.Locale;

/**
 * Delay Spotter's parallelism profile, the numbers {@code forkscope profile} draws: over time, the
 * nodes running and the nodes ready by the kind of edge that made them ready, stacked, and the
 * worker count P; resampled to at most {@link ReportInputs#PROFILE_POINTS} time-weighted averages.
 * Selecting a stretch of it zooms the timelines below.
 */
final class ProfileSection implements HtmlSection {
    @Override
    public String id() {
        return "profile";
    }

    @Override
    public String title() {
        return "Parallelism profile";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.hasDag() && !in.profile().isEmpty();
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        List<ProfileSample> samples = in.profile();
        out.element("p", String.format(Locale.ROOT, "Nodes running and ready over the run (ms from its begin), stacked,"
                + " and P = %d workers%s; %d sample(s)%s. Drag across the chart to zoom it and the timelines; double-click"
                + " or Reset to see the whole run.", in.delays().profile().workers(),
                in.delays().profile().segments().stream().mapToInt(x -> x.slots()).distinct().count() > 1
                        ? " (their peak; the slots vary: " + in.delays().slotsText() + ")" : "",
                samples.size(), samples.size() < in.delays().profile().segments().size()
                        ? " (time-weighted averages over equal stretches)" : ""));
        out.open("div", "class", "chart profile-chart", "id", "profile-chart", "role", "img", "aria-label",
                "parallelism profile: its numbers are in the table below it").close("div").newline();
        int n = samples.size() + 1;   // the last sample's end closes the steps
        double[] t = new double[n];
        double[] running = new double[n];
        double[][] ready = new double[EdgeKind.values().length][n];
        double[] notRunning = new double[n];
        double[] forkscope = new double[n];
        long begin = in.dag().begin();
        for (int i = 0; i < n; i++) {
            ProfileSample s = samples.get(Math.min(i, samples.size() - 1));
            t[i] = (i < samples.size() ? s.start() : s.end()) - begin;
            running[i] = s.running();
            for (EdgeKind k : EdgeKind.values()) {
                ready[k.ordinal()][i] = s.ready(k);
            }
            notRunning[i] = s.notRunning();
            forkscope[i] = s.forkscope();
        }
        JsonColumns data = new JsonColumns().number("workers", in.delays().profile().workers())
                .doubles("t", t, 0).doubles("running", running, 3);
        for (EdgeKind k : EdgeKind.values()) {
            data.doubles("ready-" + k.label(), ready[k.ordinal()], 3);
        }
        out.data("profile", data.doubles("notRunning", notRunning, 3).doubles("forkscope", forkscope, 3));
        table(in, out);
    }

    /** The profile's text alternative: its rows at this many equal stretches. */
    static final int TABLE_ROWS = 40;

    /**
     * The chart's numbers as a table: the same time-weighted averages, over {@link #TABLE_ROWS} equal
     * stretches of the run (ProfileResampling, as the chart's {@link ReportInputs#PROFILE_POINTS}).
     */
    private static void table(ReportInputs in, HtmlWriter out) {
        List<ProfileSample> rows = ProfileResampling.resample(in.delays().profile(), TABLE_ROWS);
        long begin = in.dag().begin();
        out.open("details", "class", "as-table").element("summary", "The profile as a table: " + rows.size()
                + " stretches of the run");
        out.open("table", "class", "numbers", "id", "profile-table");
        out.element("caption", "Nodes running and ready, averaged over each stretch (ms from the run's begin)");
        List<String> heads = new java.util.ArrayList<>(List.of("from (ms)", "to (ms)", "running"));
        for (EdgeKind k : EdgeKind.values()) {
            heads.add("ready after " + k.label());
        }
        out.open("thead").row("th", heads.toArray(String[]::new)).close("thead").open("tbody");
        for (ProfileSample r : rows) {
            out.open("tr").element("td", String.format(Locale.ROOT, "%.3f", (r.start() - begin) / 1e6), "class", "num")
                    .element("td", String.format(Locale.ROOT, "%.3f", (r.end() - begin) / 1e6), "class", "num");
            cell(out, "running", r.running());
            for (EdgeKind k : EdgeKind.values()) {
                cell(out, "ready-" + k.label(), r.ready(k));
            }
            out.close("tr").newline();
        }
        out.close("tbody").close("table").close("details").newline();
    }

    private static void cell(HtmlWriter out, String key, double v) {
        out.element("td", String.format(Locale.ROOT, "%.2f", v), "class", "num", "data-key", "profile-" + key,
                "data-value", JsonColumns.number(v, 4));
    }
}
