package io.forkscope.report.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.analysis.scaling.RegionScaling;
import java.awt.Color;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * Reads the drawn lines back out of the SVG: each chart's group says where its axes are, the lines'
 * paths are told apart by their stroke colour, and their points, mapped back through the axes,
 * must be the bounds computed by hand.
 */
class SvgPlotTest {
    @BeforeAll
    static void headless() {
        SvgPlot.headless();
    }

    @Test
    void theDrawnCurvesHaveTheRightValuesAtChosenP() throws Exception {
        RegionScaling other = new RegionScaling("other & <more>", PlotFixture.BOUNDS, List.of(), List.of());
        StringWriter svg = new StringWriter();
        SvgPlot.write(List.of(new SvgPlot.Chart(ScalingCurves.of(PlotFixture.section(), 16), "bounds from x.fsk"),
                new SvgPlot.Chart(ScalingCurves.of(other, 64), null)), svg);
        Document doc = parse(svg.toString());
        Element chart = chart(doc, "chart-1");
        assertThat(chart.getAttribute("data-region")).isEqualTo("sort");
        Axis x = Axis.of(chart.getAttribute("data-x-axis"));
        Axis y = Axis.of(chart.getAttribute("data-y-axis"));
        assertThat(x.v0).isEqualTo(0);
        assertThat(x.v1).isEqualTo(16);

        List<double[]> lower = line(chart, ScalingChart.LOWER_BOUND, x, y);
        assertThat(lower).hasSize(16);
        assertThat(at(lower, 4)).isCloseTo(PlotFixture.LOWER_4, within(0.01));
        assertThat(at(lower, 16)).isCloseTo(PlotFixture.LOWER_16, within(0.01));
        assertThat(at(lower, 1)).isCloseTo(1e6 / (1e6 + 34_000), within(0.01));

        List<double[]> work = line(chart, ScalingChart.WORK_LAW, x, y);
        assertThat(work).hasSize(2);
        double slope = (work.get(1)[1] - work.get(0)[1]) / (work.get(1)[0] - work.get(0)[0]);
        assertThat(slope).isCloseTo(1.0, within(0.001));
        assertThat(work.get(0)[1]).isCloseTo(0, within(0.01));

        List<double[]> span = line(chart, ScalingChart.SPAN_LAW, x, y);
        assertThat(span).hasSize(2);
        assertThat(span.get(0)[1]).isCloseTo(100, within(0.05));
        assertThat(span.get(1)[1]).isCloseTo(100, within(0.05));

        assertThat(svg.toString()).contains("Span law: parallelism T1/T\u221e = 100.00 (above the chart)",
                "Measured speedup", "Scalability of &quot;sort&quot;", "bounds from x.fsk");

        Element second = chart(doc, "chart-2");
        assertThat(second.getAttribute("data-region")).isEqualTo("other & <more>");
        Axis x2 = Axis.of(second.getAttribute("data-x-axis"));
        // above P = 16 the x axis is log 2, from 1: the work law is a curve through (P, P)
        assertThat(x2.log2).isTrue();
        assertThat(x.log2).isFalse();
        assertThat(x2.v0).isEqualTo(1);
        assertThat(x2.v1).isEqualTo(64);
        Axis y2 = Axis.of(second.getAttribute("data-y-axis"));
        for (double[] point : line(second, ScalingChart.WORK_LAW, x2, y2)) {
            assertThat(point[1]).as("work law at P = %s", point[0]).isCloseTo(point[0], within(0.05 * point[0] + 0.05));
        }
        assertThat(at(line(second, ScalingChart.LOWER_BOUND, x2, Axis.of(second.getAttribute("data-y-axis"))), 16))
                .isCloseTo(PlotFixture.LOWER_16, within(0.02));
    }

    /** An axis: pixels p0, p1 show values v0, v1, linearly or (log2) by their base-2 logarithm. */
    record Axis(double p0, double p1, double v0, double v1, boolean log2) {
        static Axis of(String attribute) {
            String[] f = attribute.trim().split(" ");
            return new Axis(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]), f.length > 4 && f[4].equals("log2"));
        }

        double value(double pixel) {
            double t = (pixel - p0) / (p1 - p0);
            return log2 ? Math.pow(2, log(v0) + t * (log(v1) - log(v0))) : v0 + t * (v1 - v0);
        }

        private static double log(double v) {
            return Math.log(v) / Math.log(2);
        }
    }

    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
    }

    static Element chart(Document doc, String id) {
        NodeList groups = doc.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (id.equals(g.getAttribute("id"))) {
                return g;
            }
        }
        throw new AssertionError("no group " + id);
    }

    /**
     * @return the data points of the line drawn in {@code color} (the longest such path: the legend's
     *     swatch is a two-point path too, but a short one)
     */
    static List<double[]> line(Element chart, Color color, Axis x, Axis y) {
        String stroke = String.format(Locale.ROOT, "stroke:rgb(%d,%d,%d)", color.getRed(), color.getGreen(), color.getBlue());
        NodeList paths = chart.getElementsByTagName("path");
        List<double[]> best = List.of();
        double bestLength = -1;
        for (int i = 0; i < paths.getLength(); i++) {
            Element path = (Element) paths.item(i);
            Element parent = (Element) path.getParentNode();
            if (!parent.getAttribute("style").replace(" ", "").contains(stroke)) {
                continue;
            }
            List<double[]> pixels = points(path.getAttribute("d"));
            double length = Math.abs(pixels.get(pixels.size() - 1)[0] - pixels.get(0)[0]);
            if (length > bestLength) {
                bestLength = length;
                best = pixels;
            }
        }
        List<double[]> data = new ArrayList<>();
        for (double[] p : best) {
            data.add(new double[] {x.value(p[0]), y.value(p[1])});
        }
        return data;
    }

    static List<double[]> points(String d) {
        List<double[]> out = new ArrayList<>();
        for (String part : d.trim().split("[ML]")) {
            if (part.isBlank()) {
                continue;
            }
            String[] xy = part.trim().split("[ ,]+");
            out.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
        }
        return out;
    }

    static double at(List<double[]> line, int p) {
        for (double[] point : line) {
            if (Math.abs(point[0] - p) < 0.01) {
                return point[1];
            }
        }
        throw new AssertionError("the line has no point at P = " + p);
    }
}
