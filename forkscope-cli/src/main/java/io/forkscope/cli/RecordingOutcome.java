package io.forkscope.cli;

import io.forkscope.model.Recording;
import io.forkscope.model.RecordingException;
import io.forkscope.model.RecordingReader;
import io.forkscope.model.Unit;
import io.forkscope.model.WholeRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What {@code record} says once the program has ended: where each recording is, and whether it
 * holds what the user came for. A recording without a single fork/join event (the program failed
 * or exited before its first task) and one in abstract units whose program never declared any
 * ({@code Forkscope.work} not called, so all its tasks weigh 0 units) are written as they are, but
 * said to be so.
 */
final class RecordingOutcome {
    /**
     * A recording this large certainly holds events, and reading it twice (here, then in summary)
     * would cost a DAG recording's time and heap: it is not opened.
     */
    private static final long LARGEST_INSPECTED_BYTES = 8L << 20;

    private RecordingOutcome() {}

    /** Prints one line per recording the program's JVMs wrote; {@code exit} is the program's exit code. */
    static void report(List<Path> written, int exit, PrintWriter err) {
        for (Path p : written) {
            err.println("forkscope: " + describe(p, inspect(p), exit));
        }
    }

    static String describe(Path file, Optional<Recording> rec, int exit) {
        String next = "  (forkscope summary " + ShellWords.quote(file) + ")";
        if (rec.isEmpty()) {
            return "recording written to " + file + next;
        }
        WholeRun run = rec.get().wholeRun();
        boolean noEvents = rec.get().regions().isEmpty() && (run == null || run.tasks() == 0
                && run.measures().spawns() == 0 && run.measures().syncs() == 0);
        if (noEvents) {
            return "recording " + file + " holds no fork/join events: " + (exit != 0
                    ? "the program exited with code " + exit + " before any"
                    : "the program ran no ForkJoinTask (no fork/join pool, parallel stream or CompletableFuture work)");
        }
        if (rec.get().info().unit() == Unit.ABSTRACT && run != null && run.tasks() > 0 && run.measures().work() == 0) {
            return "recording written to " + file + ", but its work is 0 units: the program ran " + run.tasks()
                    + " task(s) and never declared units with Forkscope.work (record with --unit time, or call"
                    + " Forkscope.work in each strand)" + next;
        }
        return "recording written to " + file + incompleteness(rec.get(), exit) + next;
    }

    /**
     * @return ", incomplete: CAUSE" for a recording that does not cover the whole run, "" for one that
     *     does; a recording the recorder never closed, of a program that ended with 128 + N, was cut
     *     by signal N, which no JVM survives to close its recording (SIGKILL), so that is the cause
     */
    static String incompleteness(Recording rec, int exit) {
        if (rec.complete()) {
            return "";
        }
        if (!rec.ended() && rec.failure() == null && !rec.truncated() && exit > 128 && exit < 128 + 32) {
            int signal = exit - 128;
            String name = signal == 9 ? " (SIGKILL)" : signal == 6 ? " (SIGABRT)" : signal == 11 ? " (SIGSEGV)" : "";
            return ", incomplete: the program was killed by signal " + signal + name + " before its recording was"
                    + " closed; it holds the last snapshot written before";
        }
        return rec.incompleteCause().map(c -> ", incomplete: " + c).orElse("");
    }

    /** @return the recording when it is small enough to look into and readable; else empty */
    private static Optional<Recording> inspect(Path file) {
        try {
            if (Files.size(file) > LARGEST_INSPECTED_BYTES) {
                return Optional.empty();
            }
            return Optional.of(RecordingReader.read(file));
        } catch (IOException | RecordingException | RuntimeException e) {
            return Optional.empty(); // summary says what is wrong with it
        }
    }
}
