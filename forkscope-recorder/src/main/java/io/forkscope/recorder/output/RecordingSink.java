package io.forkscope.recorder.output;

import io.forkscope.model.RecorderFailure;
import io.forkscope.model.RecordingInfo;
import io.forkscope.model.RecordingWriter;
import io.forkscope.model.WholeRun;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SitesResult;
import io.forkscope.recorder.sites.SiteRegistry;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Writes what a recorder measured ({@link Measurements}) to the recording file: the information block at once,
 * then closed regions, warnings, DAG nodes and workers' busy intervals (mode=dag), the DAG's frame
 * and a whole-run snapshot every flush interval (so that a killed JVM leaves a readable file), and
 * a final snapshot plus the end block when the JVM exits, however it exits (normal end,
 * System.exit, an uncaught exception, SIGTERM: all run shutdown hooks).
 *
 * <p>Threading: all writing happens under this object's lock, from the flusher thread or the
 * shutdown hook; after {@link #close} nothing more is written. {@link #recorderFailed} is called
 * from any thread (the one whose event failed) and never blocks: it publishes the failure through
 * an atomic reference and wakes the flusher, which writes it.
 *
 * <p>The end of a recording, in this order, each step only if all before it were written: (1) the
 * hooks are turned off ({@link #stopHooksOnClose}), so no event starts any more, and when a signal
 * ended the run ({@link #endedBy}) an information block says which; (2) every region,
 * warning, DAG node and busy interval the measurements still hold is drained, then the DAG's
 * frame; (3) the closing warnings; (4) the final whole-run snapshot; (5) with call sites, their
 * table and profiles ({@link Measurements#sitesResult}, the sites of {@link SiteRegistry}); (6) with
 * sampling, the stack samples ({@link #samplesOnClose}); (7) the end block. A write that fails midway stops there: the file then has no end block, and readers
 * say it is partial. The sites come after the final snapshot so that a file cut inside their
 * block still has the run's final numbers; a failure to compute them is the recorder's failure.
 *
 * <p>After a recorder failure the measurements are not trusted any more: the sink asks them for
 * nothing but the regions and warnings already queued, writes the failure block, and at the end
 * only the end block (no final drain, no final snapshot). Readers then show the last snapshot
 * written before the failure, marked incomplete.
 */
public final class RecordingSink {
    private final RecordingWriter writer;
    private final Measurements measurements;
    private final long flushMs;
    private final AtomicReference<RecorderFailure> failure = new AtomicReference<>();
    private volatile Thread flusher;
    private volatile Runnable stopHooks = () -> { };
    private volatile Consumer<Throwable> internalError = this::recorderFailed;
    private volatile Supplier<List<CallSite>> siteTable = SiteRegistry::sites;
    private volatile java.util.concurrent.Callable<ClosingSamples> samples;
    private volatile Supplier<String> endedBy = () -> null;
    private volatile Supplier<Map<String, String>> infoOnClose = Map::of;
    /** What of the DAG's nodes the file holds (sink thread only once started). */
    private volatile DagBudget dagBudget = new DagBudget(DagBudget.UNLIMITED);
    // guarded by this
    private boolean closed;
    private boolean failureWritten;
    private long lastTasks = -1;
    private long lastWork = -1;

    public RecordingSink(RecordingWriter writer, Map<String, String> info, Measurements measurements, long flushMs)
            throws IOException {
        this.writer = writer;
        this.measurements = measurements;
        this.flushMs = flushMs;
        writer.info(info);
        writer.wholeRun(measurements.snapshot(false));
        measurements.onDagBacklog(this::wakeForBacklog);
    }

    /** DAG nodes pile up faster than the periodic flush takes them: flush now (never blocks). */
    private void wakeForBacklog() {
        backlog = true;
        Thread f = flusher;
        if (f != null) {
            LockSupport.unpark(f);
        }
    }

    /** Set by {@link #wakeForBacklog}, cleared by the flusher before it flushes. */
    private volatile boolean backlog;

    /**
     * What turns the recorder's hooks off for good; run by {@link #close} before the final drain,
     * so that the drain does not race with new events. Set before {@link #start}.
     */
    public void stopHooksOnClose(Runnable stop) {
        this.stopHooks = stop;
    }

    /**
     * Where an error the measurements throw in the flusher goes (the agent's failure path, which
     * stops the hooks and comes back to {@link #recorderFailed}); by default straight to
     * {@link #recorderFailed}. Set before {@link #start}.
     */
    public void onInternalError(Consumer<Throwable> handler) {
        this.internalError = handler;
    }

    /** Where the call-site table comes from (tests; by default {@link SiteRegistry#sites()}). Set before {@link #start}. */
    public void siteTable(Supplier<List<CallSite>> table) {
        this.siteTable = table;
    }

    /**
     * The run's stack samples as the sampler hands them over at the close: a JFR file, and what the
     * recording's information should say of them (each thread's CPU time while sampled, {@link
     * RecordingInfo#SAMPLE_CPU_PREFIX}), written as an information block right before the samples.
     */
    public record ClosingSamples(byte[] jfr, Map<String, String> info) {
        public ClosingSamples {
            info = Map.copyOf(info);
        }
    }

    /**
     * What the recording's information should say that only the close knows (the machine's load
     * over the run): written with the measurements' closing information. Set before {@link #start};
     * a supplier that throws adds nothing.
     */
    /**
     * Bounds the DAG: after {@code maxNodes} nodes the window ends (see {@link DagBudget});
     * 0 for no bound. Set before {@link #start}.
     */
    public void dagMaxNodes(long maxNodes) {
        this.dagBudget = new DagBudget(maxNodes);
    }

    public void infoOnClose(Supplier<Map<String, String>> source) {
        Supplier<Map<String, String>> before = this.infoOnClose;
        this.infoOnClose = () -> {          // each source adds its keys; one that throws adds nothing
            Map<String, String> merged = new java.util.LinkedHashMap<>();
            for (Supplier<Map<String, String>> s : List.of(before, source)) {
                try {
                    merged.putAll(s.get());
                } catch (RuntimeException e) {
                    // that source's keys are left out
                }
            }
            return merged;
        };
    }

    /**
     * Where the run's stack samples come from (agent option sample): called once, at the end of a
     * recording that did not fail, after the call sites; its information (if any) becomes an
     * information block and its JFR bytes the samples blocks. If it throws, the recording says so in
     * a warning, has no samples, and is otherwise whole; one line goes to stderr. Set before {@link #start}.
     */
    public void samplesOnClose(java.util.concurrent.Callable<ClosingSamples> source) {
        this.samples = source;
    }

    /**
     * What says, at the close, which signal ended the run (null when none did): the close then
     * writes it into the recording's information ({@link RecordingInfo#ENDED_BY}) before anything
     * else, and tells the measurements ({@link Measurements#runEndedBy}) so that what the signal
     * cut off is not counted as the program's. Set before {@link #start}.
     */
    public void endedBy(Supplier<String> signal) {
        this.endedBy = signal;
    }

    /** Starts the periodic flusher (a daemon thread) and registers the final write at JVM exit. */
    public void start() {
        Thread t = new Thread(this::flushPeriodically, "forkscope-recording-flusher");
        t.setDaemon(true);
        flusher = t;
        t.start();
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "forkscope-recording-close"));
    }

    /**
     * The recorder failed internally and stopped recording: the failure block is written at the
     * next flush (the flusher is woken at once) or at the close, whichever comes first. Only the
     * first failure counts. Never blocks and never throws.
     */
    public void recorderFailed(Throwable t) {
        if (failure.compareAndSet(null, new RecorderFailure(System.currentTimeMillis(), String.valueOf(t)))) {
            Thread f = flusher;
            if (f != null) {
                LockSupport.unpark(f);
            }
        }
    }

    /** Writes a periodic snapshot if anything changed since the last one (after a failure, the failure). */
    public synchronized void flush() throws IOException {
        if (closed) {
            return;
        }
        writePending(false);
        if (writeFailure()) {
            return;
        }
        writeDag(false);
        WholeRun run = measurements.snapshot(false);
        if (run.tasks() != lastTasks || run.measures().work() != lastWork) {
            writer.wholeRun(run);
            lastTasks = run.tasks();
            lastWork = run.measures().work();
        }
    }

    /** Stops the hooks, drains everything, writes the final snapshot and the end block, then closes the file. */
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        Thread f = flusher;
        if (f != null) {
            f.interrupt();
        }
        try {
            stopHooks.run();
        } catch (RuntimeException e) {
            recorderFailed(e);
        }
        try {
            String signal = endedBy.get();
            if (signal != null) {
                writer.info(Map.of(RecordingInfo.ENDED_BY, signal));   // readers merge information blocks
                measurements.runEndedBy(signal);
            }
            writePending(true);
            if (!writeFailure()) {
                writeDag(true);
                writePending(true);   // anything the final drain raised
                for (String w : measurements.closingWarnings()) {
                    writer.warning(w);
                }
                java.util.Map<String, String> closingInfo = new java.util.TreeMap<>(measurements.closingInfo());
                closingInfo.putAll(dagBudget.info());
                try {
                    closingInfo.putAll(infoOnClose.get());
                } catch (RuntimeException e) {
                    // the machine's load stays unknown
                }
                if (!closingInfo.isEmpty()) {
                    writer.info(closingInfo);    // readers merge information blocks
                }
                io.forkscope.model.slots.WorkerSlots slots = measurements.slots();
                if (slots != null) {
                    writer.slots(slots);
                }
                writer.wholeRun(measurements.snapshot(true));
                writeSites();
                writeSamples();
            }
        } catch (IOException e) {
            System.err.println("forkscope: could not finish the recording: " + e);
            closeQuietly();
            return;
        } catch (RuntimeException e) {
            // the measurements failed while draining: say so in the file, which is then partial
            recorderFailed(e);
            System.err.println("forkscope: internal error while finishing the recording: " + e);
            try {
                writeFailure();
            } catch (IOException | RuntimeException again) {
                closeQuietly();
                return;
            }
        }
        try {
            writer.endOfRecording();
            writer.close();
        } catch (IOException | RuntimeException e) {
            System.err.println("forkscope: could not finish the recording: " + e);
            closeQuietly();
        }
    }

    /** The call-site block, when the measurements have call sites: asked for only now, after the final drain. */
    private void writeSites() throws IOException {
        SitesResult result = measurements.sitesResult();
        if (result != null) {
            writer.sites(new RecordedSites(siteTable.get(), result, measurements.sitesRegions()));
            for (String note : measurements.sitesNotes()) {
                writer.warning("call sites: " + note);
            }
        }
    }

    /** The samples blocks, when sampling: asked for only now, after everything else the run measured. */
    private void writeSamples() throws IOException {
        java.util.concurrent.Callable<ClosingSamples> source = samples;
        if (source == null) {
            return;
        }
        ClosingSamples closing;
        try {
            closing = source.call();
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            System.err.println("forkscope: could not save the stack samples; the recording has none: " + e);
            writer.warning("stack samples: could not be saved (" + e + ")");
            return;
        }
        if (!closing.info().isEmpty()) {
            writer.info(new java.util.TreeMap<>(closing.info()));
        }
        writer.samples(closing.jfr());
    }

    /** @return whether the recorder failed; writes the failure block the first time */
    private boolean writeFailure() throws IOException {
        RecorderFailure f = failure.get();
        if (f == null) {
            return false;
        }
        if (!failureWritten) {
            writer.failure(f);
            failureWritten = true;
        }
        return true;
    }

    private void closeQuietly() {
        try {
            writer.close();
        } catch (IOException | RuntimeException ignored) {
            // already said why the file is partial
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
            DagBudget budget = dagBudget;
            java.util.function.Consumer<java.util.List<io.forkscope.model.dag.RecordedNode>> write = writing(writer::dagNodes);
            measurements.drainDagNodes(batch -> budget.write(batch, write), isFinal);
            java.util.function.Consumer<io.forkscope.model.dag.WorkerBusy> writeBusy = writing(writer::workerBusy);
            measurements.drainWorkerBusy(busy -> budget.write(busy, writeBusy), isFinal);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        long[] frame = measurements.dagFrame();
        if (frame != null) {
            writer.dagRun((int) frame[0], frame[1], frame[2]);
        }
    }

    /**
     * Flushes every {@code flushMs}, and at once when a failure or a backlog of DAG nodes wakes it. An I/O error ends it (the
     * file cannot be written); an error the measurements throw goes to the failure path, and the
     * next round writes the failure.
     */
    private void flushPeriodically() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(flushMs);
        while (!Thread.currentThread().isInterrupted()) {
            long left = deadline - System.nanoTime();
            if (left > 0 && failure.get() == null && !backlog) {
                LockSupport.parkNanos(this, left);
                continue;
            }
            backlog = false;
            deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(flushMs);
            try {
                flush();
            } catch (IOException e) {
                System.err.println("forkscope: could not write the recording: " + e);
                return;
            } catch (RuntimeException e) {
                internalError.accept(e);
            }
            if (failureWritten()) {
                return;   // nothing more to write until the close
            }
        }
    }

    private synchronized boolean failureWritten() {
        return failureWritten;
    }
}
