package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerState;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the samples say, read against the timelines: each sample is classified by its thread's state
 * at the sample's time. WORKING(c) with program code on top: a work sample of task context c at the
 * sample's node; WORKING(c) with runtime or tool code on top: an overhead sample; RUNTIME(c): a
 * runtime sample; IDLE: dropped (the paper drops idle threads' samples too); a thread without a
 * timeline or a time outside the span: counted as unplaced. A WORKING sample also carries the
 * instantaneous idleness rate n_idle / |W| at its time, the paper's per-sample idleness, used here
 * only to spread a context's exact idleness over the frames below it.
 *
 * <p>Cost: O(S × P log B) (each sample looks up every thread's state by binary search).
 */
public final class SampleAttribution {
    /** Counts of one (task context, sample node) pair. */
    static final class Cell {
        long workSamples;
        long overheadSamples;
        long runtimeSamples;
        double idlenessWeight;
    }

    private final Map<Integer, Map<Integer, Cell>> byTask = new LinkedHashMap<>();
    private final long periodNs;
    private long droppedIdle;
    private long unplaced;

    private SampleAttribution(long periodNs) {
        this.periodNs = periodNs;
    }

    public static SampleAttribution attribute(WorkerTimelines timelines, List<Sample> samples, long periodNs) {
        SampleAttribution result = new SampleAttribution(periodNs);
        Map<Long, WorkerTimeline> byThread = new HashMap<>();
        timelines.threads().forEach(t -> byThread.put(t.threadId(), t));
        for (Sample s : samples) {
            WorkerTimeline timeline = byThread.get(s.threadId());
            StateInterval state = timeline == null ? null : timeline.at(s.timeNs());
            if (state == null) {
                result.unplaced++;
                continue;
            }
            if (state.state() == WorkerState.IDLE) {
                result.droppedIdle++;
                continue;
            }
            Cell cell = result.byTask.computeIfAbsent(state.context(), c -> new LinkedHashMap<>())
                    .computeIfAbsent(s.node(), n -> new Cell());
            if (state.state() == WorkerState.RUNTIME) {
                cell.runtimeSamples++;
            } else {
                if (s.inProgramCode()) {
                    cell.workSamples++;
                } else {
                    cell.overheadSamples++;
                }
                cell.idlenessWeight += idlenessRate(timelines, s.timeNs());
            }
        }
        return result;
    }

    /** n_idle(t) / |W(t)|, 0 when nobody works (never called then: the sample's own thread works). */
    static double idlenessRate(WorkerTimelines timelines, long timeNs) {
        int idle = 0;
        int working = 0;
        for (WorkerTimeline t : timelines.threads()) {
            WorkerState state = t.at(timeNs).state();
            idle += state == WorkerState.IDLE ? 1 : 0;
            working += state == WorkerState.WORKING ? 1 : 0;
        }
        return working == 0 ? 0 : (double) idle / working;
    }

    Map<Integer, Map<Integer, Cell>> byTask() {
        return byTask;
    }

    public long periodNs() {
        return periodNs;
    }

    /** Samples of threads that were IDLE at the time: dropped. */
    public long droppedIdle() {
        return droppedIdle;
    }

    /** Samples of threads without a timeline, or outside the timelines' span. */
    public long unplaced() {
        return unplaced;
    }

    /** Sampled work at a node: program-code samples of WORKING threads × period (ns). */
    public long sampledWorkNs(int node) {
        return periodNs * sum(node, true);
    }

    /** Sampled overhead at a node: runtime/tool-code samples of WORKING threads, and RUNTIME threads' samples, × period (ns). */
    public long sampledOverheadNs(int node) {
        return periodNs * sum(node, false);
    }

    private long sum(int node, boolean work) {
        long n = 0;
        for (Map<Integer, Cell> cells : byTask.values()) {
            Cell c = cells.get(node);
            if (c != null) {
                n += work ? c.workSamples : c.overheadSamples + c.runtimeSamples;
            }
        }
        return n;
    }
}
