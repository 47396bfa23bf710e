package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import java.util.Arrays;
import java.util.BitSet;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One run of {@link WorkStealingSimulator}: a discrete-event loop over part completions.
 *
 * <p>A <i>part</i> is what a worker runs: a whole node, or (malleable collapsed nodes) a share of
 * one; a node ends when its last running part ends. Each busy worker has exactly one part and one
 * live completion event; a split shortens the victim's part, which invalidates its event by bumping
 * the worker's version (stale events are skipped). At each event time t: every part ending at t is
 * finished, in worker order, then every idle worker is given work ({@link #assign}); parts of
 * length 0 end at the same t and are handled by the next turn of the loop, so nodes of zero cost
 * chain within one instant.
 *
 * <p>Invariants between turns: {@code idle} holds exactly the workers with no part; an idle worker's
 * deque is empty, and if any worker is idle then no deque holds a node and the submission queue is
 * drained (greedy). {@code nonEmpty} holds exactly the workers whose deque is not empty.
 */
final class Replay {
    private static final long P_UP = 0, P_DOWN = 1, R_UP = 2, R_DOWN = 3;

    private record Event(long time, int worker, int version) {}

    private final int workers;
    private final long latency;
    private final long[] cost;
    private final int[] capacity;          // parts a node may run as at once: 1 unless malleable
    private final int[] succStart;         // successors of v: succ[succStart[v] .. succStart[v + 1])
    private final int[] succ;
    private final boolean[] succCont;      // the edge is not CREATE: the finishing worker may keep it
    private final int[] pending;           // in-edges not yet satisfied
    private final int[] roots;
    private int nextRoot;

    private final IntDeque[] deques;
    private final BitSet nonEmpty = new BitSet();
    private final BitSet idle = new BitSet();
    private final BitSet splittable = new BitSet();   // workers running a part of a node with capacity > 1
    private final int[] running;            // node of the worker's part, -1 when idle
    private final long[] partStart;
    private final long[] partEnd;
    private final int[] version;
    private final int[] parts;              // parts of a node claimed and not yet finished
    private final PriorityQueue<Event> events = new PriorityQueue<>(
            (a, b) -> a.time != b.time ? Long.compare(a.time, b.time) : Integer.compare(a.worker, b.worker));
    private final SplittableRandom random;

    private final int[] nodeWorker;
    private final long[] ready;
    private final long[] start;
    private final long[] end;
    private final boolean[] stolen;
    private long steals;
    private long splits;

    private long[] deltas = new long[64];   // (time << 2) | kind: the changes of p and r, swept at the end
    private int deltaCount;
    private final int[] madeReady;          // scratch: the nodes one completion made ready

    Replay(Dag dag, Costs costs, SimulationOptions options) {
        int n = dag.nodes().size();
        workers = options.workers();
        latency = options.stealLatencyNs();
        random = new SplittableRandom(options.seed());
        cost = costs.workArray();
        capacity = new int[n];
        pending = new int[n];
        succStart = new int[n + 1];
        int rootCount = 0;
        for (DagNode node : dag.nodes()) {
            int v = node.id();
            pending[v] = node.in().size();
            rootCount += pending[v] == 0 ? 1 : 0;
            for (Edge e : node.in()) {
                succStart[e.from() + 1]++;
            }
            long w = cost[v];
            long s = costs.span(v);
            capacity[v] = options.collapsed() == CollapsedReplay.MALLEABLE && node.collapsed() && w > 0
                    ? (int) Math.min(workers, s == 0 ? workers : w / s) : 1;
        }
        for (int v = 0; v < n; v++) {
            succStart[v + 1] += succStart[v];
        }
        succ = new int[succStart[n]];
        succCont = new boolean[succStart[n]];
        int[] fill = Arrays.copyOf(succStart, n);
        roots = new int[rootCount];
        int r = 0;
        for (DagNode node : dag.nodes()) {     // id order: each successor list comes out sorted by id
            if (node.in().isEmpty()) {
                roots[r++] = node.id();
            }
            for (Edge e : node.in()) {
                int i = fill[e.from()]++;
                succ[i] = node.id();
                succCont[i] = e.kind() != EdgeKind.CREATE;
            }
        }
        deques = new IntDeque[workers];
        for (int w = 0; w < workers; w++) {
            deques[w] = new IntDeque();
        }
        running = new int[workers];
        Arrays.fill(running, -1);
        partStart = new long[workers];
        partEnd = new long[workers];
        version = new int[workers];
        parts = new int[n];
        nodeWorker = new int[n];
        Arrays.fill(nodeWorker, -1);
        ready = new long[n];
        start = new long[n];
        end = new long[n];
        stolen = new boolean[n];
        madeReady = new int[n];
    }

    Simulation run() {
        for (int i = 0; i < roots.length; i++) {
            delta(0, R_UP);                       // every root is ready at 0
        }
        idle.set(0, workers);
        assign(0);
        while (!events.isEmpty()) {
            long t = events.peek().time;
            while (!events.isEmpty() && events.peek().time == t) {
                Event e = events.poll();
                if (e.version == version[e.worker]) {
                    finishPart(e.worker, t);
                }
            }
            assign(t);
        }
        long makespan = 0;
        for (int v = 0; v < nodeWorker.length; v++) {
            if (nodeWorker[v] < 0) {
                throw new IllegalStateException("node " + v + " never became ready");
            }
            makespan = Math.max(makespan, end[v]);
        }
        long[] breakdown = sweep(makespan);
        return new Simulation(workers, makespan, breakdown[0], breakdown[1], breakdown[2], steals, splits,
                new SimulatedSchedule(nodeWorker, ready, start, end, stolen));
    }

    /** Worker w's part ends at t: its node may end, making successors ready; w keeps one or goes idle. */
    private void finishPart(int w, long t) {
        int v = running[w];
        if (t > partStart[w]) {
            delta(partStart[w], P_UP);
            delta(t, P_DOWN);
        }
        running[w] = -1;
        splittable.clear(w);
        int keep = -1;
        if (--parts[v] == 0) {
            end[v] = t;
            int count = 0;
            for (int i = succStart[v]; i < succStart[v + 1]; i++) {
                int u = succ[i];
                if (--pending[u] == 0) {
                    ready[u] = t;
                    delta(t, R_UP);
                    if (keep < 0 && succCont[i]) {
                        keep = u;
                    } else {
                        madeReady[count++] = u;
                    }
                }
            }
            for (int i = 0; i < count; i++) {
                deques[w].pushBottom(madeReady[i]);
            }
            if (count > 0) {
                nonEmpty.set(w);
            }
        }
        if (keep >= 0) {
            startNode(w, keep, t, false);
        } else {
            idle.set(w);
        }
    }

    /**
     * Gives work to the idle workers at t: first those whose own deque has entries (their newest),
     * then the others in index order from the submission queue, by a steal, or by a split.
     */
    private void assign(long t) {
        for (int w = idle.nextSetBit(0); w >= 0; w = idle.nextSetBit(w + 1)) {
            if (!deques[w].isEmpty()) {
                int v = deques[w].popBottom();
                if (deques[w].isEmpty()) {
                    nonEmpty.clear(w);
                }
                startNode(w, v, t, false);
            }
        }
        boolean mayStillSplit = true;   // a failed search stays failed for the rest of this instant
        for (int w = idle.nextSetBit(0); w >= 0; w = idle.nextSetBit(w + 1)) {
            if (nextRoot < roots.length) {
                startNode(w, roots[nextRoot++], t, false);
            } else if (!nonEmpty.isEmpty()) {
                int victim = pick(nonEmpty);
                int v = deques[victim].pollTop();
                if (deques[victim].isEmpty()) {
                    nonEmpty.clear(victim);
                }
                steals++;
                startNode(w, v, t, true);
            } else if (mayStillSplit && !splittable.isEmpty()) {
                mayStillSplit = split(w, t);
            } else {
                return;
            }
        }
    }

    /** @return the first worker in {@code set} at or after a random index, cyclically */
    private int pick(BitSet set) {
        int from = random.nextInt(workers);
        int w = set.nextSetBit(from);
        return w >= 0 ? w : set.nextSetBit(0);
    }

    /** Worker w starts node v, claimed at t; a stolen node starts after the latency. */
    private void startNode(int w, int v, long t, boolean steal) {
        long s = steal ? t + latency : t;
        nodeWorker[v] = w;
        start[v] = s;
        stolen[v] = steal;
        delta(s, R_DOWN);
        parts[v] = 1;
        beginPart(w, v, s, s + cost[v]);
    }

    private void beginPart(int w, int v, long from, long to) {
        running[w] = v;
        partStart[w] = from;
        partEnd[w] = to;
        events.add(new Event(to, w, ++version[w]));
        idle.clear(w);
        if (capacity[v] > 1) {
            splittable.set(w);
        }
    }

    /**
     * Thief w takes half of the remaining time of a running part of a malleable node that has room
     * for another part, if that half, started after the latency, ends strictly before the part
     * would: the victim keeps ⌈rem/2⌉, the thief runs ⌊rem/2⌋ from t + L.
     *
     * @return whether it split one
     */
    private boolean split(int w, long t) {
        int first = pick(splittable);
        int x = first;
        do {
            int v = running[x];
            long rem = partEnd[x] - t;
            long half = rem / 2;
            if (partStart[x] <= t && parts[v] < capacity[v] && half >= 1 && latency < rem - half) {
                partEnd[x] = t + rem - half;
                events.add(new Event(partEnd[x], x, ++version[x]));
                parts[v]++;
                splits++;
                delta(t, R_UP);                  // the split-off part waits for its thief
                delta(t + latency, R_DOWN);
                beginPart(w, v, t + latency, t + latency + half);
                return true;
            }
            x = splittable.nextSetBit(x + 1);
            if (x < 0) {
                x = splittable.nextSetBit(0);
            }
        } while (x != first);
        return false;
    }

    private void delta(long time, long kind) {
        if (deltaCount == deltas.length) {
            deltas = Arrays.copyOf(deltas, 2 * deltas.length);
        }
        deltas[deltaCount++] = (time << 2) | kind;
    }

    /**
     * measures.md §6 over [0, makespan): between consecutive change times p (running) and r (ready
     * pieces waiting) are constant; work p·dt, delay min(q, r)·dt, no-work max(0, q − r)·dt, q = P − p.
     *
     * @return {work, delay, no-work}
     */
    private long[] sweep(long makespan) {
        long[] d = Arrays.copyOf(deltas, deltaCount);
        Arrays.sort(d);
        long work = 0;
        long delay = 0;
        long noWork = 0;
        long p = 0;
        long r = 0;
        long prev = 0;
        for (int i = 0; i <= d.length; i++) {
            long t = i < d.length ? d[i] >>> 2 : makespan;
            if (t > prev) {
                long dt = t - prev;
                long q = workers - p;
                work += p * dt;
                delay += Math.min(q, r) * dt;
                noWork += Math.max(0, q - r) * dt;
                prev = t;
            }
            if (i < d.length) {
                switch ((int) (d[i] & 3)) {
                    case 0 -> p++;
                    case 1 -> p--;
                    case 2 -> r++;
                    default -> r--;
                }
            }
        }
        if (p != 0 || r != 0) {
            throw new IllegalStateException("unbalanced sweep: p " + p + ", r " + r);
        }
        return new long[] {work, delay, noWork};
    }
}
