package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNodes;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.util.MadeAside;
import java.util.OptionalDouble;

/** Delay Spotter's analysis (measures.md §6) of a recorded DAG: a plain function from a run to a report. */
public final class DelaySpotter {
    private DelaySpotter() {}

    public static DelayReport analyze(Dag dag) {
        return analyze(dag, OptionalDouble.empty());
    }

    /** @param serialWork T1' of a serial run of the same program, when known */
    public static DelayReport analyze(Dag dag, OptionalDouble serialWork) {
        Readiness readiness = new Readiness(dag);
        ParallelismProfile profile = ParallelismProfile.of(dag, readiness);
        // The breakdown's whole sweep needs nothing of the ready path but its no-work-sched at the end, and
        // reads the profile with a cursor of its own: on another thread, it takes the second core while this
        // one finds the path (some 0.35 s of 3 M nodes' 2.9 s on the main thread).
        MadeAside<LossBreakdown.Sums> sums = MadeAside.start("forkscope-loss-breakdown", "the loss breakdown",
                () -> LossBreakdown.sweep(profile));
        ReadyPath path = ReadyPath.of(dag, readiness, profile);
        LossBreakdown breakdown = sums.get().with(path.noWorkSched());
        return new DelayReport(stats(dag, breakdown), breakdown, path, profile, serialWork, dag.slots(),
                dag.busy().isEmpty() ? null : SlotFit.of(dag));
    }

    static DagStats stats(Dag dag, LossBreakdown breakdown) {
        long creates = 0;
        long waits = 0;
        long ends = 0;
        long work = 0;
        long strands = 0;
        DagNodes nodes = dag.table();
        long[] longest = new long[nodes.size()];
        long span = 0;
        for (int i = 0; i < nodes.size(); i++) {
            NodeEnd end = nodes.ends(i);
            creates += nodes.creates(i) + (end == NodeEnd.CREATE ? 1 : 0);
            waits += nodes.waits(i) + (end == NodeEnd.WAIT ? 1 : 0);
            ends += nodes.taskEnds(i);
            work += nodes.work(i);
            strands += nodes.strands(i);
            long before = 0;
            for (int k = 0; k < nodes.inCount(i); k++) {
                before = Math.max(before, longest[nodes.inFrom(i, k)]);
            }
            longest[i] = before + nodes.span(i);
            span = Math.max(span, longest[i]);
        }
        return new DagStats(creates, waits, ends, work, breakdown.delay(), breakdown.noWork(), span, dag.workers(),
                dag.elapsed(), strands, dag.nodes().size(), WorkerUtilisation.of(dag), dag.slotTime());
    }
}
