package io.forkscope.analysis.delay;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A brute-force oracle for measures.md §6 on DAGs of plain strands with integer times: it steps through
 * the run one tick at a time, t in [begin, finish), and counts, straight from the definitions and
 * without any code of the analysis:
 * <ul>
 * <li>each node's ready time, the latest end among its predecessors (the begin for a node without
 *     one), and the edge that made it ready: of the edges from predecessors that end at that
 *     latest time, the first in the node's list of in-edges (CREATE for a node without any);</li>
 * <li>S(t), the worker slots at t ({@link TickSlots}, from the DAG's pools and outside threads; P
 *     when they are constant), p(t), the nodes running at t (start ≤ t &lt; end), at most S(t)
 *     counted, n(t), the stopped nodes executing at t (their thread not running: work 0 and
 *     not-running time their whole length), at most S − p counted, and r_k(t), the nodes ready but
 *     not started (ready ≤ t &lt; start) made ready by an edge of kind k; q = S − p − n, r = Σ r_k;</li>
 * <li>f(t), the workers in forkscope's hooks at t: a node's recorderBefore ticks lie on its worker
 *     right after the end of the worker's previous node (by id: the generator's order on a worker),
 *     before its first node just before it starts; at most S − p − n counted, and q = S − p − n − f;</li>
 * <li>a node is held from its ready time until the end of the forkscope interval that follows the
 *     node that made it ready on that node's worker (at most its start; not held without one); h(t)
 *     nodes held, and r(t) counts only the ready nodes not held;</li>
 * <li>work += p, not-running += n, delay += d = min(q, r), forkscope += f + min(q − d, h), no-work +=
 *     max(0, q − r − h); the delay of tick t is shared
 *     equally among the r nodes ready at t (min(q, r) / r each), and a kind's delay is the sum of
 *     the shares of its nodes: so kind k gets min(q, r) · r_k / r of tick t;</li>
 * <li>the ready path: from the node that finishes last (the first by id on a tie) back through the
 *     predecessor that made each node ready; each tick in [begin, its end) is path work if a path
 *     node runs, path not-running if a stopped path node executes, busy delay if none executes and
 *     p + n = S; else, while the path node waited for is held, path forkscope time; else of the
 *     S − p − n free workers the share in forkscope's hooks, min(S − p − n, f) / (S − p − n), is path
 *     forkscope time and the rest scheduler delay, during which max(0, S − p − n − min(S − p − n, f)
 *     − r − h) is no-work-sched (in the same rest).</li>
 * </ul>
 * Collapsed nodes (fractional running and inner delay) are outside its scope: it requires strands.
 */
final class TickByTickDelayOracle {
    final Dag dag;
    final long[] ready;
    final int[] readyFrom;
    final EdgeKind[] readyBy;
    /** Per tick t − begin: nodes running, and nodes ready but not started by kind. */
    final int[] running;
    /** Per tick t − begin: stopped nodes executing (their thread not running). */
    final int[] stopped;
    /** Per tick t − begin: workers in forkscope's hooks between nodes. */
    final int[] inRecorder;
    /** Per tick t − begin: nodes ready but held by forkscope's hook. */
    final int[] held;
    /** Per node: until when it was held (its ready time when not held). */
    final long[] heldUntil;
    /** Per node: the end of the forkscope interval right after it on its worker, MIN_VALUE for none. */
    private final long[] hookEnd;
    /** Per tick t − begin: the worker slots S(t). */
    final int[] slots;
    final int[][] readyByKind;
    long work;
    long notRunning;
    long recorder;
    long delay;
    long noWork;
    /** Per node: its share of the delay of the ticks it was ready in. */
    final double[] delayCharged;
    final double[] delayByKind = new double[EdgeKind.values().length];
    final List<Integer> path = new ArrayList<>();
    long pathWork;
    long pathNotRunning;
    long busyDelay;
    double schedulerDelay;
    double pathRecorder;
    double noWorkSched;

    TickByTickDelayOracle(Dag dag) {
        this.dag = dag;
        int n = dag.nodes().size();
        for (DagNode node : dag.nodes()) {
            if (node.collapsed()) {
                throw new IllegalArgumentException("the oracle handles plain strands only");
            }
            if (node.notRunning() != 0 && !isStopped(node)) {
                throw new IllegalArgumentException("the oracle handles strands stopped for their whole length only");
            }
        }
        ready = new long[n];
        readyFrom = new int[n];
        readyBy = new EdgeKind[n];
        for (DagNode node : dag.nodes()) {
            findWhatMadeReady(node);
        }
        int ticks = (int) dag.elapsed();
        running = new int[ticks];
        stopped = new int[ticks];
        slots = new int[ticks];
        inRecorder = new int[ticks];
        held = new int[ticks];
        hookEnd = new long[n];
        java.util.Arrays.fill(hookEnd, Long.MIN_VALUE);
        countRecorderTicks();
        heldUntil = new long[n];
        for (DagNode node : dag.nodes()) {
            int v = node.id();
            heldUntil[v] = readyFrom[v] < 0 || hookEnd[readyFrom[v]] == Long.MIN_VALUE ? ready[v]
                    : Math.max(ready[v], Math.min(node.start(), hookEnd[readyFrom[v]]));
        }
        TickSlots tickSlots = dag.slots().recorded() ? TickSlots.of(dag.slots(), dag.begin(), dag.finish()) : null;
        for (int i = 0; i < ticks; i++) {
            slots[i] = tickSlots == null ? dag.workers() : tickSlots.at(dag.begin() + i);
        }
        readyByKind = new int[ticks][EdgeKind.values().length];
        delayCharged = new double[n];
        for (long t = dag.begin(); t < dag.finish(); t++) {
            simulateTick(t);
        }
        for (DagNode node : dag.nodes()) {
            delayByKind[readyBy[node.id()].ordinal()] += delayCharged[node.id()];
        }
        walkReadyPath();
    }

