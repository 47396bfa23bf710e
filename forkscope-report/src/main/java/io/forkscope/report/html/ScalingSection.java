package io.forkscope.report.html;

import io.forkscope.analysis.scaling.ScalingPoint;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.report.Numbers;
import io.forkscope.report.bench.ScalingTable;
import io.forkscope.report.plot.ScalingCurves;
import io.forkscope.report.plot.SvgPlot;
import io.forkscope.report.predict.PredictCsv;
import java.util.List;
import java.util.Locale;

/**
 * Cilkview's speedup-bounds chart, one per section, from the numbers {@code forkscope plot} draws
 * ({@link ScalingCurves}): the work law, the span law, the upper bound and the burdened lower bound
 * for P = 1 … maxP, the speedups measured by {@code forkscope bench} with their spread and the
 * speedups {@code forkscope predict} simulated, these two also as tables.
 */
final class ScalingSection implements HtmlSection {
    @Override
    public String id() {
        return "scaling";
    }

    @Override
    public String title() {
        return "Speedup bounds";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return !in.scaling().isEmpty();
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        out.element("p", "Speedup against the worker count P: the work law (speedup at most P), the span law (at most"
                + " the parallelism T1/T\u221e), the upper bound (the smaller of the two) and the burdened lower bound"
                + " T1 / (T1/P + 1.7 \u00b7 burdened span)" + (in.benchName() == null
                ? "; measure speedups with forkscope bench and pass --bench to see them here."
                : "; the points are the speedups measured in " + in.benchName() + ", the whiskers their spread.")
                + (in.scaling().stream().anyMatch(c -> !c.curves().predicted().isEmpty())
                ? " The purple line is the speedup T1/T_P that forkscope predict simulated on the recorded DAG"
                        + " (dashed: collapsed nodes divisible, where that differs; the what-if scenario in orange)." : "")
                + (in.whatIf() != null ? " The orange dotted line is the what-if DAG's upper bound, min(P, T1/T\u221e)"
                        + " with its own work and span: see the what-if below." : ""));
        List<SvgPlot.Chart> charts = in.scaling();
        for (int i = 0; i < charts.size(); i++) {
            ScalingCurves c = charts.get(i).curves();
            String id = "scaling-" + i;
            out.open("figure", "class", "chart-figure");
            out.open("div", "class", "chart scaling-chart", "id", id, "data-source", id, "role", "img", "aria-label",
                    "speedup bounds of " + ScalingTable.sectionName(c.region()) + ": the numbers are in the tables below it")
                    .close("div");
            out.element("figcaption", ScalingTable.sectionName(c.region()) + (charts.get(i).note().isEmpty() ? ""
                    : ": " + charts.get(i).note()));
            out.close("figure").newline();
            out.data(id, data(c, in.whatIf()));
            bounds(out, c, id);
            if (!c.measured().isEmpty()) {
                measured(out, c, id);
            }
            if (!c.predicted().isEmpty()) {
                predicted(out, c, id);
            }
        }
    }

    /** The chart's columns, aligned on P = 1 … maxP; measured values are null where P was not benchmarked. */
    private static JsonColumns data(ScalingCurves c, SimulatedScaling simulation) {
        int n = c.maxP();
        double[] p = new double[n];
        double[] work = new double[n];
        double[] span = new double[n];
        double[] lower = new double[n];
        double[] upper = new double[n];
        double[] median = new double[n];
        double[] min = new double[n];
        double[] max = new double[n];
        java.util.Arrays.fill(median, Double.NaN);
        java.util.Arrays.fill(min, Double.NaN);
        java.util.Arrays.fill(max, Double.NaN);
        for (int i = 0; i < n; i++) {
            p[i] = i + 1;
            boolean bounds = !c.bounds().isEmpty();
            work[i] = bounds ? c.at(i + 1).workLaw() : Double.NaN;
            span[i] = bounds ? c.at(i + 1).spanLaw() : Double.NaN;
            lower[i] = bounds ? c.at(i + 1).lower() : Double.NaN;
            upper[i] = bounds ? c.at(i + 1).upper() : Double.NaN;
        }
        for (ScalingPoint m : c.measured()) {
            if (m.p() >= 1 && m.p() <= n) {
                median[m.p() - 1] = m.speedup().median();
                min[m.p() - 1] = m.speedup().min();
                max[m.p() - 1] = m.speedup().max();
            }
        }
        double[] sim = nan(n);
        double[] simMalleable = nan(n);
        double[] whatIf = nan(n);
        double[] whatIfMalleable = nan(n);
        for (PredictCsv.PredictedRow r : c.predicted()) {
            boolean recorded = r.scenario().equals(PredictCsv.RECORDED);
            (recorded ? sim : whatIf)[r.p() - 1] = r.sequentialSpeedup();
            (recorded ? simMalleable : whatIfMalleable)[r.p() - 1] = r.malleableSpeedup();
        }
        JsonColumns json = new JsonColumns();
        if (simulation != null && c.region().isEmpty()) {   // the what-if DAG's upper bound, min(P, T1/T∞)
            double parallelism = simulation.whatIf().shape().parallelism();
            double[] upperWhatIf = new double[n];
            for (int i = 0; i < n; i++) {
                upperWhatIf[i] = Math.min(i + 1, parallelism);
            }
            json.doubles("whatIfUpper", upperWhatIf, 4);
        }
        if (!c.predicted().isEmpty()) {
            json.number("predictedBoth", c.predictedModesDiffer() ? 1 : 0).doubles("predicted", sim, 4)
                    .doubles("predictedMalleable", simMalleable, 4).doubles("whatIf", whatIf, 4)
                    .doubles("whatIfMalleable", whatIfMalleable, 4);
        }
        return json.string("region", c.region()).number("yMax", c.yMax())
                .number("log", c.logAxis() ? 1 : 0).doubles("p", p, 0).doubles("work", work, 4)
                .doubles("span", span, 4).doubles("lower", lower, 4).doubles("upper", upper, 4)
                .doubles("median", median, 4).doubles("min", min, 4).doubles("max", max, 4);
    }

