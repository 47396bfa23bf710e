package io.forkscope.report.bench;

import io.forkscope.analysis.scaling.Measurement;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code forkscope bench}'s CSV: one row per (region, P, trial), in the order the runs finished.
 *
 * <pre>
 * region,p,trial,time_ns,repetitions,warmup,cpus,pinned
 * quicksort,1,1,812345678,2,1,1,true
 * </pre>
 *
 * region is the label ("" for the whole run; quoted as RFC 4180 asks when it holds a comma or a
 * quote; a line break in a label is written as a space); time_ns the section's time in that run, the median of its {@code repetitions}
 * in-process repetitions left after dropping {@code warmup} first ones; cpus how many cores the run
 * could use; pinned whether it was restricted to cores of its own. Lines end with '\n'.
 */
public final class BenchCsv {
    public static final String HEADER = "region,p,trial,time_ns,repetitions,warmup,cpus,pinned";
    private static final int COLUMNS = 8;

    private BenchCsv() {}

    /** @return one row, with its line end */
    public static String row(Measurement m) {
        return quote(m.region().replace('\n', ' ').replace('\r', ' ')) + ',' + m.p() + ',' + m.trial() + ',' + m.timeNs() + ',' + m.repetitions() + ','
                + m.warmup() + ',' + m.cpus() + ',' + m.pinned() + '\n';
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
        if (lines.isEmpty() || !strip(lines.get(0)).equals(HEADER)) {
            throw new BenchCsvException(name + ": not a forkscope bench CSV (its first line is not '" + HEADER + "')");
        }
        List<Measurement> out = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = strip(lines.get(i));
            if (line.isEmpty()) {
                continue;
            }
            out.add(measurement(fields(line, name, i + 1), name, i + 1));
        }
        return out;
    }

    private static Measurement measurement(List<String> f, String name, int lineNo) throws BenchCsvException {
        if (f.size() != COLUMNS) {
            throw new BenchCsvException(name + ":" + lineNo + ": expected " + COLUMNS + " fields, found " + f.size());
        }
        String pinned = f.get(7);
        if (!pinned.equals("true") && !pinned.equals("false")) {
            throw new BenchCsvException(name + ":" + lineNo + ": pinned must be true or false, not '" + pinned + "'");
        }
        try {
            return new Measurement(f.get(0), integer(f.get(1), "p", name, lineNo), integer(f.get(2), "trial", name, lineNo),
                    number(f.get(3), "time_ns", name, lineNo), integer(f.get(4), "repetitions", name, lineNo),
                    integer(f.get(5), "warmup", name, lineNo), integer(f.get(6), "cpus", name, lineNo),
                    pinned.equals("true"));
        } catch (IllegalArgumentException e) {
            throw new BenchCsvException(name + ":" + lineNo + ": " + e.getMessage());
        }
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
