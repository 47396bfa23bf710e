package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerState;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The definition, literally: for every integer tick t of the span, look up every thread's state,
 * count the idle and working threads, and give each working thread's context n_idle × (L / |W|)
 * (scaled by L = lcm(1..P)), or the no-work bucket n_idle when nobody works. Quadratic and slow.
 */
final class TickByTickIdlenessOracle {
    final long[] working;
    final long[] runtime;
    final BigInteger[] idlenessScaled;
    long nobodyWorks;

    TickByTickIdlenessOracle(WorkerTimelines timelines, int nodes) {
        this(timelines, nodes, null);
    }

    /**
     * Against worker slots (measures.md §2): n_idle(t) = max(0, S(t) − WORKING − RUNTIME threads),
     * S(t) from {@link io.forkscope.analysis.delay.TickSlots}; null: n_idle = the IDLE threads.
     */
    TickByTickIdlenessOracle(WorkerTimelines timelines, int nodes, io.forkscope.analysis.delay.TickSlots slots) {
        ExactIdleness exact = new ExactIdleness(timelines.size());
        working = new long[nodes];
        runtime = new long[nodes];
        idlenessScaled = new BigInteger[nodes];
        Arrays.fill(idlenessScaled, BigInteger.ZERO);
        for (long t = timelines.startNs(); t < timelines.endNs(); t++) {
            int idle = 0;
            int busy = 0;
            int runtimeThreads = 0;
            StateInterval[] states = new StateInterval[timelines.size()];
            for (int i = 0; i < states.length; i++) {
                WorkerTimeline thread = timelines.threads().get(i);
                StateInterval s = null;
                for (StateInterval candidate : thread.intervals()) { // linear on purpose: no shared code with the sweep
                    if (candidate.startNs() <= t && t < candidate.endNs()) {
                        s = candidate;
                    }
                }
                states[i] = s;
                idle += s.state() == WorkerState.IDLE ? 1 : 0;
                busy += s.state() == WorkerState.WORKING ? 1 : 0;
                runtimeThreads += s.state() == WorkerState.RUNTIME ? 1 : 0;
            }
            if (slots != null) {
                idle = Math.max(0, slots.at(t) - busy - runtimeThreads);
            }
            if (busy == 0) {
                nobodyWorks += idle;
            }
            for (StateInterval s : states) {
                if (s.state() == WorkerState.WORKING) {
                    working[s.context()]++;
                    idlenessScaled[s.context()] = idlenessScaled[s.context()]
                            .add(exact.scale().multiply(BigInteger.valueOf(idle)).divide(BigInteger.valueOf(busy)));
                } else if (s.state() == WorkerState.RUNTIME) {
                    runtime[s.context()]++;
                }
            }
        }
    }
}
