package io.forkscope.report.model;

import io.forkscope.analysis.model.FitError;
import io.forkscope.analysis.model.FittedComponent;
import io.forkscope.analysis.model.ModelCheck;
import io.forkscope.analysis.model.ModelOptions;
import io.forkscope.analysis.model.PerformanceModel;
import io.forkscope.analysis.model.Prediction;
import io.forkscope.analysis.model.SizeScale;
import io.forkscope.analysis.model.TrainingRun;
import io.forkscope.analysis.model.Validation;
import io.forkscope.report.Numbers;
import io.forkscope.report.TextWrap;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The performance model's reports for people (measures.md §7): {@code model fit} (every
 * intermediate model's coefficients, under the paper's names, with its training error, then the
 * time's error with both no-work models side by side), {@code model predict} (time and its
 * components, with how far beyond the training grid) and {@code model check} (predicted against
 * measured per run, and the paper's Fig. 6 as a table). Times in milliseconds, errors in percent.
 */
public final class ModelText {
    /** Each component's heading, in {@link PerformanceModel#components()}'s order. */
    static final List<String> HEADINGS = List.of("T1'(n), serial work, Eq. 11", "T1(n,p) - T1'(n), work stretch, Eq. 10",
            "create_task(n), Eq. 13", "wait_tasks(n), Eq. 14", "delay(n,p), Eq. 12", "no_work(n,p), Eq. 15",
            "span T_inf(n), for the span no-work model (beyond the paper)",
            "no_work(n,p) from the span (beyond the paper)");
    /** {@link ModelCheck#COMPONENTS}' labels in the error table. */
    static final List<String> CHECK_LABELS = List.of("T1'(n)", "T1(n,p)", "create_task", "wait_tasks", "delay",
            "no_work (Eq. 15)", "time (Eq. 15 no-work)", "span T_inf", "no_work (span)", "time (span no-work)");

    private ModelText() {}

    /** @param baseFrom where an exponential model's b came from (given, fitted from T1'(n) or from the task counts) */
    public static void fit(PerformanceModel model, TrainingGrid grid, String index, ModelOptions.BaseFrom baseFrom,
                           PrintWriter out) {
        line(out, "Performance model (Namsraijav & Taura, Eqs. 9-15) fitted on " + index + ": " + describe(grid)
                + (model.exponential() ? "; exponential: the bases take s = b^n where they say n, b = "
                   + base(model.scale().base()) + switch (baseFrom) {
                       case SERIAL_WORK -> " fitted from T1'(n) (least squares of ln T1' against n, weighted by T1'^2),"
                               + " and for the task counts b = " + base(model.countScale().base())
                               + " fitted from create_task(n) likewise";
                       case TASK_COUNTS -> " fitted from create_task(n) (least squares of ln create_task against n,"
                               + " weighted by its square), for T1'(n) as for the task counts (a recursion cut off at"
                               + " a size: its work grows as its leaf count)";
                       case GIVEN -> " (given)";
                   } : ""));
        line(out, "Coefficients are non-negative, by L1-regularised least squares whose alpha is chosen by "
                + VALIDATION.get(model.validation()) + "; 0 means the basis is not used. Training error: |actual -"
                + " predicted| / actual of each training run, the component predicted from (n, p) alone.");
        for (String note : notes(model, grid)) {
            line(out, "note: " + note);
        }
        List<FittedComponent> cs = model.components();
        for (int i = 0; i < cs.size(); i++) {
            FittedComponent c = cs.get(i);
            out.println();
            out.println(HEADINGS.get(i));
            for (String l : TextWrap.wrap("  = " + formula(c), TextWrap.WIDTH, "    ")) {
                out.println(l);
            }
            List<String> values = new ArrayList<>();
            double[] v = c.coefficients();
            for (int j = 0; j < v.length; j++) {
                values.add(c.coefficientNames().get(j) + " = " + coefficient(v[j]));
            }
            for (String l : TextWrap.wrap("  " + String.join(",  ", values) + "   (alpha " + coefficient(c.alpha()) + ")",
                    TextWrap.WIDTH, "  ")) {
                out.println(l);
            }
            out.println("  training error: " + error(c.trainingError()));
        }
        out.println();
        out.println("time(n,p) = (T1 + delay + no_work) / p, Eq. 9: training error by no-work model");
        out.println(String.format(Locale.ROOT, "  %-26s  %8s  %8s  %8s  %8s  %8s", "", "runs", "Q1", "median", "Q3",
                "max"));
        out.println(errorRow("with no_work of Eq. 15", model.timeError()));
        out.println(errorRow("with no_work from the span", model.timeErrorSpan()));
        out.flush();
    }

    /** How each {@link Validation} chooses alpha, for the fit's second line. */
    static final java.util.Map<Validation, String> VALIDATION = java.util.Map.of(
            Validation.FORWARD, "forward chaining in n (fitted on the smaller sizes, scored by its relative error on"
                    + " the next larger one)",
            Validation.GROUPS, "leave-one-n-out cross-validation (squared error)",
            Validation.ROWS, "the paper's 5-fold cross-validation over the runs (squared error)");

    /** {@link #gridNotes} and what the validation could not do on this grid. */
    static List<String> notes(PerformanceModel model, TrainingGrid grid) {
        List<String> notes = gridNotes(grid);
        if (model.validation() == Validation.FORWARD && grid.ns().size() < 3) {
            notes.add(0, "forward chaining needs 3 sizes n (fit on two, score the third) and the grid has "
                    + grid.ns().size() + ": alpha was chosen by leave-one-n-out, and no fold scored an extrapolation"
                    + " from two sizes");
        }
        return notes;
    }

    /** What the grid cannot tell, and what ran oversubscribed: one line each. */
    public static List<String> gridNotes(TrainingGrid grid) {
        List<String> notes = new ArrayList<>();
        if (grid.ps().size() < 3) {
            notes.add("the grid has " + grid.ps().size() + " value(s) of p; Eqs. 10 and 12 need 3 to tell (p-1)/p from"
                    + " p-1 (a1 from a2, c2 from c3, c5 from c6): predictions at other p rest on the lasso's split");
        }
        if (!grid.ps().contains(1) || grid.ps().size() < 2) {
            notes.add("no_work needs runs at p = 1 and p >= 2 to be anything but 0");
        }
        if (grid.net()) {
            notes.add("net time: each run's elapsed time less its recorder's hooks and its threads' time off the CPU,"
                    + " and Delay Spotter's delay (the time a program would take without the recorder on a machine of"
                    + " its own)");
        }
        if (grid.fastestTrial()) {
            notes.add("the fastest trial of each (n, p) only (the least disturbed)");
        }
        if (grid.trialsKept() == TrialsKept.MEDIAN && grid.trials() > 1) {
            notes.add("each (n, p) is learnt as one run, every value the median of its trials' (one cold or disturbed"
                    + " trial moves nothing)");
        }
        if (!grid.oversubscribed().isEmpty()) {
            notes.add("p = " + grid.oversubscribed().stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + " ran on fewer cores than workers (oversubscribed): their time includes waiting for a core");
        }
        return notes;
    }

    public static void predict(Prediction q, TrainingGrid grid, SizeScale scale, String modelName,
                               PrintWriter out) {
        line(out, "Predicted by " + modelName + " at n " + Numbers.plain(q.n()) + ", p " + q.p() + " (trained on "
                + describe(grid) + ")");
        extrapolation(q.n(), q.p(), grid, scale).ifPresent(w -> line(out, "warning: " + w));
        out.println(String.format(Locale.ROOT, "  %-14s %14s   %s", "T1'(n)", ms(q.serialWork()),
                "serial work (Eq. 11)"));
        out.println(String.format(Locale.ROOT, "  %-14s %14s   %s", "create_task", count(q.createTask()),
                "tasks created (Eq. 13)"));
        out.println(String.format(Locale.ROOT, "  %-14s %14s   %s", "wait_tasks", count(q.waitTasks()),
                "waits (Eq. 14)"));
        out.println(String.format(Locale.ROOT, "  %-14s %14s   %s", "span T_inf", ms(q.span()),
                "critical path (the span no-work model's)"));
        out.println();
        out.println(String.format(Locale.ROOT, "  %-22s %20s  %20s", "worker-time / p", "no-work by Eq. 15",
                "no-work by the span"));
        int p = q.p();
        out.println(String.format(Locale.ROOT, "  %-22s %20s  %20s", "work T1 / p (Eq. 10)", ms(q.work() / p),
                ms(q.work() / p)));
        out.println(String.format(Locale.ROOT, "  %-22s %20s  %20s", "delay / p (Eq. 12)", ms(q.delay() / p),
                ms(q.delay() / p)));
        out.println(String.format(Locale.ROOT, "  %-22s %20s  %20s", "no-work / p", ms(q.noWork() / p),
                ms(q.noWorkSpan() / p)));
        out.println(String.format(Locale.ROOT, "  %-22s %20s  %20s", "time (Eq. 9)", ms(q.time()), ms(q.timeSpan())));
        out.flush();
    }

    /**
     * How far (n, p) lies beyond the training grid, or empty inside it: n as a multiple of the largest
     * trained n (for an exponential model also as a size b^(n - n_max) times larger), p likewise.
     */
    public static java.util.Optional<String> extrapolation(double n, int p, TrainingGrid grid, SizeScale scale) {
        List<String> parts = new ArrayList<>();
        if (n > grid.maxN()) {
            parts.add(scale.exponential()
                    ? "n " + Numbers.plain(n) + " is " + Numbers.plain(n - grid.maxN()) + " beyond the largest trained n ("
                      + Numbers.plain(grid.maxN()) + "), a size " + base(scale.base()) + "^" + Numbers.plain(n - grid.maxN())
                      + " = " + times(Math.pow(scale.base(), n - grid.maxN())) + " larger"
                    : "n " + Numbers.plain(n) + " is " + times(n / grid.maxN()) + " the largest trained n ("
                      + Numbers.plain(grid.maxN()) + ")");
        } else if (n < grid.minN()) {
            parts.add("n " + Numbers.plain(n) + " is below the smallest trained n (" + Numbers.plain(grid.minN()) + ")");
        }
        if (p > grid.maxP()) {
            parts.add("p " + p + " is " + times((double) p / grid.maxP()) + " the largest trained p (" + grid.maxP() + ")");
        }
        return parts.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of("extrapolation: " + String.join("; ", parts)
                + "; the fitted bases are taken beyond the data that chose them");
    }

    /** {@code rows}: the index rows the check's runs came from, in the same order (for their trial). */
    public static void check(ModelCheck check, List<IndexRow> rows, String modelName, String index, PrintWriter out) {
        line(out, "Model " + modelName + " against the runs of " + index + ": " + check.rows().size() + " run(s)");
        out.println();
        out.println(String.format(Locale.ROOT, "%8s %3s %3s %11s %11s %11s %11s %11s %11s %11s %11s %11s %11s",
                "n", "p", "t", "time", "predicted", "pred(span)", "T1", "predicted", "delay", "predicted", "no_work",
                "predicted", "pred(span)"));
        for (int i = 0; i < check.rows().size(); i++) {
            ModelCheck.Row r = check.rows().get(i);
            TrainingRun a = r.run();
            Prediction q = r.prediction();
            out.println(String.format(Locale.ROOT, "%8s %3d %3d %11s %11s %11s %11s %11s %11s %11s %11s %11s %11s",
                    Numbers.plain(a.n()), a.p(), rows.get(i).trial(), num(a.elapsed()), num(q.time()), num(q.timeSpan()), num(a.work()),
                    num(q.work()), num(a.delay()), num(q.delay()), num(a.noWork()), num(q.noWork()),
                    num(q.noWorkSpan())));
        }
        out.println("  (milliseconds; T1, delay and no_work are worker-time)");
        out.println();
        out.println("error = |actual - predicted| / actual over the runs (the paper's Fig. 6; a run whose actual value is 0"
                + " is left out)");
        out.println(String.format(Locale.ROOT, "  %-26s  %8s  %8s  %8s  %8s  %8s", "component", "runs", "Q1", "median",
                "Q3", "max"));
        for (int i = 0; i < check.errors().size(); i++) {
            out.println(errorRow(CHECK_LABELS.get(i), check.errors().get(i).error()));
        }
        out.flush();
    }

    static String errorRow(String label, FitError e) {
        return String.format(Locale.ROOT, "  %-26s  %8d  %8s  %8s  %8s  %8s", label, e.rows(), percent(e.firstQuartile()),
                percent(e.median()), percent(e.thirdQuartile()), percent(e.max()));
    }

    /** "median 3.1%, quartiles 1.2% to 5.0%, max 8.0% (24 runs)". */
    static String error(FitError e) {
        if (e.rows() == 0) {
            return "none (no run has a non-zero value)";
        }
        return "median " + percent(e.median()) + ", quartiles " + percent(e.firstQuartile()) + " to "
                + percent(e.thirdQuartile()) + ", max " + percent(e.max()) + " (" + e.rows() + " runs)";
    }

    /** "b1 + b2 n + b3 n lg n": each coefficient times its basis. */
    static String formula(FittedComponent c) {
        List<String> terms = new ArrayList<>();
        for (int j = 0; j < c.bases().size(); j++) {
            String b = c.bases().get(j);
            terms.add(b.equals("1") ? c.coefficientNames().get(j) : c.coefficientNames().get(j) + " " + b);
        }
        return String.join(" + ", terms);
    }

    static String describe(TrainingGrid g) {
        return g.runs() + " run(s), n " + g.ns().stream().map(Numbers::plain).collect(Collectors.joining(", "))
                + "; p " + g.ps().stream().map(String::valueOf).collect(Collectors.joining(", ")) + "; " + g.trials()
                + " trial(s)";
    }

    /** b to four decimals, without trailing zeros: "2", "1.5", "1.618". */
    static String base(double b) {
        return java.math.BigDecimal.valueOf(b).setScale(4, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros()
                .toPlainString();
    }

    static String coefficient(double v) {
        return v == 0 ? "0" : String.format(Locale.ROOT, "%.4g", v);
    }

    static String percent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.1f%%", 100 * ratio) : "-";
    }

    static String ms(double ns) {
        return String.format(Locale.ROOT, "%,.3f ms", ns / 1e6);
    }

    static String num(double ns) {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    static String count(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    static String times(double factor) {
        return String.format(Locale.ROOT, "%.1fx", factor);
    }

    private static void line(PrintWriter out, String text) {
        TextWrap.prose(text).forEach(out::println);
    }
}
