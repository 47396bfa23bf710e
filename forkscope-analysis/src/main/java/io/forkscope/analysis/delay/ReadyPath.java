package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNodes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The ready path (measures.md §6, Delay Spotter): from the node that finished last, walk back always to
 * the predecessor that finished last. Along it, time is work (a node of the path runs), busy delay
 * (none runs and every worker is busy elsewhere) or scheduler delay (none runs although a worker
 * is free). The no-work that happens during scheduler delay is the scheduler's fault
 * (no-work-sched): a worker sat idle while the path's next node was ready.
 *
 * <p>A collapsed node (a sub-DAG one worker ran alone) hides its inner path, so the path's work in
 * it is estimated as max(inner span, work − inner delay), at most its length: with no inner delay
 * every inner strand started as soon as it was ready, so the inner path runs them all; with much
 * inner delay it runs little more than the inner longest path. The rest of its interval is path
 * waiting (runtime gaps and inner waits), spread evenly over the interval and classified like any
 * wait, except that its own worker counts as busy (it ran the node's other strands or the runtime
 * between them), so the wait is busy delay when every other worker ran too. A node's recorded
 * not-running time (its thread preempted, descheduled, blocked inside its strands) is the path's
 * not-running time, neither work nor delay; a strand whose work and not-running time are less than
 * its interval is path waiting for the rest, classified the same way. A slot that holds a node whose
 * thread is not running counts as busy (it is free for nothing else); so does any worker inside a
 * node (a collapsed node's worker between its inner strands is in the runtime, free for no other
 * node): whether a wait is busy or scheduler delay is decided by the nodes executing, not by the
 * fractional share of them that runs. Where the workers that execute no node are in forkscope's own
 * hooks (the profile's recorder(t)), the wait is forkscope's, not the scheduler's, in the share
 * of them so occupied; a collapsed path node's forkscope time inside it is forkscope's too, and so is
 * the time a path node was ready but held by forkscope's hook on its predecessor's worker.
 *
 * @param nodes          the path's node ids, first to last
 * @param work           time a path node was running (ns)
 * @param busyDelay      path time waiting while every worker was busy (ns)
 * @param schedulerDelay path time waiting while some worker was free (ns)
 * @param noWorkSched    no-work (worker-ns) during scheduler delay
 * @param notRunning     time a path node's thread was not running (ns)
 * @param recorder       path time waiting while the free workers were in forkscope's hooks (ns)
 */
public record ReadyPath(List<Integer> nodes, long work, double busyDelay, double schedulerDelay, double noWorkSched,
                        double notRunning, double recorder) {
    public ReadyPath {
        nodes = List.copyOf(nodes);
    }

    /** A path without forkscope's own time. */
    public ReadyPath(List<Integer> nodes, long work, double busyDelay, double schedulerDelay, double noWorkSched,
                     double notRunning) {
        this(nodes, work, busyDelay, schedulerDelay, noWorkSched, notRunning, 0);
    }

    /** A path without not-running time. */
    public ReadyPath(List<Integer> nodes, long work, double busyDelay, double schedulerDelay, double noWorkSched) {
        this(nodes, work, busyDelay, schedulerDelay, noWorkSched, 0);
    }

    /** @return work + not-running + forkscope + busy delay + scheduler delay: the time from the run's begin to the last node's end */
    public double length() {
        return work + notRunning + recorder + busyDelay + schedulerDelay;
    }

    static ReadyPath of(Dag dag, Readiness readiness, ParallelismProfile profile) {
        if (dag.nodes().isEmpty()) {
            return new ReadyPath(List.of(), 0, 0, 0, 0);
        }
        DagNodes nodes = dag.table();
        int last = 0;
        for (int i = 1; i < nodes.size(); i++) {
            if (nodes.end(i) > nodes.end(last)) {
                last = i;
            }
        }
        List<Integer> path = new ArrayList<>();
        long work = 0;
        double notRunning = 0;
        double[] waiting = new double[4];     // busy delay, scheduler delay, no-work-sched, forkscope
        for (int v = last; v >= 0; v = readiness.lastPred[v]) {
            path.add(v);
            long start = nodes.start(v);
            long length = nodes.end(v) - start;
            long inner = nodes.collapsed(v)
                    ? Math.min(length, Math.max(0, Math.max(nodes.span(v), nodes.work(v) - nodes.innerDelay(v))))
                    : Math.min(length, nodes.work(v));   // a strand's thread not running is path waiting
            work += inner;
            double stopped = Math.min(length - inner, ParallelismProfile.notRunningShare(nodes, v) * length);
            notRunning += stopped;
            double own = Math.min(length - inner - stopped, ParallelismProfile.recorderInsideShare(nodes, v) * length);
            waiting[3] += own;
            if (inner + stopped + own < length) {
                classifyWait(profile, start, nodes.end(v), (length - inner - stopped - own) / length, true,
                        waiting);
            }
            long readyAt = readiness.lastPred[v] >= 0 ? readiness.ready[v] : dag.begin();
            long held = Math.max(Math.min(readyAt, start), readiness.heldUntil[v]);
            waiting[3] += held - Math.min(readyAt, start);     // held by forkscope's hook: its time
            classifyWait(profile, held, start, 1, false, waiting);
        }
        Collections.reverse(path);
        return new ReadyPath(path, work, waiting[0], waiting[1], waiting[2], notRunning, waiting[3]);
    }

    /**
     * Splits the path's wait over [from, to), {@code weight} of each instant, into busy delay, scheduler
     * delay and forkscope's time, and sums no-work in the scheduler's part. {@code inside}: the wait is inside a path node's
     * interval, whose worker is busy with it, so only the others decide (else it is before a node starts).
     */
    private static void classifyWait(ParallelismProfile profile, long from, long to, double weight, boolean inside,
                                     double[] into) {
        if (from >= to) {
            return;
        }
        profile.sweep(profile.firstEndingAfter(from), to, (start, end, running, readyByKind, slots, notRunning,
                                                            executing, recorder, held) -> {
            long a = Math.max(from, start);
            long b = Math.min(to, end);
            if (a >= b) {
                return;
            }
            double dt = (b - a) * weight;
            int workers = slots;                     // slots(t), measures.md §2
            int others = Math.min(workers, executing) - (inside ? 1 : 0);   // workers inside another node
            int needed = inside ? workers - 1 : workers;
            double p = ProfileSegment.occupied(slots, running, notRunning);
            if (others >= needed) {
                into[0] += dt;
            } else {
                // of the workers free of nodes, those in forkscope's hooks make the wait forkscope's
                double free = needed - others;
                double own = Math.min(free, ProfileSegment.inRecorder(slots, running, notRunning, recorder));
                double share = own / free;
                into[3] += dt * share;
                into[1] += dt * (1 - share);
                into[2] += Math.max(0, (workers - p - own) - ProfileSegment.ready(readyByKind) - held) * dt
                        * (1 - share);
            }
        });
    }
}
