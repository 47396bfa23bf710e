package io.forkscope.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.scaling.RecordedBounds;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.analysis.simulate.DagShape;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.simulate.SimulatedScaling.Point;
import io.forkscope.analysis.simulate.SimulatedScaling.Row;
import io.forkscope.analysis.simulate.SimulatedScaling.Scenario;
import io.forkscope.model.Recording;
import io.forkscope.report.plot.ScalingCurves;
import io.forkscope.report.plot.SvgPlot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A what-if built by hand: the page shows its numbers, the bounds from them, and its Graham anomaly. */
class WhatIfSectionTest {
    /** T_P sequential = malleable (no collapsed node) at P, with work T1 and the rest no-work. */
    static Row row(int p, long tp, long t1) {
        Point q = new Point(p, tp, t1, 0, p * tp - t1, 0, 0);
        return new Row(p, q, q);
    }

    /**
     * As recorded: T1 = 120, T∞ = 60 (parallelism 2); what-if: T1 = 90, T∞ = 30 (parallelism 3).
     * At P = 1, 2, 4: T_P 120, 70, 65 before and 90, 50, 66 after (P = 4 slower: Graham's anomaly).
     * The run: P = 2, elapsed 75.
     */
    static SimulatedScaling simulation() {
        Scenario before = new Scenario(new DagShape(120, 60, 60, 4), List.of(row(1, 120, 120), row(2, 70, 120),
                row(4, 65, 120)));
        Scenario after = new Scenario(new DagShape(90, 30, 30, 4), List.of(row(1, 90, 90), row(2, 50, 90),
                row(4, 66, 90)));
        return new SimulatedScaling(4, 0, 25, 0, before, after,
                List.of(new SimulatedScaling.SiteSpeedup("Q.partition", List.of(0), 2)),
                new SimulatedScaling.Recorded(2, 75, row(2, 70, 120), 0, 0));
    }

    static ReportInputs inputs() {
        Recording rec = HtmlFixtures.recording(true, true);
        ReportInputs in = HtmlFixtures.inputs(rec);
        RegionScaling whole = new RegionScaling("", RecordedBounds.of(rec).get(""), List.of(), List.of());
        SvgPlot.Chart chart = new SvgPlot.Chart(ScalingCurves.of(whole, 4, List.of()), "");
        return new ReportInputs(in.name(), rec, in.scalability(), List.of(chart), null, in.delays(), in.dag(), in.ready(),
                in.profile(), null, in.sitesOnSpan(), in.sitesOnWork(), null, null).withWhatIf(simulation());
    }

    @Test
    void theShapeTheBoundsAndTheSimulatedTimesBeforeAndAfter() throws Exception {
        String page = HtmlFixtures.page(inputs());
        assertThat(page).contains("<section id=\"what-if\"");
        // the shape: as recorded, what-if, change
        assertThat(page).contains("data-scenario=\"recorded\" data-value=\"60\">60<",
                "data-scenario=\"what-if\" data-value=\"30\">30<", ">-50.0%<");
        assertThat(page).contains("data-scenario=\"recorded\" data-value=\"2\">2.00<",
                "data-scenario=\"what-if\" data-value=\"3\">3.00<", ">+50.0%<");
        // per P: min(P, 2) and min(P, 3); T_P; the run's elapsed at its P = 2 only
        assertThat(page).contains("<tr data-p=\"4\"><td class=\"num\">4</td>"
                + "<td class=\"num\" data-key=\"upper\" data-value=\"2\">2.00</td>"
                + "<td class=\"num\" data-key=\"upper-what-if\" data-value=\"3\">3.00</td>"
                + "<td class=\"num\" data-key=\"t-p\" data-value=\"65\">65</td>"
                + "<td class=\"num\" data-key=\"t-p-what-if\" data-value=\"66\">66</td>"
                + "<td class=\"num\">+1.5%</td><td class=\"num\">-</td></tr>");
        assertThat(page).contains("data-key=\"measured\" data-value=\"75\">75<");
        assertThat(page.split("data-key=\"measured\"", -1)).hasSize(2);
        assertThat(page).contains("At P = 4 the simulated T_P grows", "Q.partition 2\u00d7 faster (site 0: ");
        // the chart: the what-if's upper bound min(P, 3) at P = 1 … 4
        assertThat(page).contains("\"whatIfUpper\":[1,2,3,3]", "orange dotted line");
    }

    @Test
    void withoutAWhatIfThereIsNoneOfIt() throws Exception {
        ReportInputs in = inputs().withWhatIf(null);
        assertThat(new WhatIfSection().applies(in)).isFalse();
        assertThat(HtmlFixtures.page(in)).doesNotContain("<section id=\"what-if\"", "\"whatIfUpper\":", "orange dotted");
    }
}
