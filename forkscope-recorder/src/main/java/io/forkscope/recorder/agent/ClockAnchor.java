package io.forkscope.recorder.agent;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A JFR event tying JFR's clock to the recorder's: {@link #sinceOriginNs} is the recorder's time
 * ({@link System#nanoTime()} less the engine's origin) read just before the commit, and the
 * event's start time is JFR's clock at the commit. The analysis converts a sample's JFR time t to
 * the recorder's clock as t − (anchor's start time − sinceOriginNs). The start time is read after
 * {@code sinceOriginNs}, so every anchor's offset is the true one plus the time between the two reads
 * (a preemption there, on a loaded machine, makes it milliseconds): the analysis takes the smallest
 * offset of a chunk's anchors, and {@value #ROUNDS} are emitted when sampling starts and again when it
 * ends (measured under load: the first of a row 4–20 µs above the smallest, the others within 1 µs).
 */
@Name(ClockAnchor.NAME)
@Label("forkscope clock anchor")
@Category("forkscope")
@Description("The forkscope recorder's clock at this event's start time")
@StackTrace(false)
final class ClockAnchor extends jdk.jfr.Event {
    static final String NAME = "io.forkscope.ClockAnchor";

    @Label("Since origin")
    @Timespan(Timespan.NANOSECONDS)
    long sinceOriginNs;

    /** Anchors per emission: the tightest counts. */
    static final int ROUNDS = 5;

    /** Commits one anchor for a recorder whose clock started at {@code originNs} ({@link System#nanoTime()}). */
    static void emit(long originNs) {
        for (int i = 0; i < ROUNDS; i++) {
            ClockAnchor e = new ClockAnchor();
            e.sinceOriginNs = System.nanoTime() - originNs;
            e.commit();   // no begin(): the start time is taken here, right after the read above
        }
    }
}