    /** The chart's bounds as a table (its text alternative), at P = 1, 2, 4 … and maxP. */
    private static void bounds(HtmlWriter out, ScalingCurves c, String id) {
        if (c.bounds().isEmpty()) {
            return;
        }
        out.open("details", "class", "as-table").element("summary", "The bounds as a table");
        out.open("table", "class", "numbers", "id", id + "-bounds");
        out.element("caption", "Speedup bounds of " + ScalingTable.sectionName(c.region()));
        out.open("thead").row("th", "P", "work law", "span law", "upper bound", "burdened lower bound").close("thead")
                .open("tbody");
        java.util.TreeSet<Integer> ps = new java.util.TreeSet<>();
        for (int p = 1; p <= c.maxP(); p *= 2) {
            ps.add(p);
        }
        ps.add(c.maxP());
        for (int p : ps) {
            ScalingCurves.BoundsRow r = c.at(p);
            out.open("tr", "data-p", Integer.toString(p)).element("td", Integer.toString(p), "class", "num");
            bound(out, "work-law", r.workLaw());
            bound(out, "span-law", r.spanLaw());
            bound(out, "upper", r.upper());
            bound(out, "lower", r.lower());
            out.close("tr").newline();
        }
        out.close("tbody").close("table").close("details").newline();
    }

    private static void bound(HtmlWriter out, String key, double x) {
        out.element("td", Numbers.fixed2(x), "class", "num", "data-key", "bound-" + key, "data-value",
                JsonColumns.number(x, 6));
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }

    /** The simulated rows of {@code forkscope predict --csv}, as the chart draws them. */
    private static void predicted(HtmlWriter out, ScalingCurves c, String id) {
        out.open("table", "class", "numbers", "id", id + "-predicted");
        out.element("caption", "Simulated speedups (forkscope predict) of " + ScalingTable.sectionName(c.region()));
        out.open("thead").row("th", "scenario", "P", "T1 (ns)", "T_P, collapsed nodes sequential (ns)", "T1/T_P",
                "T_P, collapsed nodes malleable (ns)", "T1/T_P").close("thead").open("tbody");
        for (PredictCsv.PredictedRow r : c.predicted()) {
            out.open("tr", "data-scenario", r.scenario(), "data-p", Integer.toString(r.p()))
                    .element("td", r.scenario()).element("td", Integer.toString(r.p()), "class", "num")
                    .element("td", Numbers.grouped(r.t1()), "class", "num")
                    .element("td", Numbers.grouped(r.sequential()), "class", "num")
                    .element("td", Numbers.fixed2(r.sequentialSpeedup()), "class", "num", "data-key", "predicted-speedup",
                            "data-value", JsonColumns.number(r.sequentialSpeedup(), 6))
                    .element("td", Numbers.grouped(r.malleable()), "class", "num")
                    .element("td", Numbers.fixed2(r.malleableSpeedup()), "class", "num", "data-value",
                            JsonColumns.number(r.malleableSpeedup(), 6)).close("tr").newline();
        }
        out.close("tbody").close("table").newline();
    }

    private static void measured(HtmlWriter out, ScalingCurves c, String id) {
        out.open("table", "class", "numbers", "id", id + "-measured");
        out.element("caption", "Measured speedups of " + ScalingTable.sectionName(c.region()));
        out.open("thead").row("th", "P", "median time (ns)", "speedup", "slowest trial", "fastest trial", "trials",
                "verdict").close("thead").open("tbody");
        for (ScalingPoint m : c.measured()) {
            out.open("tr").element("td", Integer.toString(m.p()), "class", "num")
                    .element("td", Numbers.grouped(Math.round(m.medianNs())), "class", "num")
                    .element("td", Numbers.fixed2(m.speedup().median()), "class", "num", "data-value",
                            JsonColumns.number(m.speedup().median(), 6))
                    .element("td", Numbers.fixed2(m.speedup().min()), "class", "num")
                    .element("td", Numbers.fixed2(m.speedup().max()), "class", "num")
                    .element("td", Integer.toString(m.timesNs().size()), "class", "num")
                    .element("td", m.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' ')).close("tr").newline();
        }
        out.close("tbody").close("table").newline();
    }
}
