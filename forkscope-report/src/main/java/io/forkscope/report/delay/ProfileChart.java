package io.forkscope.report.delay;

import io.forkscope.analysis.delay.ProfileSample;
import io.forkscope.model.dag.EdgeKind;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYAreaRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * Delay Spotter's parallelism profile as an SVG chart: the number of running nodes as an area, the
 * ready nodes by the kind of edge that made them ready stacked on it, then the nodes whose thread
 * was not running (the machine's) and forkscope's share (workers in its hooks, nodes held by one),
 * and the worker count P as a line; x is milliseconds since the run's begin. Steps are drawn as they are (each sample a flat
 * stretch), so the areas are worker-time. Call {@code SvgPlot.headless()} before drawing.
 */
public final class ProfileChart {
    public static final int WIDTH = 1000;
    public static final int HEIGHT = 520;
    public static final Color RUNNING = new Color(44, 160, 44);
    /** Ready after create, create-cont, wait-cont, end edges. */
    public static final Color[] READY = {new Color(31, 119, 180), new Color(174, 199, 232), new Color(255, 127, 14),
        new Color(214, 39, 40)};
    public static final Color WORKERS = Color.BLACK;
    public static final Color NOT_RUNNING = new Color(160, 160, 160);
    public static final Color FORKSCOPE = new Color(148, 103, 189);
    /** Stacked bands: running, ready by edge kind, not running, forkscope. */
    public static final int BANDS = 3 + EdgeKind.values().length;

    private ProfileChart() {}

    /** The series names, in legend order (running first, then ready by edge kind, not running, forkscope). */
    public static String seriesName(int index) {
        int kinds = EdgeKind.values().length;
        return index == 0 ? "running" : index <= kinds ? "ready (" + EdgeKind.values()[index - 1].label() + ")"
                : index == kinds + 1 ? "not running" : "forkscope (hooks, held nodes)";
    }

    /** The colour of band {@code index} (see {@link #seriesName}). */
    public static Color color(int index) {
        int kinds = EdgeKind.values().length;
        return index == 0 ? RUNNING : index <= kinds ? READY[index - 1] : index == kinds + 1 ? NOT_RUNNING : FORKSCOPE;
    }

    /** A sample's band heights, in {@link #seriesName} order. */
    public static double[] bands(ProfileSample s) {
        int kinds = EdgeKind.values().length;
        double[] b = new double[BANDS];
        b[0] = s.running();
        System.arraycopy(s.readyByKind(), 0, b, 1, kinds);
        b[kinds + 1] = s.notRunning();
        b[kinds + 2] = s.forkscope();
        return b;
    }

    /**
     * @param samples the (resampled) profile
     * @param begin   the run's begin (ns), x = 0
     * @param workers P
     */
    public static JFreeChart create(List<ProfileSample> samples, long begin, int workers, String title, String note) {
        XYSeriesCollection areas = new XYSeriesCollection();
        boolean extra = samples.stream().anyMatch(s -> s.notRunning() > 0 || s.forkscope() > 0);
        XYSeries[] series = new XYSeries[extra ? BANDS : BANDS - 2];   // older recordings: no empty bands
        for (int i = 0; i < series.length; i++) {
            series[i] = new XYSeries(seriesName(i), false, true);
        }
        double lastX = 0;
        for (ProfileSample s : samples) {
            double x0 = (s.start() - begin) / 1e6;
            double x1 = (s.end() - begin) / 1e6;
            double[] bands = bands(s);
            double level = 0;
            for (int i = 0; i < series.length; i++) {
                level += bands[i];
                series[i].add(x0, level);
                series[i].add(x1, level);
            }
            lastX = x1;
        }
        XYAreaRenderer area = new XYAreaRenderer(XYAreaRenderer.AREA);
        for (int i = 0; i < series.length; i++) {
            areas.addSeries(series[i]);
            area.setSeriesPaint(i, color(i));
        }
        area.setOutline(false);

        XYSeriesCollection line = new XYSeriesCollection();
        XYSeries p = new XYSeries(String.format(Locale.ROOT, "workers P = %d", workers), false, true);
        p.add(0, workers);
        p.add(lastX, workers);
        line.addSeries(p);
        XYLineAndShapeRenderer lineRenderer = new XYLineAndShapeRenderer(true, false);
        lineRenderer.setSeriesPaint(0, WORKERS);
        lineRenderer.setSeriesStroke(0, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {6f, 4f}, 0f));

        NumberAxis x = new NumberAxis("Time since the run's begin (ms)");
        x.setAutoRangeIncludesZero(true);
        NumberAxis y = new NumberAxis("Nodes running, and ready stacked on them");
        y.setAutoRangeIncludesZero(true);
        XYPlot plot = new XYPlot();
        plot.setDomainAxis(x);
        plot.setRangeAxis(y);
        plot.setDataset(0, line);
        plot.setRenderer(0, lineRenderer);
        plot.setDataset(1, areas);
        plot.setRenderer(1, area);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(220, 220, 220));
        plot.setRangeGridlinePaint(new Color(220, 220, 220));
        plot.setOutlinePaint(Color.GRAY);
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        if (note != null && !note.isEmpty()) {
            chart.addSubtitle(new TextTitle(note, new Font(Font.SANS_SERIF, Font.PLAIN, 11)));
        }
        return chart;
    }

    public static void write(List<ProfileSample> samples, long begin, int workers, String title, String note, Writer out)
            throws IOException {
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        create(samples, begin, workers, title, note).draw(g2, new Rectangle2D.Double(0, 0, WIDTH, HEIGHT));
        out.write(g2.getSVGDocument());
        out.write('\n');
        out.flush();
    }
}
