package io.forkscope.cli;

import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.model.Recording;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.Unit;
import io.forkscope.analysis.delay.TimedDag;
import io.forkscope.model.dag.Dag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/** Reading recordings for the commands that analyse a recorded DAG (delays, profile, export, compare). */
final class DagInput {
    private DagInput() {}

    static Recording read(Path file, java.io.PrintWriter err) {
        Recording rec = RecordingInput.read(file, err);
        LargeDagHeap.afterReading(rec);
        return rec;
    }

    /**
     * @return the recording's DAG; a user error when it was recorded without one, or when it was
     *     recorded with one but the damage (a cut, a damaged block, a killed JVM, a recorder failure)
     *     left no node of it
     */
    static Dag dag(Recording rec, String name) {
        boolean dagMode = "dag".equals(rec.info().get(RecordingInfo.MODE, ""));
        Dag dag = rec.recordedDag().orElse(null);
        if (!rec.complete() && dagMode && (dag == null || dag.nodes().isEmpty())) {
            throw new UserError(RecordingInput.lost(rec, name, "no node of its DAG (recorded with --mode dag)"));
        }
        if (dag == null) {
            throw new UserError(dagMode ? name + ": recorded with --mode dag but holds no DAG"
                    : name + ": recorded without a DAG; record with --mode dag");
        }
        return dag;
    }

    /**
     * The DAG as the time analyses read it: a DAG counted in bytecodes has its nodes' running times
     * put in place of their counts ({@link TimedDag}); a DAG in time is itself.
     */
    static Dag timed(Recording rec, Dag dag) {
        return rec.info().unit() == Unit.BYTECODES ? TimedDag.of(dag) : dag;
    }

    /**
     * T1' of a serial run: its DAG's work when it has a DAG, else its whole-run work, which must be
     * in nanoseconds.
     */
    static double serialWork(Recording serial, String name) {
        if (serial.recordedDag().isPresent() || "dag".equals(serial.info().get(RecordingInfo.MODE, ""))) {
            return timed(serial, dag(serial, name)).nodes().stream().mapToLong(n -> n.work()).sum();
        }
        RecordingInput.requireMeasures(serial, name);
        if (serial.info().unit() != Unit.TIME) {
            throw new UserError(name + ": recorded in " + serial.info().unit().symbol() + "; the serial run's work must"
                    + " be measured time (record it with --unit time, or with --mode dag)");
        }
        return serial.wholeRun().measures().work();
    }

    static DelayReport analyze(Recording rec, String name, Recording serial, String serialName) {
        Dag dag = timed(rec, dag(rec, name));
        return DelaySpotter.analyze(dag, serial == null ? OptionalDouble.empty()
                : OptionalDouble.of(serialWork(serial, serialName)));
    }

    /** @return "mode=dag workers=4 ..." from the recording's info: how the run was made, for a column label */
    static String describe(RecordingInfo info) {
        List<String> parts = new ArrayList<>();
        for (var e : info.asMap().entrySet()) {
            String k = e.getKey();
            boolean wanted = k.equals(RecordingInfo.MODE) || k.equals("workers")
                    || k.equals("common.parallelism") && !e.getValue().equals("default")
                    || k.contains("pool") || k.contains("async") || k.contains("fifo") || k.contains("lifo");
            if (wanted) {
                parts.add(k + "=" + e.getValue());
            }
        }
        String machine = io.forkscope.report.MachineLine.shortForm(info);   // how busy the machine was
        return String.join(" ", parts) + (machine.isEmpty() ? "" : (parts.isEmpty() ? "" : "; ") + machine);
    }
}
