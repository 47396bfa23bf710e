package io.forkscope.recorder.agent;

import io.forkscope.recorder.engine.SubmissionListener;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A JFR event at each task submitted from outside the pools (mode=dag with call sites and samples):
 * JFR keeps its stack, the submitter's, with the samples, and the analysis puts it in front of the
 * submitted task's logical context (issue 12: "the submitting thread's stack at submission,
 * captured once per submission"). JFR interns the stacks and walks them natively, so the cost is one
 * event per submission. {@link #worker}, {@link #sinceOriginNs} and {@link #runsHere} name a DAG node
 * (see {@link SubmissionListener#submitted}).
 */
@Name(SubmissionEvent.NAME)
@Label("forkscope submission")
@Category("forkscope")
@Description("A task submitted to a fork/join pool from outside it; the stack is the submitter's")
@StackTrace(true)
final class SubmissionEvent extends jdk.jfr.Event {
    static final String NAME = "io.forkscope.Submission";

    @Label("Worker")
    int worker;

    @Label("Since origin")
    @Timespan(Timespan.NANOSECONDS)
    long sinceOriginNs;

    @Label("Runs here")
    @Description("The submitting thread runs the task itself; the time is its first node's start, else the"
            + " end of the node the task's create edge leaves from")
    boolean runsHere;

    /**
     * Submissions kept at most: a program that submits from outside in a loop (executor style) would
     * otherwise pay a stack walk per task and fill the samples' file; later ones keep the one frame of
     * their fork site (the analysis finds no event for them).
     */
    static final int MAX_EVENTS = 100_000;

    /** The listener the engine calls: commits one event; on any failure it stops, and says so once. */
    static final class Listener implements SubmissionListener {
        private final java.util.concurrent.atomic.AtomicInteger emitted = new java.util.concurrent.atomic.AtomicInteger();
        private volatile boolean failed;

        @Override
        public void submitted(int worker, long sinceOriginNs, boolean runsHere) {
            if (failed || emitted.get() >= MAX_EVENTS || emitted.incrementAndGet() > MAX_EVENTS) {
                return;
            }
            try {
                SubmissionEvent e = new SubmissionEvent();
                e.worker = worker;
                e.sinceOriginNs = sinceOriginNs;
                e.runsHere = runsHere;
                e.commit();
            } catch (Throwable t) {
                failed = true;
                System.err.println("forkscope: submitters' stacks are no longer recorded: " + t);
            }
        }
    }
}
