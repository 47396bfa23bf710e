package io.forkscope.report.html;

import io.forkscope.report.Numbers;
import io.forkscope.report.delay.CompareColumn;
import java.util.List;
import java.util.Locale;

/**
 * Several runs side by side, the numbers {@code forkscope compare} prints (Delay Spotter's Fig. 5):
 * per run its elapsed time, workers and P × elapsed, and where that worker-time went (work, or the
 * work stretch given a serial run; not running; forkscope; delay; no-work-sched; no-work-app) as
 * amounts and shares, in a table and as one stacked bar per run; then the speedup (with a serial
 * run) or the utilisation. Every number is in its cell's {@code data-value}, keyed
 * {@code cmp-RUN-NAME} with RUN the run's index (0: the page's recording).
 */
final class CompareSection implements HtmlSection {
    /** The components' keys, in {@link CompareColumn#components()}' order; also the bars' CSS classes. */
    static final List<String> KEYS = List.of("work", "not-running", "forkscope", "delay", "no-work-sched", "no-work-app");

    @Override
    public String id() {
        return "compare";
    }

    @Override
    public String title() {
        return "Runs compared";
    }

    @Override
    public boolean applies(ReportInputs in) {
        return in.compare().size() >= 2;
    }

    @Override
    public void write(ReportInputs in, HtmlWriter out) {
        List<CompareColumn> runs = in.compare();
        boolean serial = runs.get(0).report().serialWork().isPresent();
        boolean own = runs.stream().anyMatch(c -> c.components()[2] > 0);
        List<String> names = List.of(serial ? "work stretch (T1 \u2212 T1')" : "work", "not running", "forkscope",
                "delay", "no-work-sched", "no-work-app");
        out.element("p", "Where each run's worker-time (P \u00d7 elapsed) went, as forkscope compare prints it; the first"
                + " run is this page's recording" + (serial ? "; the work stretch is against the serial run "
                + (in.serialName() == null ? "" : in.serialName()) : "") + ". Amounts in ns of worker time.");

        out.open("div", "class", "compare-bars", "role", "img", "aria-label",
                "a stacked bar per run of the shares below: the numbers are in the table");
        for (int r = 0; r < runs.size(); r++) {
            CompareColumn c = runs.get(r);
            out.open("div", "class", "compare-run").element("span", c.name(), "class", "compare-name");
            out.open("span", "class", "compare-bar", "data-run", Integer.toString(r));
            double[] parts = c.components();
            for (int k = 0; k < KEYS.size(); k++) {
                if (k == 2 && !own) {
                    continue;
                }
                double share = c.total() == 0 ? 0 : Math.max(0, parts[k]) / c.total();
                out.open("span", "class", "seg seg-" + KEYS.get(k), "data-share", JsonColumns.number(share, 6),
                        "title", names.get(k) + String.format(Locale.ROOT, " %.1f%%", 100 * share)).close("span");
            }
            out.close("span").close("div").newline();
        }
        out.open("div", "class", "compare-legend");
        for (int k = 0; k < KEYS.size(); k++) {
            if (k != 2 || own) {
                out.open("span").open("span", "class", "swatch seg-" + KEYS.get(k)).close("span").text(names.get(k))
                        .close("span");
            }
        }
        out.close("div").close("div").newline();

        out.open("div", "class", "table-scroll");
        out.open("table", "class", "numbers", "id", "compare-table");
        out.open("thead").open("tr").element("th", "", "scope", "col");
        for (CompareColumn c : runs) {
            out.open("th", "scope", "col").text(c.name());
            if (!c.description().isEmpty()) {
                out.empty("br").open("span", "class", "hint").text(c.description()).close("span");
            }
            out.close("th");
        }
        out.close("tr").close("thead").newline().open("tbody");
        row(out, runs, "elapsed (ns)", "elapsed", c -> (double) c.report().stats().elapsed(), false);
        row(out, runs, "workers P", "workers", c -> (double) c.report().stats().workers(), false);
        row(out, runs, "P \u00d7 elapsed (ns)", "slot-time", CompareColumn::total, false);
        if (serial) {
            row(out, runs, "serial work T1' (ns)", "serial-work", c -> c.report().serialWork().getAsDouble(), false);
        }
        for (int k = 0; k < KEYS.size(); k++) {
            if (k == 2 && !own) {
                continue;
            }
            int index = k;
            row(out, runs, names.get(k) + " (ns)", KEYS.get(k), c -> c.components()[index], false);
            row(out, runs, "\u2003% of P \u00d7 elapsed", KEYS.get(k) + "-percent",
                    c -> c.total() == 0 ? 0 : 100 * c.components()[index] / c.total(), true);
        }
        if (serial) {
            row(out, runs, "performance loss (ns)", "performance-loss", c -> c.report().performanceLoss().getAsDouble(),
                    false);
            row(out, runs, "speedup T1'/elapsed", "speedup",
                    c -> c.report().speedup().isPresent() ? c.report().speedup().getAsDouble() : Double.NaN, true);
        } else {
            row(out, runs, "utilisation T1/(P \u00d7 elapsed)", "utilisation", c -> c.report().stats().utilisation(), true);
        }
        out.close("tbody").close("table").close("div").newline();
        if (!serial) {
            out.element("p", "No speedup without a serial run: record the serial elision or one worker and pass"
                    + " --serial SER.fsk (speedup = T1'/elapsed).", "class", "legend");
        }
    }

    private static void row(HtmlWriter out, List<CompareColumn> runs, String label, String key,
                            java.util.function.ToDoubleFunction<CompareColumn> value, boolean ratio) {
        out.open("tr").element("th", label, "scope", "row");
        for (int r = 0; r < runs.size(); r++) {
            double v = value.applyAsDouble(runs.get(r));
            String shown = Double.isNaN(v) ? "-" : ratio ? Numbers.fixed2(v) : Numbers.grouped(Math.round(v));
            out.element("td", shown, "class", "num", "data-key", "cmp-" + r + "-" + key, "data-value",
                    JsonColumns.number(v, 6));
        }
        out.close("tr").newline();
    }
}
