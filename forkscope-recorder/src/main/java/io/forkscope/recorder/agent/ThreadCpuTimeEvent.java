package io.forkscope.recorder.agent;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A thread's CPU time while the run was sampled ({@link ThreadCpuTimes}), one event per thread at the
 * end: what the samples obtained for that thread are compared against (expected = CPU time / period).
 */
@Name(ThreadCpuTimeEvent.NAME)
@Label("forkscope thread CPU time")
@Category("forkscope")
@Description("A thread's CPU time while the run was sampled")
@StackTrace(false)
final class ThreadCpuTimeEvent extends jdk.jfr.Event {
    static final String NAME = "io.forkscope.ThreadCpuTime";

    @Label("Java thread id")
    long javaThreadId;

    @Label("Thread name")
    String threadName;

    @Label("CPU time")
    @Timespan(Timespan.NANOSECONDS)
    long cpuNs;
}
