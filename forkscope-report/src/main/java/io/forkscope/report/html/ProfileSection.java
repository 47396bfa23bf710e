package io.forkscope.report.html;

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
                "parallelism profile: the totals are in the delays tables").close("div").newline();
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
    }
}
