package io.forkscope.recorder.timing;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.WholeRun;
import io.forkscope.model.WorkSpan;
import io.forkscope.recorder.output.Measurements;
import io.forkscope.recorder.engine.Clock;
import io.forkscope.spi.RecorderHooks;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * The agent's hooks in {@code mode=regions}: each region's wall-clock time, nothing else. Opening
 * reads the clock, closing reads it again and queues a {@link RegionRecord} whose measures hold
 * only the elapsed time (work, span and counts are 0: they are not measured in this mode). What
 * the program does between the two reads is untouched: no fork/join class is woven, so the times
 * are those of the uninstrumented program. {@code Forkscope.work} is ignored.
 */
public final class RegionTimer implements RecorderHooks, Measurements {
    private final Clock clock;
    private final long startNs;
    private final int workers;
    private final Queue<RegionRecord> closed = new ConcurrentLinkedQueue<>();

    /** One open region: what it needs at its close. */
    private record Open(String label, String thread, long startNs) {}

    /**
     * @param workers the parallelism imposed on the program's pools, 0 when none was; it goes into
     *                the whole-run block's workers field
     */
    public RegionTimer(Clock clock, int workers) {
        this.clock = clock;
        this.workers = workers;
        this.startNs = clock.nanoTime();
    }

    /** @return when this timer started (the agent's start), on its clock */
    public long startNs() {
        return startNs;
    }

    /** @return nanoseconds since this timer started */
    public long elapsedNs() {
        return clock.nanoTime() - startNs;
    }

    @Override
    public Object regionStart(String label) {
        return new Open(label, Thread.currentThread().getName(), clock.nanoTime());
    }

    @Override
    public void regionStop(Object token) {
        long now = clock.nanoTime();
        if (token instanceof Open open) {
            closed.add(closedRecord(open, now));
        }
    }

    @Override
    public io.forkscope.Measurement regionStopMeasured(Object token) {
        regionStop(token);
        return io.forkscope.Measurement.notMeasured("the forkscope agent runs with mode=regions, which times regions"
                + " but measures no work or span (use mode=cilkview, the default)");
    }

    private RegionRecord closedRecord(Open open, long endNs) {
        return new RegionRecord(open.label(), open.thread(), open.startNs() - startNs,
                new WorkSpan(0, 0, 0, 0, 0, endNs - open.startNs()), 0);
    }

    /**
     * Runs what a region's open and close run, once, keeping nothing, so that every class they use
     * is loaded and initialised in premain rather than between the clock reads of the program's first
     * region (BenchIT's class-load count checks this).
     */
    public void warmUp() {
        Open open = new Open("warm-up", Thread.currentThread().getName(), clock.nanoTime());
        closedRecord(open, clock.nanoTime());
    }

    @Override
    public void work(long units) {
        // not measured in this mode
    }

    /**
     * The whole run of this mode is the program's time from this timer's creation (the end of the
     * agent's start-up, after JVM start-up and the agent's weaving) to now; its work, span and counts are 0, as are the regions': readers tell this mode by the
     * information key {@code mode=regions}.
     */
    @Override
    public WholeRun snapshot(boolean isFinal) {
        return new WholeRun(new WorkSpan(0, 0, 0, 0, 0, elapsedNs()), workers, 0, 0, isFinal);
    }

    @Override
    public void drainWarnings(Consumer<String> sink) {
        // this mode raises none
    }

    @Override
    public void drainRegions(Consumer<RegionRecord> sink) {
        for (RegionRecord r; (r = closed.poll()) != null; ) {
            sink.accept(r);
        }
    }
}
