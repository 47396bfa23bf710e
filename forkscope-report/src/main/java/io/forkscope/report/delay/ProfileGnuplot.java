package io.forkscope.report.delay;

import io.forkscope.analysis.delay.ProfileSample;
import io.forkscope.model.dag.EdgeKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

/**
 * The parallelism profile as gnuplot input: {@code profile.dat} (columns: start_ms, end_ms,
 * running, ready after create, create-cont, wait-cont, end, not running, forkscope; one row per sample, times since the
 * run's begin) and {@code profile.gp}, which draws the same stacked chart as {@link ProfileChart}
 * into {@code profile.svg} when run with {@code gnuplot profile.gp} in that directory.
 */
public final class ProfileGnuplot {
    public static final String DATA = "profile.dat";
    public static final String SCRIPT = "profile.gp";

    private ProfileGnuplot() {}

    /** @throws java.nio.file.FileAlreadyExistsException when a file exists and force is off */
    public static List<String> write(List<ProfileSample> samples, long begin, int workers, String title, Path dir,
                                     boolean force) throws IOException {
        Files.createDirectories(dir);
        write(dir.resolve(DATA), data(samples, begin), force);
        write(dir.resolve(SCRIPT), script(workers, title), force);
        return List.of(DATA, SCRIPT);
    }

    static String data(List<ProfileSample> samples, long begin) {
        StringBuilder b = new StringBuilder("# start_ms end_ms running");
        for (EdgeKind k : EdgeKind.values()) {
            b.append(" ready_").append(k.label().replace('-', '_'));
        }
        b.append(" not_running forkscope\n");
        for (ProfileSample s : samples) {
            b.append(number((s.start() - begin) / 1e6)).append(' ').append(number((s.end() - begin) / 1e6));
            for (double band : ProfileChart.bands(s)) {        // the columns are the chart's bands, in its order
                b.append(' ').append(number(band));
            }
            b.append('\n');
        }
        return b.toString();
    }

    static String script(int workers, String title) {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(title.replace('\n', ' ')).append('\n')
                .append("# Delay Spotter's parallelism profile, written by forkscope profile. Run: gnuplot ")
                .append(SCRIPT).append('\n')
                .append("set terminal svg size ").append(ProfileChart.WIDTH).append(',').append(ProfileChart.HEIGHT)
                .append(" dynamic background rgb 'white' font 'sans,11'\n")
                .append("set output 'profile.svg'\n")
                .append("set encoding utf8\n")
                .append("set termoption noenhanced\n")
                .append("set key outside bottom center horizontal\n")
                .append("set grid lc rgb '#dddddd'\n")
                .append("set xlabel \"Time since the run's begin (ms)\"\n")
                .append("set ylabel 'Nodes running, and ready stacked on them'\n")
                .append("set title '").append(title.replace("'", "''").replace('\n', ' ')).append("'\n")
                .append("set yrange [0:*]\n")
                .append("set style fill solid 1.0 noborder\n");
        // each sample a box from start to end; the stacks drawn top first so that lower ones cover them
        String[] sums = new String[ProfileChart.BANDS];     // columns in band order: $3, ready $4.., then the last two
        String sum = "$3";
        sums[0] = sum;
        for (int i = 1; i < sums.length; i++) {
            sum = sum + "+$" + (3 + i);
            sums[i] = sum;
        }
        b.append("plot ");
        for (int i = sums.length - 1; i >= 0; i--) {
            java.awt.Color c = ProfileChart.color(i);
            b.append(String.format(Locale.ROOT, "'%s' using (($1+$2)/2):(%s):($2-$1) with boxes lc rgb '#%02x%02x%02x' title '%s', \\%n     ",
                    DATA, sums[i], c.getRed(), c.getGreen(), c.getBlue(), ProfileChart.seriesName(i)));
        }
        b.append(String.format(Locale.ROOT, "%d with lines dt 2 lw 1.5 lc rgb 'black' title 'workers P = %d'%n", workers, workers));
        return b.toString();
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6f", v);
    }

    private static void write(Path file, String text, boolean force) throws IOException {
        if (force) {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } else {
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }
    }
}
