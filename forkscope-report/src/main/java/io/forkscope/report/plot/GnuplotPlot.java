package io.forkscope.report.plot;

import io.forkscope.analysis.scaling.ScalingPoint;
import io.forkscope.report.bench.ScalingTable;
import io.forkscope.report.predict.PredictCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The charts of {@link SvgPlot} as gnuplot input, so that they can be restyled or redrawn: for
 * chart N of section S, {@code NN-S-bounds.dat} (columns P, work law, span law, lower bound, upper
 * bound, for P = 1 … maxP) and {@code NN-S-measured.dat} (P, median, slowest-trial and
 * fastest-trial speedup, trials, cores), with {@code forkscope predict}'s rows {@code NN-S-predicted.dat}
 * and {@code NN-S-what-if.dat} (P, simulated speedup with collapsed nodes sequential, malleable),
 * plus {@code scaling.gp}, which draws each chart into
 * {@code NN-S.svg} when run with {@code gnuplot scaling.gp} in that directory. Numbers have six
 * significant decimals; lines starting with '#' are comments.
 */
public final class GnuplotPlot {
    public static final String SCRIPT = "scaling.gp";

    private GnuplotPlot() {}

    /** What was written, relative to the directory. */
    public record Written(List<String> files) {}

    /**
     * Writes the data files and the script into {@code dir} (created if missing).
     *
     * @param force overwrite files that exist; without it an existing file is an error
     * @throws java.nio.file.FileAlreadyExistsException when a file exists and force is off
     */
    public static Written write(List<SvgPlot.Chart> charts, String title, Path dir, boolean force) throws IOException {
        Files.createDirectories(dir);
        List<String> names = new ArrayList<>();
        StringBuilder script = new StringBuilder();
        script.append("# ").append(title).append('\n')
                .append("# Cilkview Fig. 2, written by forkscope plot. Run: gnuplot ").append(SCRIPT).append('\n')
                .append("set terminal svg size ").append(SvgPlot.WIDTH).append(',').append(SvgPlot.HEIGHT)
                .append(" dynamic background rgb 'white' font 'sans,11'\n")
                .append("set encoding utf8\n")
                .append("set termoption noenhanced\n")
                .append("set key left top box opaque\n")
                .append("set grid lc rgb '#dddddd'\n")
                .append("set xlabel 'Workers P'\n")
                .append("set ylabel 'Speedup T1/TP'\n");
        for (int i = 0; i < charts.size(); i++) {
            ScalingCurves c = charts.get(i).curves();
            String stem = String.format(Locale.ROOT, "%02d-%s", i + 1, slug(c.region()));
            String bounds = stem + "-bounds.dat";
            String measured = stem + "-measured.dat";
            List<String> plots = new ArrayList<>();
            if (!c.bounds().isEmpty()) {
                write(dir.resolve(bounds), boundsData(c), force);
                names.add(bounds);
                plots.add(quote(bounds) + " using 1:2 with lines dt 2 lw 1.5 lc rgb '" + hex(ScalingChart.WORK_LAW)
                        + "' title 'Work law: speedup <= P'");
                plots.add("'' using 1:3 with lines dt 2 lw 1.5 lc rgb '" + hex(ScalingChart.SPAN_LAW)
                        + "' title " + quote(String.format(Locale.ROOT, "Span law: parallelism %.2f", c.parallelism())));
                plots.add("'' using 1:4 with lines lw 2 lc rgb '" + hex(ScalingChart.LOWER_BOUND)
                        + "' title 'Burdened lower bound T1/(T1/P + 1.7 bTinf)'");
            }
            if (!c.measured().isEmpty()) {
                write(dir.resolve(measured), measuredData(c), force);
                names.add(measured);
                plots.add(quote(measured) + " using 1:2:3:4 with yerrorbars pt 7 ps 0.8 lc rgb '"
                        + hex(ScalingChart.MEASURED) + "' title 'Measured speedup (median; bar: slowest to fastest trial)'");
            }
            boolean both = c.predictedModesDiffer();
            for (String scenario : List.of(PredictCsv.RECORDED, PredictCsv.WHAT_IF)) {
                List<PredictCsv.PredictedRow> rows = c.predicted(scenario);
                if (rows.isEmpty()) {
                    continue;
                }
                boolean whatIf = scenario.equals(PredictCsv.WHAT_IF);
                String data = stem + (whatIf ? "-what-if.dat" : "-predicted.dat");
                write(dir.resolve(data), predictedData(rows), force);
                names.add(data);
                String curve = whatIf ? "Simulated what-if T1/TP" : "Simulated T1/TP (forkscope predict)";
                plots.add(quote(data) + " using 1:2 with linespoints pt 7 ps 0.5 lw 2" + (whatIf ? " dt 2" : "")
                        + " lc rgb '" + hex(whatIf ? ScalingChart.WHAT_IF : ScalingChart.SIMULATED) + "' title "
                        + quote(curve + (both ? ", collapsed nodes sequential" : "")));
                if (both) {
                    plots.add("'' using 1:3 with linespoints pt 6 ps 0.5 lw 1.5 dt 2 lc rgb '"
                            + hex(whatIf ? ScalingChart.WHAT_IF : ScalingChart.SIMULATED_MALLEABLE) + "' title "
                            + quote(curve + ", collapsed nodes malleable"));
                }
            }
            if (plots.isEmpty()) {
                continue;
            }
            String section = c.region().isEmpty() ? "the whole run" : ScalingTable.sectionName(c.region());
            String note = charts.get(i).note();
            script.append('\n')
                    .append("set output ").append(quote(stem + ".svg")).append('\n')
                    .append("set title ").append(quote("Scalability of " + section
                            + (note == null || note.isEmpty() ? "" : "\n" + note))).append('\n')
                    .append(c.logAxis() ? String.format(Locale.ROOT, "set logscale x 2%%nset xrange [1:%d]%n", c.maxP())
                            : String.format(Locale.ROOT, "set xrange [0:%d]%n", c.maxP()))
                    .append(String.format(Locale.ROOT, "set yrange [0:%s]%n", number(c.yMax())))
                    .append("plot ").append(String.join(", \\\n     ", plots)).append('\n');
        }
        write(dir.resolve(SCRIPT), script.toString(), force);
        names.add(SCRIPT);
        return new Written(names);
    }

