package io.forkscope.report.bench;

import io.forkscope.model.machine.MachineLoad;
import io.forkscope.analysis.scaling.Measurement;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.analysis.scaling.ScalingAnalysis;
import io.forkscope.analysis.scaling.ScalingPoint;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code forkscope bench}'s CSV: one row per (region, P, trial), in the order the runs finished.
 *
 * <pre>
 * region,p,trial,time_ns,repetitions,warmup,cpus,pinned,others_cpu,load_average,machine_cpus,spread,noisy
 * quicksort,1,1,812345678,2,1,1,true,0.0125,0.84,2,0.0312,false
 * </pre>
 *
 * region is the label ("" for the whole run; quoted as RFC 4180 asks when it holds a comma or a
 * quote; a line break in a label is written as a space); time_ns the section's time in that run, the median of its {@code repetitions}
 * in-process repetitions left after dropping {@code warmup} first ones; cpus how many cores the run
 * could use; pinned whether it was restricted to cores of its own. Lines end with '\n'.
 *
 * <p>Columns added later (files without them, whose header is {@link #HEADER_V1}, are read as well,
 * their load unknown): the machine's load during the run ({@link MachineLoad}): others_cpu the share of
 * the machine's machine_cpus cores that other processes used (0 to 1), load_average the 1-minute load
 * average at its end, each empty when unknown; spread the trials' relative spread (max − min) / median
 * of the row's (region, P) point and noisy whether it exceeds {@link ScalingAnalysis#NOISY_SPREAD}.
 * A row is appended as its run finishes, before its point's other trials exist, so spread and noisy
 * are empty then; bench rewrites the file with them when the sweep ends or is interrupted (a sweep
 * killed outright leaves them empty). Readers take the spread from the times, not from these columns.
 */
public final class BenchCsv {
    /** The first version's header, still read. */
    public static final String HEADER_V1 = "region,p,trial,time_ns,repetitions,warmup,cpus,pinned";
    public static final String HEADER = HEADER_V1 + ",others_cpu,load_average,machine_cpus,spread,noisy";
    private static final int COLUMNS_V1 = 8;
    private static final int COLUMNS = 13;

    private BenchCsv() {}

    /** @return one row, with its line end, its spread and noisy columns empty (its point is not complete yet) */
    public static String row(Measurement m) {
        return row(m, null);
    }

    /** @return one row, with its line end; {@code point} (its region and P's) fills spread and noisy, if not null */
    public static String row(Measurement m, ScalingPoint point) {
        MachineLoad load = m.load();
        return quote(m.region().replace('\n', ' ').replace('\r', ' ')) + ',' + m.p() + ',' + m.trial() + ',' + m.timeNs() + ',' + m.repetitions() + ','
                + m.warmup() + ',' + m.cpus() + ',' + m.pinned() + ','
                + (load.othersKnown() ? String.format(Locale.ROOT, "%.4f", load.othersShare()) : "") + ','
                + (Double.isNaN(load.loadAverage()) ? "" : String.format(Locale.ROOT, "%.2f", load.loadAverage())) + ','
                + (load.cpus() > 0 ? Integer.toString(load.cpus()) : "") + ','
                + (point == null ? "," : String.format(Locale.ROOT, "%.4f,%b", point.relativeSpread(), point.noisy()))
                + '\n';
    }

    /** Writes a whole CSV: the header, then every row with its point's spread and noisy columns. */
    public static void write(List<Measurement> rows, Writer out) throws IOException {
        Map<String, Map<Integer, ScalingPoint>> points = new HashMap<>();
        for (RegionScaling r : ScalingAnalysis.analyze(rows, Map.of()).regions()) {
            for (ScalingPoint p : r.points()) {
                points.computeIfAbsent(r.region(), k -> new HashMap<>()).put(p.p(), p);
            }
        }
        out.write(HEADER + "\n");
        for (Measurement m : rows) {
            out.write(row(m, points.get(m.region()).get(m.p())));
        }
        out.flush();
    }

    /**
     * Replaces {@code file} by a CSV of {@code rows} with their spreads ({@link #write}), through a
     * temporary file beside it moved over it, so that the file is at every moment either the old one
     * or the new one.
     */
    public static void rewrite(Path file, List<Measurement> rows) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                write(rows, w);
            }
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Appends rows to a CSV as they are measured, flushing each, so that a sweep stopped at any
     * moment leaves every finished row complete. Not thread-safe.
     */
    public static final class Appender implements AutoCloseable {
        private final Writer out;

        /** Writes the header. */
        public Appender(Writer out) throws IOException {
            this.out = out;
            out.write(HEADER + "\n");
            out.flush();
        }

        public void append(Measurement m) throws IOException {
            out.write(row(m));
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /**
     * Reads a bench CSV. A last line without its line end (a sweep killed while writing) is
     * ignored; any other malformed line is an error.
     *
     * @throws BenchCsvException naming the file and the line
     */
    public static List<Measurement> read(Path file) throws BenchCsvException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BenchCsvException(file + ": no such file");
        } catch (IOException e) {
            throw new BenchCsvException(file + ": cannot read: " + e.getMessage());
        }
        return parse(text, file.toString());
    }

    public static List<Measurement> parse(String text, String name) throws BenchCsvException {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        // the element after the last '\n' is "" for a complete file, or a torn last row
        lines.remove(lines.size() - 1);
        String header = lines.isEmpty() ? "" : strip(lines.get(0));
        if (!header.equals(HEADER) && !header.equals(HEADER_V1)) {
            throw new BenchCsvException(name + ": not a forkscope bench CSV (its first line is not '" + HEADER + "')");
        }
        int columns = header.equals(HEADER) ? COLUMNS : COLUMNS_V1;
        List<Measurement> out = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = strip(lines.get(i));
            if (line.isEmpty()) {
                continue;
            }
            out.add(measurement(fields(line, name, i + 1), columns, name, i + 1));
        }
        return out;
    }

    private static Measurement measurement(List<String> f, int columns, String name, int lineNo)
            throws BenchCsvException {
        if (f.size() != columns) {
            throw new BenchCsvException(name + ":" + lineNo + ": expected " + columns + " fields, found " + f.size());
        }
        String pinned = f.get(7);
        if (!pinned.equals("true") && !pinned.equals("false")) {
            throw new BenchCsvException(name + ":" + lineNo + ": pinned must be true or false, not '" + pinned + "'");
        }
        try {
            return new Measurement(f.get(0), integer(f.get(1), "p", name, lineNo), integer(f.get(2), "trial", name, lineNo),
                    number(f.get(3), "time_ns", name, lineNo), integer(f.get(4), "repetitions", name, lineNo),
                    integer(f.get(5), "warmup", name, lineNo), integer(f.get(6), "cpus", name, lineNo),
                    pinned.equals("true"), columns == COLUMNS ? load(f, name, lineNo) : MachineLoad.UNKNOWN);
        } catch (IllegalArgumentException e) {
            throw new BenchCsvException(name + ":" + lineNo + ": " + e.getMessage());
        }
    }

    /** The load columns (spread and noisy are checked, not kept: readers recompute them from the times). */
    private static MachineLoad load(List<String> f, String name, int lineNo) throws BenchCsvException {
        double others = decimal(f.get(8), "others_cpu", name, lineNo);
        double average = decimal(f.get(9), "load_average", name, lineNo);
        int cpus = f.get(10).isEmpty() ? 0 : integer(f.get(10), "machine_cpus", name, lineNo);
        decimal(f.get(11), "spread", name, lineNo);
        String noisy = f.get(12);
        if (!noisy.isEmpty() && !noisy.equals("true") && !noisy.equals("false")) {
            throw new BenchCsvException(name + ":" + lineNo + ": noisy must be true, false or empty, not '" + noisy + "'");
        }
        return new MachineLoad(others, average, cpus);
    }

    /** @return a decimal column's value, NaN when empty */
    private static double decimal(String s, String column, String name, int lineNo) throws BenchCsvException {
        if (s.isEmpty()) {
            return Double.NaN;
        }
        try {
            double v = Double.parseDouble(s);
            if (Double.isFinite(v) && v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new BenchCsvException(name + ":" + lineNo + ": " + column + " is not a non-negative number: '" + s + "'");
    }

    private static int integer(String s, String column, String name, int lineNo) throws BenchCsvException {
        long v = number(s, column, name, lineNo);
        if (v > Integer.MAX_VALUE) {
            throw new BenchCsvException(name + ":" + lineNo + ": " + column + " is too large: " + s);
        }
        return (int) v;
    }

    private static long number(String s, String column, String name, int lineNo) throws BenchCsvException {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new BenchCsvException(name + ":" + lineNo + ": " + column + " is not a whole number: '" + s + "'");
        }
    }

    /** Splits one line into RFC 4180 fields (a quoted field may hold commas and doubled quotes). */
    private static List<String> fields(String line, String name, int lineNo) throws BenchCsvException {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (true) {
            field.setLength(0);
            if (i < line.length() && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= line.length()) {
                        throw new BenchCsvException(name + ":" + lineNo + ": a quoted field is not closed");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < line.length() && line.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(c);
                    }
                }
                if (i < line.length() && line.charAt(i) != ',') {
                    throw new BenchCsvException(name + ":" + lineNo + ": text after a quoted field");
                }
            } else {
                while (i < line.length() && line.charAt(i) != ',') {
                    field.append(line.charAt(i++));
                }
            }
            out.add(field.toString());
            if (i >= line.length()) {
                return out;
            }
            i++; // the comma
        }
    }

    private static String strip(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** @return {@code field} as one CSV field: in quotes, inner quotes doubled, when it needs them */
    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
