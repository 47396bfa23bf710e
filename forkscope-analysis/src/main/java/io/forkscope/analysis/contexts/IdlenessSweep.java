package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerState;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import io.forkscope.model.slots.WorkerSlots;

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
 * <p>The sweep: visit the B interval starts in time order (a P-way merge of the threads' sorted
 * timelines, O(B log P) ≤ O(B log B)); between two consecutive boundaries n_idle and
 * |W| are constant, so the running integral G(t) = ∫ n_idle / |W| grows by len × n_idle / |W| (one
 * exact addition per segment). A WORKING interval [a, b) of a thread receives G(b) − G(a), computed
 * when it ends: no per-segment loop over the working threads, so the cost does not grow with P.
 *
 * <p>Against the worker slots (measures.md §2, {@link #attribute(WorkerTimelines, int, WorkerSlots)}):
 * n_idle(t) = max(0, slots(t) − occupied(t)), occupied being the WORKING and RUNTIME threads, so idle
 * threads do not count, slots do: a thread blocked in a join while a compensation thread runs in its
 * place is no extra idle slot, and a pool's threads beyond its parallelism never add idleness.
 * Segments are cut where slots(t) changes. Conservation then reads Σ working + Σ runtime + Σ idleness
 * + idle-while-nobody-works = ∫ max(slots(t), occupied(t)) dt.
 */
public final class IdlenessSweep {
    private IdlenessSweep() {
    }

    /** Attribution over context nodes 0..nodes-1 (every interval's context must be below nodes). */
    public static TimelineAttribution attribute(WorkerTimelines timelines, int nodes) {
        return attribute(timelines, nodes, null);
    }

    /**
     * @param slots the worker slots idleness is measured against, or null for the threads themselves
     *              (n_idle = the IDLE threads: recordings without slots)
     */
    public static TimelineAttribution attribute(WorkerTimelines timelines, int nodes, WorkerSlots slots) {
        List<WorkerTimeline> threads = timelines.threads();
        int p = threads.size();
        ExactIdleness exact = new ExactIdleness(p);

        // the boundaries in time order: a P-way merge of the threads' (already sorted) interval starts
        BoundaryHeap heap = new BoundaryHeap(threads);
        int b = threads.stream().mapToInt(t -> t.intervals().size()).sum();

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
        int runtimeThreads = 0;
        long now = timelines.startNs();

        for (int i = 0; i <= b; i++) {
            long t = i < b ? heap.nextTime() : timelines.endNs();
            if (t > now) { // the segment [now, t): counts constant (and, cut at its changes, slots(t))
                long[] cuts = slots == null ? new long[0] : slots.changesWithin(now, t);
                for (int c = 0; c <= cuts.length; c++) {
                    long to = c < cuts.length ? cuts[c] : t;
                    long len = to - now;
                    int idleNow = slots == null ? idle : Math.max(0, slots.at(now) - workingThreads - runtimeThreads);
                    if (workingThreads > 0) {
                        integral = integral.add(exact.share(len, idleNow, workingThreads));
                    } else {
                        nobodyWorks += len * idleNow;
                    }
                    now = to;
                }
            }
            if (i == b) {
                break;
            }
            int thread = heap.thread();
            StateInterval next = heap.take();
            if (current[thread] != null) {
                close(current[thread], integral.subtract(integralAtStart[thread]), working, runtime, idleness);
                idle -= current[thread].state() == WorkerState.IDLE ? 1 : 0;
                workingThreads -= current[thread].state() == WorkerState.WORKING ? 1 : 0;
                runtimeThreads -= current[thread].state() == WorkerState.RUNTIME ? 1 : 0;
            }
            current[thread] = next;
            integralAtStart[thread] = integral;
            idle += next.state() == WorkerState.IDLE ? 1 : 0;
            workingThreads += next.state() == WorkerState.WORKING ? 1 : 0;
            runtimeThreads += next.state() == WorkerState.RUNTIME ? 1 : 0;
        }
        for (int thread = 0; thread < p; thread++) {
            close(current[thread], integral.subtract(integralAtStart[thread]), working, runtime, idleness);
        }
        return new TimelineAttribution(exact, timelines.endNs() - timelines.startNs(), working, runtime, idleness, nobodyWorks);
    }

    /** A binary min-heap of threads keyed by the start of their next interval. */
    private static final class BoundaryHeap {
        private final List<WorkerTimeline> threads;
        private final int[] next; // per thread: index of its next interval
        private final int[] heap; // thread indices
        private int size;

        BoundaryHeap(List<WorkerTimeline> threads) {
            this.threads = threads;
            this.next = new int[threads.size()];
            this.heap = new int[threads.size()];
            for (int t = 0; t < threads.size(); t++) {
                heap[size++] = t;
                up(size - 1);
            }
        }

        long nextTime() {
            return key(heap[0]);
        }

        int thread() {
            return heap[0];
        }

        /** The next interval of {@link #thread()}; the thread moves on to its following one. */
        StateInterval take() {
            int t = heap[0];
            StateInterval interval = threads.get(t).intervals().get(next[t]++);
            if (next[t] == threads.get(t).intervals().size()) {
                heap[0] = heap[--size];
            }
            down(0);
            return interval;
        }

        private long key(int t) {
            return threads.get(t).intervals().get(next[t]).startNs();
        }

        private void up(int i) {
            while (i > 0 && key(heap[i]) < key(heap[(i - 1) / 2])) {
                swap(i, (i - 1) / 2);
                i = (i - 1) / 2;
            }
        }

        private void down(int i) {
            while (true) {
                int smallest = i;
                for (int c = 2 * i + 1; c <= 2 * i + 2 && c < size; c++) {
                    if (key(heap[c]) < key(heap[smallest])) {
                        smallest = c;
                    }
                }
                if (smallest == i) {
                    return;
                }
                swap(i, smallest);
                i = smallest;
            }
        }

        private void swap(int i, int j) {
            int x = heap[i];
            heap[i] = heap[j];
            heap[j] = x;
        }
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