    static String boundsData(ScalingCurves c) {
        StringBuilder b = new StringBuilder("# P work_law span_law lower_bound upper_bound\n");
        for (ScalingCurves.BoundsRow r : c.bounds()) {
            b.append(r.p()).append(' ').append(number(r.workLaw())).append(' ').append(number(r.spanLaw())).append(' ')
                    .append(number(r.lower())).append(' ').append(number(r.upper())).append('\n');
        }
        return b.toString();
    }

    static String predictedData(List<PredictCsv.PredictedRow> rows) {
        StringBuilder b = new StringBuilder("# P simulated_speedup_sequential simulated_speedup_malleable\n");
        for (PredictCsv.PredictedRow r : rows) {
            b.append(r.p()).append(' ').append(number(r.sequentialSpeedup())).append(' ')
                    .append(number(r.malleableSpeedup())).append('\n');
        }
        return b.toString();
    }

    static String measuredData(ScalingCurves c) {
        StringBuilder b = new StringBuilder("# P median_speedup slowest_trial_speedup fastest_trial_speedup trials cores\n");
        for (ScalingPoint p : c.measured()) {
            b.append(p.p()).append(' ').append(number(p.speedup().median())).append(' ')
                    .append(number(p.speedup().min())).append(' ').append(number(p.speedup().max())).append(' ')
                    .append(p.timesNs().size()).append(' ').append(p.cpus()).append('\n');
        }
        return b.toString();
    }

    private static void write(Path file, String text, boolean force) throws IOException {
        if (force) {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } else {
            Files.writeString(file, text, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.WRITE);
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6f", v);
    }

    /** @return a gnuplot string in single quotes (a quote inside is doubled); a line break stays one */
    private static String quote(String s) {
        if (s.indexOf('\n') >= 0) {
            return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
        }
        return '\'' + s.replace("'", "''") + '\'';
    }

    private static String hex(java.awt.Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    /** @return a file-name-safe form of a label: letters, digits, '-', '_', '.'; "whole-run" for "" */
    static String slug(String region) {
        if (region.isEmpty()) {
            return "whole-run";
        }
        StringBuilder b = new StringBuilder();
        for (char ch : region.toCharArray()) {
            b.append(Character.isLetterOrDigit(ch) && ch < 128 || ch == '-' || ch == '_' || ch == '.' ? ch : '_');
        }
        String s = b.length() > 40 ? b.substring(0, 40) : b.toString();
        return s.startsWith(".") ? "_" + s.substring(1) : s;
    }
}
