package io.forkscope.report.model;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code forkscope sweep}'s index, {@code index.csv} beside the recordings: one row per recorded run
 * (n, p, trial), appended as the run finishes.
 *
 * <pre>
 * n,p,trial,file,create_task,wait_tasks,work_ns,delay_ns,no_work_ns,not_running_ns,forkscope_ns,elapsed_ns,span_ns,workers,slot_time_ns,serial_work_ns,cpus,pinned
 * 1000,2,1,n1000-p2-t1.fsk,1023,1023,18234000,912000,301000,12000,45000,9800000,2100000,2,19600000,17950000,2,true
 * </pre>
 *
 * The columns are {@link IndexRow}'s: DAG Recorder's statistics (measures.md §6) of the run's
 * recording, whole nanoseconds; serial_work_ns, T1'(n), is empty when the sweep had no 1-worker
 * run. Lines end with '\n'; no field holds a comma (the file names are the sweep's own).
 */
public final class SweepIndex {
    public static final String FILE_NAME = "index.csv";
    public static final String HEADER = "n,p,trial,file,create_task,wait_tasks,work_ns,delay_ns,no_work_ns,"
            + "not_running_ns,forkscope_ns,elapsed_ns,span_ns,workers,slot_time_ns,serial_work_ns,cpus,pinned";
    private static final int COLUMNS = 18;

    private SweepIndex() {}

    /** An index that cannot be read: the message names the file (and line) and what is wrong, in one line. */
    public static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        public Malformed(String message) {
            super(message);
        }
    }

    /** @return one row with its line end */
    public static String row(IndexRow r) {
        return r.n() + "," + r.p() + "," + r.trial() + "," + r.file() + "," + r.createTask() + "," + r.waitTasks()
                + "," + r.work() + "," + r.delay() + "," + r.noWork() + "," + r.notRunning() + "," + r.forkscope()
                + "," + r.elapsed() + "," + r.span() + "," + r.workers() + "," + r.slotTime() + ","
                + (r.serialWork().isPresent() ? Long.toString(r.serialWork().getAsLong()) : "") + "," + r.cpus()
                + "," + r.pinned() + "\n";
    }

    /** Writes a whole index: the header, then the rows. */
    public static void write(List<IndexRow> rows, Writer out) throws IOException {
        out.write(HEADER + "\n");
        for (IndexRow r : rows) {
            out.write(row(r));
        }
        out.flush();
    }

    /** Reads an index; {@code file} names it in messages. */
    public static List<IndexRow> read(Path file) throws IOException, Malformed {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new Malformed(file + ": no such file (the index forkscope sweep writes)");
        } catch (java.nio.charset.MalformedInputException e) {
            throw new Malformed(file + ": not a sweep index (not text)");
        }
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new Malformed(file + ": not a sweep index (its first line is not the header forkscope sweep writes)");
        }
        List<IndexRow> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            try {
                rows.add(parse(line));
            } catch (RuntimeException e) {
                throw new Malformed(file + ":" + (i + 1) + ": not a row of a sweep index (" + e.getMessage() + ")");
            }
        }
        return rows;
    }

    static IndexRow parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length != COLUMNS) {
            throw new IllegalArgumentException(f.length + " fields, not " + COLUMNS);
        }
        int p = Integer.parseInt(f[1]);
        int trial = Integer.parseInt(f[2]);
        if (p < 1 || trial < 1 || f[3].isEmpty()) {
            throw new IllegalArgumentException("p and trial must be at least 1 and the file named");
        }
        if (!f[17].equals("true") && !f[17].equals("false")) {
            throw new IllegalArgumentException("pinned is true or false, not '" + f[17] + "'");
        }
        long[] v = new long[11];
        for (int k = 0; k < v.length; k++) {
            v[k] = Long.parseLong(f[4 + k]);
            if (v[k] < 0) {
                throw new IllegalArgumentException("negative " + HEADER.split(",")[4 + k]);
            }
        }
        long n = Long.parseLong(f[0]);
        OptionalLong serial = f[15].isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(f[15]));
        return new IndexRow(n, p, trial, f[3], v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], (int) v[9],
                v[10], serial, Integer.parseInt(f[16]), Boolean.parseBoolean(f[17]));
    }
}
