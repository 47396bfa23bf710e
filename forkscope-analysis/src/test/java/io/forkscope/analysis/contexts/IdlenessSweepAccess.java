package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import io.forkscope.model.slots.WorkerSlots;
import java.util.ArrayList;
import java.util.List;

/** The exact sweep on compactly written timelines, for hand-built tests of other packages. */
public final class IdlenessSweepAccess {
    private IdlenessSweepAccess() {}

    /**
     * @param threads per thread {id, (context or -1 for idle, from, to)*}, contiguous
     * @param slots   the worker slots, or null for the idle threads themselves
     * @return the idleness charged to contexts 0..contexts-1, ns
     */
    public static double[] idleness(List<long[]> threads, int contexts, WorkerSlots slots) {
        List<WorkerTimeline> list = new ArrayList<>();
        for (long[] t : threads) {
            List<StateInterval> intervals = new ArrayList<>();
            for (int i = 1; i + 2 < t.length + 1; i += 3) {
                intervals.add(t[i] < 0 ? StateInterval.idle(t[i + 1], t[i + 2])
                        : StateInterval.working(t[i + 1], t[i + 2], (int) t[i]));
            }
            list.add(new WorkerTimeline(t[0], intervals));
        }
        TimelineAttribution a = IdlenessSweep.attribute(new WorkerTimelines(list), contexts, slots);
        double[] out = new double[contexts];
        for (int c = 0; c < contexts; c++) {
            out[c] = a.idlenessNs(c);
        }
        return out;
    }
}
