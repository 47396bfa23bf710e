package io.forkscope.report.plot;

import io.forkscope.analysis.scaling.ScalingPoint;
import io.forkscope.report.bench.ScalingTable;
import io.forkscope.report.predict.PredictCsv;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.text.DecimalFormat;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * One chart of Cilkview's Fig. 2 as a JFreeChart: speedup against the worker count P, with the
 * work-law line (slope 1), the span-law line (the parallelism), the burdened lower-bound curve, and
 * the measured speedups as points (the median) with bars (fastest and slowest trial), and the speedups
 * simulated by {@code forkscope predict} as lines (both replays of collapsed nodes when they differ; a
 * what-if dashed).
 */
public final class ScalingChart {
    /** The colour of each line; the SVG's strokes carry them, so readers can tell the lines apart. */
    public static final Color WORK_LAW = new Color(127, 127, 127);
    public static final Color SPAN_LAW = new Color(31, 119, 180);
    public static final Color LOWER_BOUND = new Color(214, 39, 40);
    public static final Color MEASURED = new Color(0, 0, 0);
    /** The simulated speedups of forkscope predict (collapsed nodes sequential; malleable a lighter shade). */
    public static final Color SIMULATED = new Color(44, 160, 44);
    public static final Color SIMULATED_MALLEABLE = new Color(152, 223, 138);
    /** The simulated what-if. */
    public static final Color WHAT_IF = new Color(148, 103, 189);

    /** Index of the bound lines' dataset, and of each line in it. */
    static final int LINES = 0;
    static final int MEASURED_POINTS = 1;

    private ScalingChart() {}

    /**
     * @param curves what to draw
     * @param note   lines under the title (where the numbers came from; a warning line), or null
     */
    /** How a note line flagging noisy trials starts; such a line is drawn in red. */
    public static final String NOISY_PREFIX = "NOISY:";