    private void countRecorderTicks() {
        for (DagNode v : dag.nodes()) {
            if (v.recorderBefore() == 0) {
                continue;
            }
            DagNode previous = null;        // the worker's node just before v
            for (DagNode u : dag.nodes()) {
                if (u.worker() == v.worker() && u.id() < v.id()) {
                    previous = u;
                }
            }
            long from = previous == null ? Math.max(dag.begin(), v.start() - v.recorderBefore()) : previous.end();
            long to = Math.min(v.start(), from + v.recorderBefore());
            if (previous != null && from < to) {
                hookEnd[previous.id()] = to;
            }
            for (long t = from; t < to; t++) {
                inRecorder[(int) (t - dag.begin())]++;
            }
        }
    }

    private void findWhatMadeReady(DagNode node) {
        int v = node.id();
        if (node.in().isEmpty()) {
            ready[v] = dag.begin();
            readyFrom[v] = -1;
            readyBy[v] = EdgeKind.CREATE;
            return;
        }
        long latest = Long.MIN_VALUE;
        for (Edge e : node.in()) {
            latest = Math.max(latest, end(e.from()));
        }
        ready[v] = latest;
        for (Edge e : node.in()) {              // the first edge that reaches the latest end
            if (end(e.from()) == latest) {
                readyFrom[v] = e.from();
                readyBy[v] = e.kind();
                return;
            }
        }
        throw new AssertionError("unreachable");
    }

    private void simulateTick(long t) {
        int i = (int) (t - dag.begin());
        int p = 0;
        int s = 0;
        List<Integer> waiting = new ArrayList<>();
        for (DagNode node : dag.nodes()) {
            if (node.start() <= t && t < node.end()) {
                if (isStopped(node)) {
                    s++;
                } else {
                    p++;
                }
            }
            if (ready[node.id()] <= t && t < heldUntil[node.id()]) {
                held[i]++;
            } else if (ready[node.id()] <= t && t < node.start()) {
                waiting.add(node.id());
                readyByKind[i][readyBy[node.id()].ordinal()]++;
            }
        }
        running[i] = p;
        stopped[i] = s;
        p = Math.min(p, slots[i]);
        int n = Math.min(s, slots[i] - p);
        int f = Math.min(inRecorder[i], slots[i] - p - n);
        int q = slots[i] - p - n - f;
        int r = waiting.size();
        int d = Math.min(q, r);
        int h = Math.min(q - d, held[i]);
        work += p;
        notRunning += n;
        recorder += f + h;
        delay += d;
        noWork += q - d - h;
        for (int v : waiting) {
            delayCharged[v] += (double) d / r;
        }
    }

    private void walkReadyPath() {
        if (dag.nodes().isEmpty()) {
            return;
        }
        int last = 0;
        for (DagNode node : dag.nodes()) {
            if (node.end() > end(last)) {
                last = node.id();
            }
        }
        boolean[] onPath = new boolean[dag.nodes().size()];
        for (int v = last; v >= 0; v = readyFrom[v]) {
            path.add(v);
            onPath[v] = true;
        }
        Collections.reverse(path);
        for (long t = dag.begin(); t < end(last); t++) {
            boolean pathRuns = false;
            boolean pathStopped = false;
            for (DagNode node : dag.nodes()) {
                boolean executes = onPath[node.id()] && node.start() <= t && t < node.end();
                pathRuns |= executes && !isStopped(node);
                pathStopped |= executes && isStopped(node);
            }
            int i = (int) (t - dag.begin());
            int p = Math.min(running[i], slots[i]);
            p += Math.min(stopped[i], slots[i] - p);   // a slot holding a stopped node is free for nothing else
            if (pathRuns) {
                pathWork++;
            } else if (pathStopped) {
                pathNotRunning++;
            } else if (pathNodeHeldAt(t)) {
                pathRecorder++;
            } else if (p >= slots[i]) {
                busyDelay++;
            } else {
                int free = slots[i] - p;
                int own = Math.min(free, inRecorder[i]);
                double share = (double) own / free;
                pathRecorder += share;
                schedulerDelay += 1 - share;
                int r = 0;
                for (int x : readyByKind[i]) {
                    r += x;
                }
                noWorkSched += Math.max(0, free - own - r - held[i]) * (1 - share);
            }
        }
    }

    /** Whether the path, waiting at t, waits for a node that is held at t. */
    private boolean pathNodeHeldAt(long t) {
        for (int v : path) {
            if (ready[v] <= t && t < heldUntil[v]) {
                return true;
            }
        }
        return false;
    }

    /** A strand whose thread was not running for its whole length. */
    static boolean isStopped(DagNode node) {
        return node.work() == 0 && node.end() > node.start() && node.notRunning() == node.end() - node.start();
    }

    private long end(int id) {
        return dag.nodes().get(id).end();
    }

    double delayOf(EdgeKind kind) {
        return delayByKind[kind.ordinal()];
    }
}
