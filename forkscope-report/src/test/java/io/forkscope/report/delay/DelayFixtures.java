package io.forkscope.report.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import java.util.List;

/** Hand-built DAGs for the delay views. */
public final class DelayFixtures {
    private DelayFixtures() {}

    /**
     * P = 2: A [0,10) on worker 0 forks B; B runs [25,35) on worker 1 (ready at 10: delay 15); A's
     * continuation C [10,20) then waits; D [35,40) after the join on worker 0. Work 35, delay 15,
     * no-work 30 of which no-work-sched 5 ([20,25): nothing runs while B waits) and no-work-app 25.
     */
    public static Dag delayed() {
        return new Dag(List.of(
                DagNode.strand(0, 0, 0, 10, NodeEnd.CREATE, List.of()),
                DagNode.strand(1, 1, 25, 35, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE))),
                DagNode.strand(2, 0, 10, 20, NodeEnd.WAIT, List.of(new Edge(0, EdgeKind.CREATE_CONT))),
                DagNode.strand(3, 0, 35, 40, NodeEnd.END,
                        List.of(new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END)))), 2, 0, 40);
    }

    /**
     * {@link #delayed()} with busy intervals: main (worker 0, outside the pools) is busy all of
     * [0,40] and runs A, C and D (25 ns); worker 1 is busy [22,36) around B (10 ns) and [38,39),
     * idle [0,22) [36,38) [39,40) = 25 ns.
     */
    public static Dag delayedWithBusy() {
        Dag d = delayed();
        return new Dag(d.nodes(), d.workers(), d.begin(), d.finish(), List.of(
                new WorkerBusy(0, "main", new long[] {0, 40}),
                new WorkerBusy(1, "pool-1-worker-1", new long[] {22, 36, 38, 39})));
    }

    /**
     * The same schedule a thousand times slower (µs instead of ns), B a collapsed node (work 9 µs
     * of its 10, no inner delay): its inner runtime gaps, 1 µs of path waiting while worker 0
     * idles, add (2 - 0.9) x 1 µs to no-work-sched (6.1 µs).
     */
    static Dag delayedSlow() {
        return delayedSlow(1000);
    }

    /**
     * {@link #delayedSlow()} with time unit {@code k} ns instead of 1000: with k = 10,000,003 its
     * amounts pass 10^7 (where Java writes a double as "1.1E7") and its no-work-sched, 6.1 k, is no
     * whole number of nanoseconds.
     */
    public static Dag delayedSlow(long k) {
        return new Dag(List.of(
                DagNode.strand(0, 0, 0, 10 * k, NodeEnd.CREATE, List.of()),
                new DagNode(1, 1, 25 * k, 35 * k, 9 * k, 6 * k, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE)),
                        7, 3, 3, 1, 0),
                DagNode.strand(2, 0, 10 * k, 20 * k, NodeEnd.WAIT, List.of(new Edge(0, EdgeKind.CREATE_CONT))),
                DagNode.strand(3, 0, 35 * k, 40 * k, NodeEnd.END,
                        List.of(new Edge(2, EdgeKind.WAIT_CONT), new Edge(1, EdgeKind.END)))), 2, 0, 40 * k);
    }
}
