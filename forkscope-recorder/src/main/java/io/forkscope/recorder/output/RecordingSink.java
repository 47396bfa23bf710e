package io.forkscope.recorder.output;

import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import java.io.IOException;
import java.util.Map;

/**
 * Writes what a recorder measured ({@link Measurements}) to the recording file: the information block at once,
 * then closed regions, warnings, DAG nodes and workers' busy intervals (mode=dag), the DAG's frame
 * and a whole-run snapshot every flush interval (so that a killed JVM leaves a readable file), and
 * a final snapshot plus the end block when the JVM exits, however it exits (normal end,
 * System.exit, an uncaught exception, SIGTERM: all run shutdown hooks).
 *
 * <p>All writing happens under this object's lock, from the flusher thread or the shutdown hook;
 * after {@link #close} nothing more is written.
 */
public final class RecordingSink {
    private final RecordingWriter writer;
    private final Measurements measurements;
    private final long flushMs;
    private Thread flusher;
    private boolean closed;
    private long lastTasks = -1;
    private long lastWork = -1;

    public RecordingSink(RecordingWriter writer, Map<String, String> info, Measurements measurements, long flushMs)
            throws IOException {
        this.writer = writer;
        this.measurements = measurements;
        this.flushMs = flushMs;
        writer.info(info);
        writer.wholeRun(measurements.snapshot(false));
    }

    /** Starts the periodic flusher (a daemon thread) and registers the final write at JVM exit. */
    public void start() {
        flusher = new Thread(this::flushPeriodically, "forkscope-recording-flusher");
        flusher.setDaemon(true);
        flusher.start();
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "forkscope-recording-close"));
    }

    /** Writes a periodic snapshot if anything changed since the last one. */
    public synchronized void flush() throws IOException {
        if (closed) {
            return;
        }
        writePending(false);
        writeDag(false);
        WholeRun run = measurements.snapshot(false);
        if (run.tasks() != lastTasks || run.measures().work() != lastWork) {
            writer.wholeRun(run);
            lastTasks = run.tasks();
            lastWork = run.measures().work();
        }
    }

    /** Writes the final snapshot and the end block, then closes the file. */
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (flusher != null) {
            flusher.interrupt();
        }
        try {
            writePending(true);
            writeDag(true);
            for (String w : measurements.closingWarnings()) {
                writer.warning(w);
            }
            writer.wholeRun(measurements.snapshot(true));
            writer.endOfRecording();
            writer.close();
        } catch (IOException | RuntimeException e) {
            System.err.println("forkscope: could not finish the recording: " + e);
        }
    }

    private void writePending(boolean isFinal) throws IOException {
        IOException[] failure = new IOException[1];
        measurements.drainRegions(r -> {
            try {
                writer.region(r);
            } catch (IOException e) {
                failure[0] = e;
            }
        }, isFinal);
        measurements.drainWarnings(w -> {
            try {
                writer.warning(w);
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    /** A block writer that may throw, as a consumer whose IOException goes out unchecked. */
    private interface BlockWriter<T> {
        void write(T value) throws IOException;
    }

    private static <T> java.util.function.Consumer<T> writing(BlockWriter<T> w) {
        return value -> {
            try {
                w.write(value);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
    }

    private void writeDag(boolean isFinal) throws IOException {
        try {
            measurements.drainDagNodes(writing(writer::dagNodes), isFinal);
            measurements.drainWorkerBusy(writing(writer::workerBusy), isFinal);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        long[] frame = measurements.dagFrame();
        if (frame != null) {
            writer.dagRun((int) frame[0], frame[1], frame[2]);
        }
    }

    private void flushPeriodically() {
        try {
            while (true) {
                Thread.sleep(flushMs);
                flush();
            }
        } catch (InterruptedException e) {
            // closing
        } catch (IOException e) {
            System.err.println("forkscope: could not write the recording: " + e);
        }
    }
}
