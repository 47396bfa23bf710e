package io.forkscope.analysis.delay;

import io.forkscope.model.dag.EdgeKind;
import java.util.EnumMap;
import java.util.Map;

/**
 * Where the slot time ∫ slots(t) dt of a run went (measures.md §6; P × elapsed when the slots are
 * constant, §2): over each stretch dt with slots(t) = S, p = min(S, running) slots running nodes,
 * n = min(S − p, notRunning) holding a node whose thread was not running (preempted by another
 * process or thread, descheduled, stopped for GC: the machine's, neither the program's work nor
 * the runtime's delay), f = min(S − p − n, recorder) in forkscope's own hooks between nodes (the
 * recorder's cost, neither the program's nor the runtime's), q = S − p − n − f free, r nodes
 * ready and h ready but held by forkscope's hook on their predecessor's worker (not yet pushed,
 * marked done or woken: {@link Readiness#heldUntil}): work p·dt, not-running n·dt, delay d = min(q, r)·dt,
 * forkscope (f + min(q − d, h))·dt, no-work max(0, q − r − h)·dt. By construction work + not-running + forkscope + delay + no-work = ∫ slots(t) dt. Delay is split by the
 * kind of edge that made the waiting nodes ready; no-work is split by the ready path into the
 * scheduler's share (no-work-sched) and the program's (no-work-app).
 *
 * All values are in nanoseconds of worker time.
 */
public record LossBreakdown(double work, double delay, double noWork, Map<EdgeKind, Double> delayByKind,
                            double noWorkSched, double noWorkApp, double notRunning, double recorder) {
    public LossBreakdown {
        delayByKind = Map.copyOf(delayByKind);
    }

    /** A breakdown without forkscope's own time. */
    public LossBreakdown(double work, double delay, double noWork, Map<EdgeKind, Double> delayByKind,
                         double noWorkSched, double noWorkApp, double notRunning) {
        this(work, delay, noWork, delayByKind, noWorkSched, noWorkApp, notRunning, 0);
    }

    /** A breakdown without not-running time. */
    public LossBreakdown(double work, double delay, double noWork, Map<EdgeKind, Double> delayByKind,
                         double noWorkSched, double noWorkApp) {
        this(work, delay, noWork, delayByKind, noWorkSched, noWorkApp, 0);
    }

    public double total() {
        return work + notRunning + recorder + delay + noWork;
    }

    /**
     * The sums of one whole sweep of the profile, before the ready path splits no-work: they need nothing
     * of the path, so {@link DelaySpotter} has them made on another thread while it finds the path.
     *
     * @param sums       work, delay, no-work, not running, forkscope (ns of worker time)
     * @param delayOfKind delay by edge kind, by ordinal
     */
    record Sums(double[] sums, double[] delayOfKind) {
        LossBreakdown with(double noWorkSched) {
            Map<EdgeKind, Double> byKind = new EnumMap<>(EdgeKind.class);
            for (EdgeKind k : EdgeKind.values()) {
                byKind.put(k, delayOfKind[k.ordinal()]);
            }
            return new LossBreakdown(sums[0], sums[1], sums[2], byKind, noWorkSched, sums[2] - noWorkSched, sums[3],
                    sums[4]);
        }
    }

    /**
     * Sums the whole profile through {@link ParallelismProfile#sweepAll}, a cursor of its own: safe beside a
     * sweep on another thread (the ready path's, which moves the profile's shared cursor).
     */
    static Sums sweep(ParallelismProfile profile) {
        EdgeKind[] kinds = EdgeKind.values();
        double[] sums = new double[5];          // work, delay, no-work, not running, forkscope
        double[] delayOfKind = new double[kinds.length];
        profile.sweepAll((start, end, running, readyByKind, slots, notRunning, executing, recorder, held) -> {
            double dt = end - start;
            double p = Math.min(slots, running);
            double n = ProfileSegment.occupied(slots, running, notRunning) - p;
            double f = ProfileSegment.inRecorder(slots, running, notRunning, recorder);
            double q = Math.max(0, slots - p - n - f);
            double r = ProfileSegment.ready(readyByKind);
            double d = Math.min(q, r);
            double h = Math.min(q - d, held);
            sums[0] += p * dt;
            sums[1] += d * dt;
            sums[2] += Math.max(0, q - d - h) * dt;
            sums[3] += n * dt;
            sums[4] += (f + h) * dt;
            if (r > 0) {
                for (int k = 0; k < kinds.length; k++) {
                    delayOfKind[k] += d * dt * readyByKind[k] / r;
                }
            }
        });
        return new Sums(sums, delayOfKind);
    }
}
