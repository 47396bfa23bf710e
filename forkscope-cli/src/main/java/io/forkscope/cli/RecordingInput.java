package io.forkscope.cli;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingException;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How every command reads a recording: a file that cannot be read is a user error naming it; a
 * file that can is read, and its warnings go to stderr at once, each once and naming the file,
 * before the command prints any number. The first of them says why, when the recording is not
 * {@link Recording#complete() complete} (the recorder failed, the file is cut short, the JVM was
 * killed), so that no partial number is ever shown without it. Commands print no warning of a
 * recording themselves; their JSON carries {@code complete} and {@code warnings}.
 */
final class RecordingInput {
    private RecordingInput() {}

    /** Reads {@code file} and says its warnings on {@code err}. */
    static Recording read(Path file, PrintWriter err) {
        if (!Files.exists(file)) {
            throw new UserError(file + ": no such file");
        }
        Recording rec;
        try {
            rec = RecordingReader.read(file);
        } catch (RecordingException e) {
            throw new UserError(e.getMessage());
        }
        for (String w : named(rec.warnings(), file.toString())) {
            err.println("forkscope: warning: " + w);
        }
        err.flush();
        return rec;
    }

    /**
     * Refuses a recording whose whole-run measures the damage took: it is not complete and its last
     * whole-run block holds nothing (the first snapshot, written before any event, is all that is
     * left), so a report would show zeros as if measured.
     */
    static void requireMeasures(Recording rec, String name) {
        if (!rec.complete() && holdsNothing(rec.wholeRun())) {
            throw new UserError(lost(rec, name, "no measurement of its run"));
        }
    }

    /** @return whether a whole-run block counts nothing at all (no task, fork, join or work) */
    static boolean holdsNothing(WholeRun run) {
        WorkSpan m = run.measures();
        return run.tasks() == 0 && m.spawns() == 0 && m.syncs() == 0 && m.work() == 0;
    }

    /** @return "FILE: CAUSE, and WHAT comes before that": what a command needs is gone with the damage */
    static String lost(Recording rec, String name, String what) {
        return name + ": " + rec.incompleteCause().orElse("incomplete") + ", and " + what + " comes before that";
    }

    /** @return a text report's first line when {@code rec} is incomplete, with its cause; null when complete */
    static String incompleteLine(Recording rec) {
        return rec.complete() ? null : io.forkscope.report.TextReport.incomplete(rec.incompleteCause().orElse(null));
    }

    /** @return the warnings, each starting with the file's name (the reader's already do; the recorder's do not) */
    static List<String> named(List<String> warnings, String name) {
        return warnings.stream().map(w -> w.startsWith(name + ": ") ? w : name + ": " + w).toList();
    }
}
