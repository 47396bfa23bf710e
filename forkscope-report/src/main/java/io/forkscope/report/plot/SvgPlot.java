package io.forkscope.report.plot;

import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;

/**
 * Writes charts of Cilkview's Fig. 2 as one SVG document, one chart per section, stacked. Drawing
 * needs no display (JFreeChart draws into JFreeSVG's Graphics2D; call {@link #headless} first).
 *
 * <p>Each chart is an SVG group {@code <g id="chart-N">} (N from 1) with attributes that let a
 * program read values back from the drawing: {@code data-region} (the label, "" for the whole run),
 * and {@code data-x-axis} / {@code data-y-axis}, each "pixel0 pixel1 value0 value1" (and " log2" when
 * the values between are spaced by their base-2 logarithm, the x axis above P = 16): the data
 * area's left and right (bottom and top) edges in SVG coordinates and the axis values there. The
 * bound lines are single paths whose stroke is the colour of {@link ScalingChart}.
 */
public final class SvgPlot {
    public static final int WIDTH = 820;
    public static final int HEIGHT = 560;

    /** One chart and its note. */
    public record Chart(ScalingCurves curves, String note) {}

    private SvgPlot() {}

    /** Makes AWT work without a display; must run before any AWT class initialises. */
    public static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    public static void write(List<Chart> charts, Writer out) throws IOException {
        if (charts.isEmpty()) {
            throw new IllegalArgumentException("no chart to draw");
        }
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, (double) HEIGHT * charts.size());
        for (int i = 0; i < charts.size(); i++) {
            Chart c = charts.get(i);
            Rectangle2D area = new Rectangle2D.Double(0, (double) i * HEIGHT, WIDTH, HEIGHT);
            // a dry run finds where the axes fall, so that the group can say so before the drawing
            ChartRenderingInfo info = new ChartRenderingInfo();
            JFreeChart chart = ScalingChart.create(c.curves(), c.note());
            chart.draw(new SVGGraphics2D(WIDTH, (double) HEIGHT * charts.size()), area, info);
            Map<String, String> group = new LinkedHashMap<>();
            group.put("id", "chart-" + (i + 1));
            group.put("data-region", c.curves().region());
            Rectangle2D data = info.getPlotInfo().getDataArea();
            XYPlot plot = chart.getXYPlot();
            group.put("data-x-axis", axis(plot.getDomainAxis(), data.getMinX(), data.getMaxX()));
            group.put("data-y-axis", axis(plot.getRangeAxis(), data.getMaxY(), data.getMinY()));
            g2.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, group);
            ScalingChart.create(c.curves(), c.note()).draw(g2, area);
            g2.setRenderingHint(SVGHints.KEY_END_GROUP, "chart-" + (i + 1));
        }
        out.write(g2.getSVGDocument());
        out.write('\n');
        out.flush();
    }

    private static String axis(ValueAxis axis, double from, double to) {
        String text = String.format(Locale.ROOT, "%.4f %.4f %s %s", from, to, plain(axis.getLowerBound()),
                plain(axis.getUpperBound()));
        return axis instanceof org.jfree.chart.axis.LogAxis ? text + " log2" : text;
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
