package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Not a test: measures the sweep's cost on random timelines (P threads, intervals of 1..2000 ns,
 * B boundaries in all), for docs/contexts-design.md. Run with the test class path:
 * {@code java -cp ... io.forkscope.analysis.contexts.IdlenessSweepCost 8 1000000}.
 */
public final class IdlenessSweepCost {
    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        int boundaries = Integer.parseInt(args[1]);
        Random random = new Random(42);
        long span = (long) boundaries / threads * 1000;
        List<WorkerTimeline> list = new ArrayList<>();
        int b = 0;
        for (int id = 0; id < threads; id++) {
            List<StateInterval> intervals = new ArrayList<>();
            for (long t = 0; t < span; ) {
                long end = Math.min(span, t + 1 + random.nextInt(2000));
                int kind = random.nextInt(4);
                intervals.add(kind == 0 ? StateInterval.idle(t, end) : kind == 1 ? StateInterval.runtime(t, end, random.nextInt(64))
                        : StateInterval.working(t, end, random.nextInt(64)));
                t = end;
            }
            b += intervals.size();
            list.add(new WorkerTimeline(id, intervals));
        }
        WorkerTimelines timelines = new WorkerTimelines(list);
        for (int round = 0; round < 5; round++) {
            long start = System.nanoTime();
            TimelineAttribution a = IdlenessSweep.attribute(timelines, 64);
            long ns = System.nanoTime() - start;
            System.out.printf("P=%d B=%d: %.1f ms (%.0f ns per boundary), idleness total %.3e ns%n",
                    threads, b, ns / 1e6, (double) ns / b, a.exact().toNanos(a.totalIdlenessScaled()));
        }
    }
}