    public static JFreeChart create(ScalingCurves curves, String note) {
        XYSeriesCollection lines = new XYSeriesCollection();
        XYLineAndShapeRenderer lineRenderer = new XYLineAndShapeRenderer(true, false);
        lineRenderer.setDrawSeriesLineAsPath(true);
        int series = 0;
        if (!curves.bounds().isEmpty()) {
            XYSeries work = new XYSeries("Work law: speedup ≤ P", false, true);
            if (curves.logAxis()) {        // a curve on a log x axis: a point at every P
                for (int p = 1; p <= curves.maxP(); p++) {
                    work.add(p, p);
                }
            } else {
                work.add(0, 0);
                work.add(curves.maxP(), curves.maxP());
            }
            XYSeries span = new XYSeries(String.format(Locale.ROOT, "Span law: parallelism T1/T∞ = %.2f%s",
                    curves.parallelism(), curves.parallelism() > curves.yMax() ? " (above the chart)" : ""), false, true);
            span.add(curves.logAxis() ? 1 : 0, curves.parallelism());
            span.add(curves.maxP(), curves.parallelism());
            XYSeries lower = new XYSeries("Burdened lower bound: T1/(T1/P + 1.7·bT∞)", false, true);
            for (ScalingCurves.BoundsRow row : curves.bounds()) {
                lower.add(row.p(), row.lower());
            }
            lines.addSeries(work);
            lines.addSeries(span);
            lines.addSeries(lower);
            style(lineRenderer, series++, WORK_LAW, dashed(1.5f));
            style(lineRenderer, series++, SPAN_LAW, dashed(1.5f));
            style(lineRenderer, series++, LOWER_BOUND, new BasicStroke(2f));
        }
        boolean both = curves.predictedModesDiffer();
        for (String scenario : List.of(PredictCsv.RECORDED, PredictCsv.WHAT_IF)) {
            List<PredictCsv.PredictedRow> rows = curves.predicted(scenario);
            if (rows.isEmpty()) {
                continue;
            }
            boolean whatIf = scenario.equals(PredictCsv.WHAT_IF);
            String name = whatIf ? "Simulated what-if T1/T_P" : "Simulated T1/T_P (forkscope predict)";
            XYSeries seq = new XYSeries(name + (both ? ", collapsed nodes sequential" : ""), false, true);
            XYSeries mall = new XYSeries(name + ", collapsed nodes malleable", false, true);
            for (PredictCsv.PredictedRow r : rows) {
                seq.add(r.p(), r.sequentialSpeedup());
                mall.add(r.p(), r.malleableSpeedup());
            }
            lines.addSeries(seq);
            style(lineRenderer, series++, whatIf ? WHAT_IF : SIMULATED, whatIf ? dashed(2f) : new BasicStroke(2f));
            if (both) {
                lines.addSeries(mall);
                style(lineRenderer, series++, whatIf ? WHAT_IF : SIMULATED_MALLEABLE, dashed(1.5f));
            }
        }

        YIntervalSeriesCollection points = new YIntervalSeriesCollection();
        YIntervalSeries measured = new YIntervalSeries("Measured speedup: median of trials, bar from slowest to fastest");
        YIntervalSeries crowded = new YIntervalSeries("Measured with more workers than cores (not judged)");
        for (ScalingPoint p : curves.measured()) {
            (p.p() > p.cpus() ? crowded : measured).add(p.p(), p.speedup().median(), p.speedup().min(),
                    p.speedup().max());
        }
        for (YIntervalSeries s : List.of(measured, crowded)) {
            if (s.getItemCount() > 0) {
                points.addSeries(s);
            }
        }
        XYErrorRenderer pointRenderer = new XYErrorRenderer();
        pointRenderer.setDefaultLinesVisible(false);
        pointRenderer.setDefaultShapesVisible(true);
        pointRenderer.setDrawXError(false);
        pointRenderer.setErrorPaint(MEASURED);
        pointRenderer.setErrorStroke(new BasicStroke(1.2f));
        pointRenderer.setCapLength(6);
        Shape dot = new Ellipse2D.Double(-4, -4, 8, 8);
        for (int i = 0; i < points.getSeriesCount(); i++) {
            boolean judged = points.getSeriesKey(i).equals(measured.getKey());
            pointRenderer.setSeriesShape(i, dot);
            pointRenderer.setSeriesPaint(i, MEASURED);
            pointRenderer.setSeriesShapesFilled(i, judged);
        }
        pointRenderer.setUseOutlinePaint(false);

        ValueAxis x;
        if (curves.logAxis()) {
            LogAxis log = new LogAxis("Workers P (log scale)");
            log.setBase(2);
            log.setTickUnit(new NumberTickUnit(1));              // a tick at every power of 2
            log.setNumberFormatOverride(new DecimalFormat("0"));
            log.setMinorTickMarksVisible(false);
            log.setRange(1, curves.maxP());
            x = log;
        } else {
            NumberAxis linear = new NumberAxis("Workers P");
            linear.setRange(0, curves.maxP());
            linear.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            x = linear;
        }
        NumberAxis y = new NumberAxis("Speedup T1/TP");
        y.setRange(0, curves.yMax());

        XYPlot plot = new XYPlot();
        plot.setDomainAxis(x);
        plot.setRangeAxis(y);
        plot.setDataset(LINES, lines);
        plot.setRenderer(LINES, lineRenderer);
        plot.setDataset(MEASURED_POINTS, points);
        plot.setRenderer(MEASURED_POINTS, pointRenderer);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(220, 220, 220));
        plot.setRangeGridlinePaint(new Color(220, 220, 220));
        plot.setOutlinePaint(Color.GRAY);

        String title = "Scalability of " + (curves.region().isEmpty() ? "the whole run" : ScalingTable.sectionName(curves.region()));
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        if (note != null && !note.isEmpty()) {
            for (String line : note.split("\n")) {   // one subtitle per line; a warning ("NOISY: ...") in red
                TextTitle t = new TextTitle(line, new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                if (line.startsWith(NOISY_PREFIX)) {
                    t.setPaint(new Color(170, 0, 0));
                }
                chart.addSubtitle(t);
            }
        }
        chart.setAntiAlias(true);
        return chart;
    }

    private static void style(XYLineAndShapeRenderer r, int series, Color color, BasicStroke stroke) {
        r.setSeriesPaint(series, color);
        r.setSeriesStroke(series, stroke);
    }

    private static BasicStroke dashed(float width) {
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    }
}
