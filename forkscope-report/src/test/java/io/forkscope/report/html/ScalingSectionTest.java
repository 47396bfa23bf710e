package io.forkscope.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.analysis.scaling.RecordedBounds;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.model.Recording;
import io.forkscope.report.plot.ScalingCurves;
import io.forkscope.report.plot.SvgPlot;
import io.forkscope.report.predict.PredictCsv;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingSectionTest {
    static ReportInputs withCurve(List<PredictCsv.PredictedRow> rows) {
        Recording rec = HtmlFixtures.recording(false, false);
        ReportInputs in = HtmlFixtures.inputs(rec);
        RegionScaling whole = new RegionScaling("", RecordedBounds.of(rec).get(""), List.of(), List.of());
        SvgPlot.Chart chart = new SvgPlot.Chart(ScalingCurves.of(whole, 8, rows), "simulated: p.csv");
        return new ReportInputs(in.name(), rec, in.scalability(), List.of(chart), null, null, null, null, List.of(),
                null, null, null, null, null);
    }

    @Test
    void theSimulatedCurveIsDrawnAndListed() throws Exception {
        List<PredictCsv.PredictedRow> rows = List.of(new PredictCsv.PredictedRow(PredictCsv.RECORDED, 1, 35_000, 35_000, 35_000),
                new PredictCsv.PredictedRow(PredictCsv.RECORDED, 4, 35_000, 28_000, 28_000));
        String page = HtmlFixtures.page(withCurve(rows));
        // aligned on P = 1 … 8: a value where P was simulated, null elsewhere
        assertThat(page).contains("\"predicted\":[1,null,null,1.25,null,null,null,null]", "\"predictedBoth\":0");
        assertThat(page).contains("id=\"scaling-0-predicted\"");
        assertThat(page).contains("data-scenario=\"recorded\" data-p=\"4\"",
                "data-key=\"predicted-speedup\" data-value=\"1.25\">1.25<");
        assertThat(page).contains("The purple line is the speedup T1/T_P");
    }

    @Test
    void withoutACurveThereIsNoneOfIt() throws Exception {
        String page = HtmlFixtures.page(withCurve(List.of()));
        assertThat(new ScalingSection().applies(withCurve(List.of()))).isTrue();
        assertThat(page).doesNotContain("\"predicted\"", "scaling-0-predicted", "purple line");
    }
}
