package io.forkscope.recorder.timing;

import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import java.io.IOException;
import java.util.Map;

/**
 * Writes what a {@link RegionTimer} measured, in the ordinary recording format: the information
 * block at once, closed regions every flush interval (so that a killed JVM keeps the regions that
 * had closed), and at JVM exit the remaining regions, a final whole-run block and the end block.
 *
 * <p>The whole run of this mode is the program's time from the agent's start (after JVM start-up)
 * to the JVM's exit; its work, span and counts are 0, as are the regions': readers tell this mode
 * by the information key {@code mode=regions}.
 *
 * <p>All writing happens under this object's lock; after {@link #close} nothing more is written.
 */
public final class TimingSink {
    private final RecordingWriter writer;
    private final RegionTimer timer;
    private final int workers;
    private final long flushMs;
    private Thread flusher;
    private boolean closed;

    /**
     * @param workers the parallelism imposed on the program's pools, 0 when none was; it goes into
     *                the whole-run block's workers field
     */
    public TimingSink(RecordingWriter writer, Map<String, String> info, RegionTimer timer, int workers, long flushMs)
            throws IOException {
        this.writer = writer;
        this.timer = timer;
        this.workers = workers;
        this.flushMs = flushMs;
        writer.info(info);
        writer.wholeRun(wholeRun(false));
    }

    /** Starts the periodic flusher (a daemon thread) and registers the final write at JVM exit. */
    public void start() {
        flusher = new Thread(this::flushPeriodically, "forkscope-timing-flusher");
        flusher.setDaemon(true);
        flusher.start();
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "forkscope-timing-close"));
    }

    /** Writes the regions closed since the last flush. */
    public synchronized void flush() throws IOException {
        if (!closed) {
            writeRegions();
        }
    }

    /** Writes the remaining regions, the final whole run and the end block, then closes the file. */
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (flusher != null) {
            flusher.interrupt();
        }
        try {
            writeRegions();
            writer.wholeRun(wholeRun(true));
            writer.endOfRecording();
            writer.close();
        } catch (IOException | RuntimeException e) {
            System.err.println("forkscope: could not finish the recording: " + e);
        }
    }

    private WholeRun wholeRun(boolean isFinal) {
        return new WholeRun(new WorkSpan(0, 0, 0, 0, 0, timer.elapsedNs()), workers, 0, 0, isFinal);
    }

    private void writeRegions() throws IOException {
        IOException[] failure = new IOException[1];
        timer.drainRegions(r -> {
            try {
                writer.region(r);
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
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
