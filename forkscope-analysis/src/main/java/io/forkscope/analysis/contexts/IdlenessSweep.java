package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerState;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * Exact idleness attribution (issue 12 §2): at every instant t, with n_idle(t) IDLE threads and the
 * set W(t) of WORKING threads, each working thread's current context receives n_idle(t) / |W(t)| per
 * unit time; while W(t) is empty the idle time goes to {@link TimelineAttribution#idleWhileNobodyWorksNs()}.
 * RUNTIME threads neither receive idleness nor count as idle: their time is already charged to
 * their context as overhead (counting it twice would break effort's conservation).
 *
 * <p>The sweep: sort the B interval starts (O(B log B)); between two consecutive boundaries n_idle and
 * |W| are constant, so the running integral G(t) = ∫ n_idle / |W| grows by len × n_idle / |W| (one
 * exact addition per segment). A WORKING interval [a, b) of a thread receives G(b) − G(a), computed
 * when it ends: no per-segment loop over the working threads, so the cost does not grow with P.
 */
public final class IdlenessSweep {
    private IdlenessSweep() {
    }

    /** Attribution over context nodes 0..nodes-1 (every interval's context must be below nodes). */
    public static TimelineAttribution attribute(WorkerTimelines timelines, int nodes) {
        List<WorkerTimeline> threads = timelines.threads();
        int p = threads.size();
        ExactIdleness exact = new ExactIdleness(p);

        // boundaries: (start time, thread, interval index), sorted by time
        int b = threads.stream().mapToInt(t -> t.intervals().size()).sum();
        long[] keys = new long[b];
        int[][] refs = new int[b][];
        int k = 0;
        for (int thread = 0; thread < p; thread++) {
            List<StateInterval> intervals = threads.get(thread).intervals();
            for (int i = 0; i < intervals.size(); i++) {
                refs[k++] = new int[] {thread, i};
            }
        }
        Integer[] order = new Integer[b];
        for (int i = 0; i < b; i++) {
            order[i] = i;
            keys[i] = threads.get(refs[i][0]).intervals().get(refs[i][1]).startNs();
        }
        Arrays.sort(order, (x, y) -> Long.compare(keys[x], keys[y]));

        long[] working = new long[nodes];
        long[] runtime = new long[nodes];
        BigInteger[] idleness = new BigInteger[nodes];
        Arrays.fill(idleness, BigInteger.ZERO);
        long nobodyWorks = 0;

        StateInterval[] current = new StateInterval[p];
        BigInteger[] integralAtStart = new BigInteger[p];
        BigInteger integral = BigInteger.ZERO; // G(now), scaled by L
        int idle = 0;
        int workingThreads = 0;
        long now = timelines.startNs();

        for (int i = 0; i <= b; i++) {
            long t = i < b ? keys[order[i]] : timelines.endNs();
            if (t > now) { // the segment [now, t): counts constant
                long len = t - now;
                if (workingThreads > 0) {
                    integral = integral.add(exact.share(len, idle, workingThreads));
                } else {
                    nobodyWorks += len * idle;
                }
                now = t;
            }
            if (i == b) {
                break;
            }
            int thread = refs[order[i]][0];
            StateInterval next = threads.get(thread).intervals().get(refs[order[i]][1]);
            if (current[thread] != null) {
                close(current[thread], integral.subtract(integralAtStart[thread]), working, runtime, idleness);
                idle -= current[thread].state() == WorkerState.IDLE ? 1 : 0;
                workingThreads -= current[thread].state() == WorkerState.WORKING ? 1 : 0;
            }
            current[thread] = next;
            integralAtStart[thread] = integral;
            idle += next.state() == WorkerState.IDLE ? 1 : 0;
            workingThreads += next.state() == WorkerState.WORKING ? 1 : 0;
        }
        for (int thread = 0; thread < p; thread++) {
            close(current[thread], integral.subtract(integralAtStart[thread]), working, runtime, idleness);
        }
        return new TimelineAttribution(exact, timelines.endNs() - timelines.startNs(), working, runtime, idleness, nobodyWorks);
    }

    private static void close(StateInterval interval, BigInteger idlenessDuring, long[] working, long[] runtime, BigInteger[] idleness) {
        switch (interval.state()) {
            case WORKING -> {
                working[interval.context()] += interval.length();
                idleness[interval.context()] = idleness[interval.context()].add(idlenessDuring);
            }
            case RUNTIME -> runtime[interval.context()] += interval.length();
            case IDLE -> { }
        }
    }
}
