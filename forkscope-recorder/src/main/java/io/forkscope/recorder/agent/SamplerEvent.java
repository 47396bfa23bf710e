package io.forkscope.recorder.agent;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * Which engine took the run's stack samples, committed once when sampling starts, so that the samples'
 * file says it itself (a file without it is from JFR, the only engine before this event).
 */
@Name(SamplerEvent.NAME)
@Label("forkscope sampler")
@Category("forkscope")
@Description("The engine that sampled the run's stacks")
@StackTrace(false)
final class SamplerEvent extends jdk.jfr.Event {
    static final String NAME = "io.forkscope.Sampler";

    @Label("Engine")
    @Description("e.g. async-profiler 4.1, jfr")
    String engine;

    @Label("Event")
    @Description("What triggers a sample: cpu (perf_events), cpu (ctimer), itimer (async-profiler), jdk.ExecutionSample (JFR)")
    String event;

    @Label("Period")
    @Timespan(Timespan.NANOSECONDS)
    long periodNs;

    @Label("Note")
    @Description("Why JFR samples although async-profiler is the default, or empty")
    String note;

    static void emit(String engine, String event, long periodNs, String note) {
        SamplerEvent e = new SamplerEvent();
        e.engine = engine;
        e.event = event;
        e.periodNs = periodNs;
        e.note = note == null ? "" : note;
        e.commit();
    }
}
