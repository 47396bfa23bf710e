package io.forkscope.report.bench;

import io.forkscope.analysis.cilkview.SpeedupEstimate;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.model.machine.MachineLoad;
import io.forkscope.analysis.scaling.ScalingAnalysis;
import io.forkscope.analysis.scaling.ScalingFinding;
import io.forkscope.analysis.scaling.ScalingPoint;
import io.forkscope.analysis.scaling.ScalingReport;
import io.forkscope.analysis.scaling.SectionBounds;
import io.forkscope.analysis.scaling.Verdict;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The benchmark table for people: per section, one line per worker count P with the cores the
 * runs had, the number of trials, the median, fastest and slowest time, their spread
 * ((max − min) / median, marked {@value #NOISY_MARK} above {@link ScalingAnalysis#NOISY_SPREAD}), the share of
 * the machine's cores other processes used during the trials (their mean; {@link MachineLoad}), the
 * speedup T(1)/T(P) with its range over the trials, and, when a
 * recording gave bounds, Cilkview's predicted range and the verdict. After each section its
 * findings; at the end how many judged points fall inside the predicted range. The whole run is
 * timed with the process's set-up, so its points get no verdict against the bounds ("n/a").
 *
 * <p>Times are the medians of the kept in-process repetitions of each run (see the bench CSV).
 */
public final class ScalingTable {
    /** Follows the spread of a point whose trials spread more than {@link ScalingAnalysis#NOISY_SPREAD}. */
    public static final String NOISY_MARK = "!";

    private ScalingTable() {}

    /**
     * @param report       the comparison
     * @param boundsSource where the bounds came from (a recording's path), or null without one
     * @param out          where to write; flushed, not closed
     */
    public static void write(ScalingReport report, String boundsSource, Writer out) throws IOException {
        StringBuilder text = new StringBuilder();
        long judged = 0;
        long inside = 0;
        long edge = 0;
        long below = 0;
        long above = 0;
        long wholeProcess = 0;
        for (RegionScaling r : report.regions()) {
            if (text.length() > 0) {
                text.append('\n');
            }
            section(text, r, boundsSource);
            judged += r.judged();
            inside += r.inside();
            for (ScalingPoint p : r.points()) {
                edge += p.verdict() == Verdict.EDGE ? 1 : 0;
                below += p.verdict() == Verdict.BELOW ? 1 : 0;
                above += p.verdict() == Verdict.ABOVE ? 1 : 0;
                wholeProcess += p.verdict() == Verdict.WHOLE_PROCESS ? 1 : 0;
            }
        }
        if (boundsSource != null) {
            text.append('\n').append(String.format(Locale.ROOT,
                    "Inside the predicted range: %d of %d judged points (%d at its edge, %d clearly below, %d clearly"
                            + " above; tolerance %.0f%%; P = 1 is the baseline and is not judged)%n",
                    inside, judged, edge, below, above, report.tolerance() * 100));
            if (wholeProcess > 0) {
                text.append(String.format(Locale.ROOT, "Not comparable with the bounds: %d point(s) of the whole"
                        + " process, timed with its set-up; mark the parallel part with Forkscope.region%n",
                        wholeProcess));
            }
        }
        out.write(text.toString());
        out.flush();
    }

    /** @return how a section is named: its quoted label, or "whole run" */
    public static String sectionName(String region) {
        return region.isEmpty() ? "whole run" : "\"" + printable(region) + "\"";
    }

    private static void section(StringBuilder text, RegionScaling r, String boundsSource) {
        String name = region(r.region());
        SectionBounds b = r.bounds();
        if (b != null) {
            text.append(name).append(": bounds from ").append(boundsSource)
                    .append(b.occurrences() > 1 ? " (occurrence " + b.used() + " of " + b.occurrences() + ")" : "")
                    .append(String.format(Locale.ROOT, ": parallelism %.2f, burdened parallelism %.2f; burden %,d %s",
                            b.parallelism(), b.measures().burdenedParallelism(), b.burden(), b.unit().symbol()))
                    .append(" per steal edge").append(io.forkscope.report.TextReport.burdenSource(printable(b.burdenSource())))
                    .append('\n');
        } else if (boundsSource != null) {
            text.append(name).append(": no bounds (").append(boundsSource).append(" has no ")
                    .append(r.region().isEmpty() ? "whole-run measures" : "region with this label").append(")\n");
        } else {
            text.append(name).append('\n');
        }
        List<String[]> rows = new ArrayList<>();
        boolean withBounds = b != null;
        rows.add(withBounds
                ? new String[] {"P", "cores", "trials", "median", "min", "max", "spread", "others", "speedup (min-max)",
                    "predicted", "verdict"}
                : new String[] {"P", "cores", "trials", "median", "min", "max", "spread", "others", "speedup (min-max)"});
        for (ScalingPoint p : r.points()) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(p.p()),
                    p.cpus() + (p.pinned() ? " pinned" : " unpinned"), Integer.toString(p.timesNs().size()),
                    duration(p.medianNs()), duration(p.minNs()), duration(p.maxNs()),
                    String.format(Locale.ROOT, "%.1f%%", p.relativeSpread() * 100) + (p.noisy() ? " " + NOISY_MARK : ""),
                    others(p.meanLoad()),
                    p.speedup() == null ? "-" : String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", p.speedup().median(),
                            p.speedup().min(), p.speedup().max())));
            if (withBounds) {
                SpeedupEstimate e = p.bounds();
                // P = 1 is the baseline: its speedup is 1 by definition, there is nothing to bound
                row.add(p.p() == 1 ? "-" : String.format(Locale.ROOT, "%.2f - %.2f", e.lower(), e.upper()));
                row.add(verdict(p.verdict()));
            }
            rows.add(row.toArray(new String[0]));
        }
        table(text, rows);
        for (ScalingFinding f : r.findings()) {
            text.append("  - ").append(finding(r, f)).append('\n');
        }
        if (r.points().stream().noneMatch(p -> p.p() == 1)) {
            text.append("  - no P = 1 runs: speedups need them as the baseline (add 1 to -p)\n");
        }
    }

    /** @return the finding as one line for people */
    public static String finding(RegionScaling r, ScalingFinding f) {
        if (f.kind() == ScalingFinding.Kind.NOISY_TRIALS) {   // its points may have no bounds nor speedup
            return String.format(Locale.ROOT, "trials spread more than %.0f%% of their median at ",
                    ScalingAnalysis.NOISY_SPREAD * 100)
                    + f.points().stream().map(ScalingTable::noisyText).collect(Collectors.joining("; "))
                    + ": these medians and speedups are unreliable. A busy machine (other processes taking the"
                    + " cores) or a program whose runs vary (JIT, GC, warm-up: try --repeat); rerun with more"
                    + " --trials on an idle machine.";
        }
        String where = f.points().stream().map(ScalingTable::pointText).collect(Collectors.joining("; "));
        return switch (f.kind()) {
            case BELOW_LOWER_BOUND -> "measured speedup falls clearly below the predicted lower bound at " + where
                    + ". The DAG has the parallelism and the grain for more, so look outside the DAG model"
                    + " (Cilkview §5): memory bandwidth, false sharing, contention (locks, atomics, allocation)."
                    + " Cilkview's test for memory bandwidth: run P simultaneous serial runs, each on a core of its own,"
                    + " and one serial run alone; if the P simultaneous runs are much slower, memory bandwidth limits"
                    + " the speedup.";
            case ABOVE_UPPER_BOUND -> "measured speedup is clearly above the upper bound at " + where
                    + ": superlinear speedup (P cores' caches hold more of the data than one core's), or the"
                    + " recording's span or work is off (recorded at another size, or inflated by instrumentation).";
            case MORE_WORKERS_THAN_CORES -> "P = " + f.points().stream().map(p -> Integer.toString(p.p()))
                    .collect(Collectors.joining(", ")) + " ran with more workers than cores (this machine has "
                    + f.points().get(0).cpus() + "); the bounds assume P processors, so these points are not judged.";
            case WHOLE_PROCESS_TIMED -> "the program closed no region, so each run was timed whole, from the"
                    + " agent's start to the JVM's exit, set-up and shut-down included; the bounds describe its"
                    + " fork/join work only, so the points at P = " + f.points().stream().map(p -> Integer.toString(p.p()))
                    .collect(Collectors.joining(", ")) + " are not judged against them. Mark the parallel part"
                    + " with Forkscope.region and bench again to compare it with its bounds.";
            case NOISY_TRIALS -> throw new AssertionError("handled above");
        };
    }

    /** @return the table's "others" cell: the others' mean share of the cores, else "la N.NN", else "?" */
    static String others(MachineLoad load) {
        if (load.othersKnown()) {
            return String.format(Locale.ROOT, "%.0f%%", load.othersShare() * 100);
        }
        return Double.isNaN(load.loadAverage()) ? "?" : String.format(Locale.ROOT, "la %.2f", load.loadAverage());
    }

    /** @return a noisy point for people: "P = 2 (spread 53.1%; others used 41% of 2 cores, at most 75%)" */
    public static String noisyText(ScalingPoint p) {
        MachineLoad load = p.meanLoad();
        String during = load.othersKnown()
                ? String.format(Locale.ROOT, "others used %.0f%% of %d cores on average, at most %.0f%%",
                        load.othersShare() * 100, load.cpus(), p.maxOthersShare() * 100)
                : load.known() ? load.describe() : "machine load unknown";
        return String.format(Locale.ROOT, "P = %d (spread %.1f%%; %s)", p.p(), p.relativeSpread() * 100, during);
    }

    private static String pointText(ScalingPoint p) {
        SpeedupEstimate e = p.bounds();
        return String.format(Locale.ROOT, "P = %d (speedup %.2f, best trial %.2f; predicted %.2f - %.2f)", p.p(),
                p.speedup().median(), p.speedup().max(), e.lower(), e.upper());
    }

    private static String region(String label) {
        return label.isEmpty() ? "Whole run" : "Region " + sectionName(label);
    }

    private static String verdict(Verdict v) {
        return switch (v) {
            case BASELINE -> "baseline";
            case INSIDE -> "inside";
            case EDGE -> "edge";
            case BELOW -> "BELOW";
            case ABOVE -> "ABOVE";
            case OVERSUBSCRIBED -> "P > cores";
            case WHOLE_PROCESS -> "n/a (whole process timed)";
            case NO_BASELINE -> "no P=1";
            case NO_BOUNDS -> "-";
        };
    }

    /** @return nanoseconds for people: "812.35 ms", "12.40 us", "1.23 s" */
    static String duration(double ns) {
        if (ns >= 1e9) {
            return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
        } else if (ns >= 1e6) {
            return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
        } else if (ns >= 1e3) {
            return String.format(Locale.ROOT, "%.2f us", ns / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f ns", ns);
    }

    private static void table(StringBuilder text, List<String[]> rows) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(" ");
            for (int c = 0; c < row.length; c++) {
                boolean left = c == 1 || c == row.length - 1 && row.length == 11;
                line.append(' ').append(left ? padRight(row[c], width[c]) : padLeft(row[c], width[c]));
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
    }

    static String printable(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }

    private static String padRight(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
