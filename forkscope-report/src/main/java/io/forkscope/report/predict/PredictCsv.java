package io.forkscope.report.predict;

import io.forkscope.analysis.simulate.DagShape;
import io.forkscope.analysis.simulate.SimulatedScaling;
import io.forkscope.analysis.simulate.SimulatedScaling.Point;
import io.forkscope.analysis.simulate.SimulatedScaling.Row;
import io.forkscope.analysis.simulate.SimulatedScaling.Scenario;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code forkscope predict --csv}: one row per scenario and P, every field an integer (times and
 * worker-times in ns) but the scenario, so that a script or {@code forkscope plot --predicted}
 * computes what it needs (the speedup is t1_ns / t_p_..._ns). Columns:
 * <pre>
 * scenario               "recorded" (the recorded costs) or "what-if" (with --speedup; after the recorded rows)
 * p                      P, the simulated workers
 * t1_ns                  the DAG's work T1 under the scenario's costs (= T_1, = simulated work at any P)
 * span_ns                its span T∞ (collapsed nodes at their inner span)
 * t_p_sequential_ns      simulated T_P, collapsed nodes as one sequential piece (pessimistic)
 * t_p_malleable_ns       simulated T_P, collapsed nodes divisible (optimistic); = sequential without collapsed nodes
 * delay_sequential_ns    simulated delay (worker-ns): steal latency × steals
 * no_work_sequential_ns  simulated no-work (worker-ns); work + delay + no-work = P × T_P
 * steals_sequential      nodes run by another worker than the one that made them ready
 * delay_malleable_ns, no_work_malleable_ns, steals_malleable   the same, malleable
 * splits_malleable       parts split off running collapsed nodes
 * steal_latency_ns       L, the same on every row
 * </pre>
 * Lines end with '\n'; there is no quoting, as no field holds a comma.
 */
public final class PredictCsv {
    /** The header line: {@link #read} knows predict's CSV by it. */
    public static final String HEADER = "scenario,p,t1_ns,span_ns,t_p_sequential_ns,t_p_malleable_ns,"
            + "delay_sequential_ns,no_work_sequential_ns,steals_sequential,"
            + "delay_malleable_ns,no_work_malleable_ns,steals_malleable,splits_malleable,steal_latency_ns";
    public static final String RECORDED = "recorded";
    public static final String WHAT_IF = "what-if";

    private PredictCsv() {}

    public static void write(SimulatedScaling p, Writer out) throws IOException {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        rows(b, RECORDED, p.asRecorded(), p.stealLatencyNs());
        if (p.whatIf() != null) {
            rows(b, WHAT_IF, p.whatIf(), p.stealLatencyNs());
        }
        out.write(b.toString());
        out.flush();
    }

    private static void rows(StringBuilder b, String scenario, Scenario s, long latency) {
        DagShape shape = s.shape();
        for (Row r : s.rows()) {
            Point q = r.sequential();
            Point m = r.malleable();
            b.append(scenario).append(',').append(r.workers()).append(',').append(shape.work()).append(',')
                    .append(shape.span()).append(',').append(q.makespan()).append(',').append(m.makespan()).append(',')
                    .append(q.delay()).append(',').append(q.noWork()).append(',').append(q.steals()).append(',')
                    .append(m.delay()).append(',').append(m.noWork()).append(',').append(m.steals()).append(',')
                    .append(m.splits()).append(',').append(latency).append('\n');
        }
    }

    /** One row read back: what a plot needs. */
    public record PredictedRow(String scenario, int p, long t1, long sequential, long malleable) {
        /** @return T1 / T_P with collapsed nodes sequential; 0 when T_P is 0 */
        public double sequentialSpeedup() {
            return sequential == 0 ? 0 : (double) t1 / sequential;
        }

        public double malleableSpeedup() {
            return malleable == 0 ? 0 : (double) t1 / malleable;
        }
    }

    /** A file that is not a CSV of {@code forkscope predict}, or a damaged one; the message names the file. */
    public static final class NotPredictCsv extends Exception {
        private static final long serialVersionUID = 1L;

        NotPredictCsv(String message) {
            super(message);
        }
    }

    /** @return the rows of a CSV {@link #write} wrote, in its order */
    public static List<PredictedRow> read(Path file) throws IOException, NotPredictCsv {
        List<PredictedRow> out = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null || !header.strip().equals(HEADER)) {
                throw new NotPredictCsv(file + ": not a CSV of forkscope predict (its first line should be '"
                        + HEADER.substring(0, HEADER.indexOf(",t_p_")) + ",...'); write one with forkscope predict"
                        + " REC.fsk --csv -o FILE");
            }
            String line;
            int n = 1;
            while ((line = in.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                try {
                    if (f.length != HEADER.split(",").length || !(f[0].equals(RECORDED) || f[0].equals(WHAT_IF))) {
                        throw new NumberFormatException();
                    }
                    int p = Integer.parseInt(f[1]);
                    long t1 = Long.parseLong(f[2]);
                    long seq = Long.parseLong(f[4]);
                    long mall = Long.parseLong(f[5]);
                    if (p < 1 || t1 < 0 || seq < 0 || mall < 0) {
                        throw new NumberFormatException();
                    }
                    out.add(new PredictedRow(f[0], p, t1, seq, mall));
                } catch (NumberFormatException e) {
                    throw new NotPredictCsv(String.format(Locale.ROOT, "%s: line %d is not a row of forkscope predict's"
                            + " CSV (%d fields: scenario, P and integers)", file, n, HEADER.split(",").length));
                }
            }
        } catch (java.nio.charset.MalformedInputException e) {
            throw new NotPredictCsv(file + ": not a CSV of forkscope predict (not UTF-8 text)");
        }
        if (out.isEmpty()) {
            throw new NotPredictCsv(file + ": a CSV of forkscope predict without rows");
        }
        return out;
    }
}
