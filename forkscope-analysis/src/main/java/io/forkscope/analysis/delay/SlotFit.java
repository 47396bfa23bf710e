package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.WorkerBusy;
import java.util.TreeMap;

/**
 * How the threads' busy time maps onto the worker slots (measures.md §2, §6): the per-worker table
 * lists every thread, and their busy times may add up to more than the slots' time, as a thread
 * blocked in a join stays busy while a compensation thread runs in its slot, and an outside caller
 * waiting for its pool is busy without holding a slot. With busy(t) the threads busy at t and
 * slots(t) the slots, over the run's frame (worker-nanoseconds):
 * <pre>
 *   threads' busy = within + beyond        within = ∫ min(busy(t), slots(t))
 *   slot time     = within + free          beyond = ∫ max(0, busy(t) − slots(t)), free = ∫ max(0, slots(t) − busy(t))
 * </pre>
 */
public record SlotFit(long busy, long slotTime, long within, long beyond, long free) {
    public static SlotFit of(Dag dag) {
        long begin = dag.begin();
        long finish = dag.finish();
        TreeMap<Long, Integer> delta = new TreeMap<>();
        delta.put(begin, 0);
        for (long t : dag.slots().changesWithin(begin, finish)) {
            delta.putIfAbsent(t, 0);
        }
        for (WorkerBusy b : dag.busy()) {
            for (int i = 0; i < b.count(); i++) {
                long s = Math.max(b.start(i), begin);
                long e = Math.min(b.end(i), finish);
                if (e > s) {
                    delta.merge(s, 1, Integer::sum);
                    delta.merge(e, -1, Integer::sum);
                }
            }
        }
        long busy = 0;
        long within = 0;
        long beyond = 0;
        long free = 0;
        int level = 0;
        Long previous = null;
        for (var e : delta.entrySet()) {
            long t = Math.min(e.getKey(), finish);
            if (previous != null && t > previous) {
                long dt = t - previous;
                int slots = dag.slots().at(previous);
                busy += level * dt;
                within += Math.min(level, slots) * dt;
                beyond += Math.max(0, level - slots) * dt;
                free += Math.max(0, slots - level) * dt;
            }
            level += e.getValue();
            previous = t;
        }
        if (previous != null && finish > previous) {
            free += dag.slots().integral(previous, finish);
        }
        return new SlotFit(busy, within + free, within, beyond, free);
    }
}
