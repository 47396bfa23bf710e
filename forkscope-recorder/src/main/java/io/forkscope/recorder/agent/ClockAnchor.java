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
 * the recorder's clock as t − (anchor's start time − sinceOriginNs). Emitted when sampling starts
 * and again when it ends (the two bound the clocks' drift).
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

    /** Commits one anchor for a recorder whose clock started at {@code originNs} ({@link System#nanoTime()}). */
    static void emit(long originNs) {
        ClockAnchor e = new ClockAnchor();
        e.sinceOriginNs = System.nanoTime() - originNs;
        e.commit();   // no begin(): the start time is taken here, right after the read above
    }
}
