package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.analysis.delay.DelayReport;
import io.forkscope.analysis.delay.DelaySpotter;
import io.forkscope.analysis.delay.LossBreakdown;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagAssembler;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.recorder.engine.Program.Body;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The DAG the engine records (mode=dag) against the online measures and the offline oracle, on
 * random programs and schedules: its nodes' work adds up to the work, its longest path is the
 * span, and it has one create edge per spawn; collapsing keeps all of that and Delay Spotter's
 * decomposition (measures.md §6).
 */
class RecordedDagProperties {
    private final OnlineMatchesOfflineProperties programs = new OnlineMatchesOfflineProperties();

    @Provide
    Arbitrary<Body> programs() {
        return programs.programs();
    }

    /**
     * The same program under the same schedule, recorded with collapsing off (F) and on (C):
     * counts, work and longest path agree exactly, and so does Delay Spotter's decomposition
     * work + delay + no-work = P × elapsed (measures.md §6), as far as collapsing can keep it.
     *
     * <p><b>What collapsing hides.</b> A collapsed node c stands for the strands one worker ran
     * alone in [s_c, e_c) (length L_c). Everything outside the collapsed nodes is recorded alike in
     * F and C (checked by {@link #hiddenByCollapsing}): the same strands, and the same edges, since
     * c keeps its first strand's in-edges and its last strand's id and end. So the two profiles
     * differ only inside collapsed nodes, where, per c,
     * <ul>
     *   <li>running: F counts a_c(t), the inner strands running at t; C counts the constant
     *       share_c = min(1, work_c / L_c) (ParallelismProfile.runningShare);</li>
     *   <li>ready: F counts b_c(t), the inner strands other than the first that are ready but not
     *       started (the first one's wait lies before s_c and is c's own wait in C); C counts the
     *       constant innerDelay_c / L_c, the recorder's total of those waits spread evenly.</li>
     * </ul>
     * Since ∫a_c = work_c and ∫b_c = innerDelay_c, work and total ready time agree exactly; the
     * split of the idle time q = P − min(P, running) between delay min(q, r) and no-work
     * max(0, q − r) does not, min being nonlinear.
     *
     * <p><b>The bound.</b> min and x ↦ min(P, x) are 1-Lipschitz, so pointwise
     * |min(q_C, r_C) − min(q_F, r_F)| ≤ |q_C − q_F| + |r_C − r_F| ≤ |Δrunning| + |Δready|, and
     * Δrunning, Δready are the sums over collapsed nodes of the differences above. Integrating,
     * <pre>
     *   |delay_C − delay_F| ≤ Σ_c ∫ |share_c·1[s_c,e_c) − a_c| + ∫ |innerDelay_c/L_c·1[s_c,e_c) − b_c|  =: B.
     * </pre>
     * One side at a time is sharper: min is also nondecreasing, so
     * min(q + x, r + y) − min(q, r) lies in [−(x⁻ + y⁻), x⁺ + y⁺], and q falls where running
     * rises (Δq⁺ ≤ Δrunning⁻, Δq⁻ ≤ Δrunning⁺), hence
     * <pre>
     *   delay_C − delay_F ≤ Σ_c ∫ (a_c − share_c·1_c)⁺ + ∫ (innerDelay_c/L_c·1_c − b_c)⁺  =: B⁺
     *   delay_F − delay_C ≤ Σ_c ∫ (share_c·1_c − a_c)⁺ + ∫ (b_c − innerDelay_c/L_c·1_c)⁺  =: B⁻
     * </pre>
     * with B⁺ + B⁻ = B. As each node keeps its work and its inner ready time (∫ of each difference
     * is 0), B⁺ = B⁻ = B/2 here; the property runs reach |delay_C − delay_F| = B/2, so the bound is
     * tight. No-work differs by the same amount with the opposite sign (delay + no-work agree).
     * B = 0 when nothing collapsed, and then the DAGs, hence the splits, are identical.
     *
     * <p><b>Which P.</b> The simulator is one thread whose clock moves only inside work, so the
     * recorded run has P = 1 and a worker that never idles: q = 0, delay = no-work = 0 in both
     * recordings and the split agrees exactly, for that structural reason (asserted, premise
     * included). That says nothing about the hidden ready time, so the same node timings are also
     * analysed as if {@code extraWorkers} more workers had stood idle beside the one that ran
     * (a valid DAG: a run in which the others never got a task), where q ≥ extraWorkers and the
     * nonlinearity bites: there B⁺ and B⁻ must hold. With more idle workers than strands
     * (q ≥ N ≥ r always, as spread inner ready ≤ strands_c − 1 per node), delay = ∫ready exactly,
     * which collapsing keeps: there delay agrees exactly and equals Σ (start − ready) over F's strands,
     * and so does delay by edge kind (all inner waits in the simulator are create-edge waits).
     */
    @Property(tries = 300)
    void collapsingKeepsWorkSpanCountsAndDecomposition(@ForAll("programs") Body program, @ForAll long scheduleSeed,
                                                        @ForAll @IntRange(min = 1, max = 5) int extraWorkers) {
        Recording fullRun = recording(program, scheduleSeed, false);
        Recording collapsedRun = recording(program, scheduleSeed, true);
        Dag full = fullRun.dag();
        Dag collapsed = collapsedRun.dag();
        assertThat(collapsed.nodes().size()).isLessThanOrEqualTo(full.nodes().size());
        assertThat(collapsed.nodes().stream().mapToLong(DagNode::strands).sum()).isEqualTo(full.nodes().size());
        assertThat(collapsed.nodes().stream().mapToLong(DagNode::work).sum())
                .isEqualTo(full.nodes().stream().mapToLong(DagNode::work).sum());
        assertThat(longestPath(collapsed)).isEqualTo(longestPath(full));
        assertThat(creates(collapsed)).isEqualTo(creates(full));
        assertThat(waits(collapsed)).isEqualTo(waits(full));
        assertThat(fullRun.droppedEdges()).isZero();
        assertThat(collapsedRun.droppedEdges()).isZero();
        assertThat(collapsed.workers()).as("P").isEqualTo(full.workers());
        assertThat(collapsed.begin()).as("begin").isEqualTo(full.begin());
        assertThat(collapsed.finish()).as("finish").isEqualTo(full.finish());

        List<Hidden> hidden = hiddenByCollapsing(fullRun, collapsedRun);
        double bound = hidden.stream().mapToDouble(Hidden::bound).sum();
        double raise = hidden.stream().mapToDouble(Hidden::raise).sum();
        double lower = hidden.stream().mapToDouble(Hidden::lower).sum();
        if (hidden.isEmpty()) {
            assertThat(collapsed).as("nothing collapsed").isEqualTo(full);
            assertThat(bound).isZero();
        }

        // the recorded run: P = 1, never idle, so the split is exactly 0 / 0 in both
        assertThat(full.workers()).as("the simulator's one worker").isEqualTo(1);
        assertThat(full.nodes().stream().mapToLong(n -> n.end() - n.start()).sum())
                .as("the simulator's worker never idles").isEqualTo(full.elapsed());
        LossBreakdown f = decomposition(full);
        LossBreakdown c = decomposition(collapsed);
        assertThat(c.work()).as("work").isEqualTo(f.work());
        assertThat(c.delay()).as("delay at the recorded P").isEqualTo(f.delay());
        assertThat(c.noWork()).as("no-work at the recorded P").isEqualTo(f.noWork());

        // idle workers beside the one that ran: the split moves by at most B
        int workers = full.workers() + extraWorkers;
        LossBreakdown fp = decomposition(withWorkers(full, workers));
        LossBreakdown cp = decomposition(withWorkers(collapsed, workers));
        double eps = 1e-9 * ((double) workers * full.elapsed() + 1);
        assertThat(cp.work()).as("work, P = %d", workers).isCloseTo(fp.work(), within(eps));
        assertThat(cp.delay() + cp.noWork()).as("delay + no-work, P = %d", workers)
                .isCloseTo(fp.delay() + fp.noWork(), within(eps));
        assertThat(cp.delay() - fp.delay())
                .as("delay_C − delay_F ≤ B⁺, P = %d, hidden %s", workers, hidden)
                .isLessThanOrEqualTo(raise + eps);
        assertThat(fp.delay() - cp.delay())
                .as("delay_F − delay_C ≤ B⁻, P = %d, hidden %s", workers, hidden)
                .isLessThanOrEqualTo(lower + eps);
        if (hidden.isEmpty()) {
            assertThat(cp).as("nothing collapsed, P = %d", workers).isEqualTo(fp);
        }

        // more idle workers than strands: delay is all the ready time, which collapsing keeps
        int many = full.nodes().size() + 1;
        LossBreakdown fm = decomposition(withWorkers(full, many));
        LossBreakdown cm = decomposition(withWorkers(collapsed, many));
        double readyTime = readyTime(fullRun);
        double epsMany = 1e-9 * ((double) many * full.elapsed() + 1);
        assertThat(fm.delay()).as("delay = ready time, full, P = %d", many).isCloseTo(readyTime, within(epsMany));
        assertThat(cm.delay()).as("delay = ready time, collapsed, P = %d", many).isCloseTo(readyTime, within(epsMany));
        // and delay by kind is the ready time by kind: C books inner waits as create-edge waits,
        // which here they all are (a child waits in its parent's deque until the parent joins it;
        // continuations run as soon as they are ready on the one worker), so the split by kind agrees
        for (EdgeKind k : EdgeKind.values()) {
            assertThat(cm.delayByKind().get(k)).as("delay by %s edges, P = %d", k.label(), many)
                    .isCloseTo(fm.delayByKind().get(k), within(epsMany));
        }
    }

    /** Delay Spotter's breakdown of {@code dag}, after checking work + delay + no-work = P × elapsed. */
    static LossBreakdown decomposition(Dag dag) {
        DelayReport report = DelaySpotter.analyze(dag);
        LossBreakdown b = report.breakdown();
        double whole = (double) dag.workers() * dag.elapsed();
        assertThat(b.total()).as("work + delay + no-work = P × elapsed").isCloseTo(whole, within(1e-9 * (whole + 1)));
        assertThat(b.delay()).isGreaterThanOrEqualTo(0);
        assertThat(b.noWork()).isGreaterThanOrEqualTo(-1e-9 * (whole + 1));
        assertThat(report.stats().workers()).isEqualTo(dag.workers());
        assertThat(report.stats().elapsed()).isEqualTo(dag.elapsed());
        return b;
    }

    /** The same nodes and interval, analysed with P = {@code workers} (the extra ones idle throughout). */
    static Dag withWorkers(Dag dag, int workers) {
        return new Dag(dag.nodes(), workers, dag.begin(), dag.finish());
    }

    /**
     * What collapsing hid in one collapsed node (top level of the collapsed recording): its inner
     * strands, as the full recording has them, and its share of the bound B.
     */
    record Hidden(long id, long strands, long length, long innerDelay, double runsLess, double runsMore,
                  double readyMore, double readyLess) {
        /** B⁺'s share: ∫ (a_c − share_c)⁺ + ∫ (spread_c − b_c)⁺. */
        double raise() {
            return runsLess + readyMore;
        }

        /** B⁻'s share: ∫ (share_c − a_c)⁺ + ∫ (b_c − spread_c)⁺. */
        double lower() {
            return runsMore + readyLess;
        }

        /** B's share: ∫ |share_c − a_c| + ∫ |spread_c − b_c|. */
        double bound() {
            return raise() + lower();
        }

        @Override
        public String toString() {
            return "node " + Long.toHexString(id) + " (" + strands + " strands, L " + length + ", inner delay "
                    + innerDelay + ": B⁺ " + raise() + ", B⁻ " + lower() + ")";
        }
    }

    /**
     * Matches the two recordings node by node and returns what each collapsed node hid. A node's id
     * is its thread's index and sequence number, and collapsing does not change the events, so both
     * recordings number strands alike: a collapsed node takes its last strand's id and stands for the
     * thread's strands after the thread's previous node in the collapsed recording. Checks that
     * everything outside collapsed nodes is recorded alike, and that each collapsed node carries its
     * strands' counts, times, first in-edges and the sum of its inner strands' waits.
     */
    static List<Hidden> hiddenByCollapsing(Recording fullRun, Recording collapsedRun) {
        Map<Long, RecordedNode> byId = new HashMap<>();
        for (RecordedNode n : fullRun.nodes()) {
            byId.put(n.id(), n);
        }
        long[] ready = readyTimes(fullRun.nodes(), fullRun.dag().begin(), byId);
        Map<Long, Integer> index = new HashMap<>();
        for (int i = 0; i < fullRun.nodes().size(); i++) {
            index.put(fullRun.nodes().get(i).id(), i);
        }
        List<RecordedNode> sorted = new ArrayList<>(collapsedRun.nodes());
        sorted.sort((x, y) -> Long.compare(x.id(), y.id()));
        List<Long> fullIds = fullRun.nodes().stream().map(RecordedNode::id).sorted().toList();
        List<Hidden> hidden = new ArrayList<>();
        long previous = Long.MIN_VALUE;
        for (RecordedNode c : sorted) {
            long thread = c.id() >>> 40;
            long after = previous != Long.MIN_VALUE && previous >>> 40 == thread ? previous : (thread << 40) - 1;
            previous = c.id();
            List<RecordedNode> inner = new ArrayList<>();
            for (long id : fullIds) {
                if (id > after && id <= c.id()) {
                    inner.add(byId.get(id));
                }
            }
            assertThat(inner).as("strands of %s", Long.toHexString(c.id())).hasSize((int) c.strands());
            RecordedNode first = inner.get(0);
            RecordedNode last = inner.get(inner.size() - 1);
            assertThat(c.start()).isEqualTo(first.start());
            assertThat(c.end()).isEqualTo(last.end());
            assertThat(c.worker()).isEqualTo(first.worker());
            assertThat(c.work()).isEqualTo(inner.stream().mapToLong(RecordedNode::work).sum());
            assertThat(c.inFrom()).as("in-edges of %s", Long.toHexString(c.id())).isEqualTo(first.inFrom());
            assertThat(c.inKinds()).isEqualTo(first.inKinds());
            if (c.strands() == 1) {
                assertThat(c.end()).isEqualTo(first.end());
                assertThat(c.ends()).isEqualTo(first.ends());
                assertThat(c.innerDelay()).isZero();
                continue;
            }
            // the inner strands but the first have only inner predecessors: their waits are hidden
            Set<Long> innerIds = new HashSet<>();
            inner.forEach(n -> innerIds.add(n.id()));
            long innerDelay = 0;
            TreeMap<Long, Double> running = new TreeMap<>();
            TreeMap<Long, Double> readyDiff = new TreeMap<>();
            for (RecordedNode v : inner) {
                add(running, v.start(), -1);
                add(running, v.end(), +1);
                if (v == first) {
                    continue;
                }
                for (long p : v.inFrom()) {
                    assertThat(innerIds).as("predecessors of inner strand %s", Long.toHexString(v.id())).contains(p);
                }
                long r = ready[index.get(v.id())];
                innerDelay += v.start() - r;
                if (r < v.start()) {
                    add(readyDiff, r, -1);
                    add(readyDiff, v.start(), +1);
                }
            }
            assertThat(c.innerDelay()).as("inner delay of %s", Long.toHexString(c.id())).isEqualTo(innerDelay);
            long length = c.end() - c.start();
            if (length > 0) {
                double share = Math.min(1.0, (double) c.work() / length);
                add(running, c.start(), share);
                add(running, c.end(), -share);
                if (c.innerDelay() > 0) {
                    double spread = (double) c.innerDelay() / length;
                    add(readyDiff, c.start(), spread);
                    add(readyDiff, c.end(), -spread);
                }
            }
            // running = share_c·1_c − a_c, readyDiff = spread_c·1_c − b_c
            hidden.add(new Hidden(c.id(), c.strands(), length, c.innerDelay(), integral(running, -1),
                    integral(running, +1), integral(readyDiff, +1), integral(readyDiff, -1)));
        }
        return hidden;
    }

    /** measures.md §6: a node is ready at the latest end among its predecessors (the run's begin without any), never after it starts. */
    static long[] readyTimes(List<RecordedNode> nodes, long begin, Map<Long, RecordedNode> byId) {
        long[] ready = new long[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            RecordedNode n = nodes.get(i);
            long r = begin;
            for (long p : n.inFrom()) {
                r = Math.max(r, byId.get(p).end());
            }
            ready[i] = Math.min(r, n.start());
        }
        return ready;
    }

    /** Σ (start − ready) over the strands of a full recording: the integral of ready(t). */
    static double readyTime(Recording fullRun) {
        Map<Long, RecordedNode> byId = new HashMap<>();
        fullRun.nodes().forEach(n -> byId.put(n.id(), n));
        long[] ready = readyTimes(fullRun.nodes(), fullRun.dag().begin(), byId);
        double total = 0;
        for (int i = 0; i < ready.length; i++) {
            total += fullRun.nodes().get(i).start() - ready[i];
        }
        return total;
    }

    private static void add(TreeMap<Long, Double> deltas, long t, double value) {
        deltas.merge(t, value, Double::sum);
    }

    /** ∫ (sign·f(t))⁺ dt for f the running sum of {@code deltas} (zero before the first). */
    private static double integral(TreeMap<Long, Double> deltas, int sign) {
        double level = 0;
        double total = 0;
        Long previous = null;
        for (var e : deltas.entrySet()) {
            if (previous != null) {
                total += Math.max(0, sign * level) * (e.getKey() - previous);
            }
            level += e.getValue();
            previous = e.getKey();
        }
        return total;
    }

    /** One recording: the nodes as the recorder wrote them and the DAG assembled from them. */
    record Recording(List<RecordedNode> nodes, Dag dag, int droppedEdges) {}

    static Recording recording(Body program, long seed, boolean collapse) {
        SimRuntime rt = new SimRuntime(0, seed, true, collapse);
        Object token = rt.engine.regionStart("program");
        Program.simulate(program).accept(rt);
        rt.engine.regionStop(token);
        rt.drain();
        List<RecordedNode> recorded = new ArrayList<>();
        rt.engine.drainDagNodes(recorded::addAll, true);
        long[] frame = rt.engine.dagFrame();
        DagAssembler.Assembled assembled = DagAssembler.assemble(recorded, (int) frame[0], frame[1], frame[2]);
        return new Recording(List.copyOf(recorded), assembled.dag(), assembled.droppedEdges());
    }

    static long creates(Dag dag) {
        return dag.nodes().stream().mapToLong(n -> n.creates() + (n.ends() == io.forkscope.model.dag.NodeEnd.CREATE ? 1 : 0)).sum();
    }

    static long waits(Dag dag) {
        return dag.nodes().stream().mapToLong(n -> n.waits() + (n.ends() == io.forkscope.model.dag.NodeEnd.WAIT ? 1 : 0)).sum();
    }

    @Property(tries = 300)
    void theRecordedDagHasTheRunsWorkSpanAndSpawns(@ForAll("programs") Body program, @ForAll long scheduleSeed) {
        DagOracle oracle = new DagOracle(program, 0);
        SimRuntime rt = new SimRuntime(0, scheduleSeed, true);
        Object token = rt.engine.regionStart("program");
        Program.simulate(program).accept(rt);
        rt.engine.regionStop(token);
        rt.drain();

        WorkSpan whole = rt.engine.snapshot(true).measures();
        assertThat(whole.work()).isEqualTo(oracle.work);
        assertThat(whole.span()).isEqualTo(oracle.span);

        List<RecordedNode> recorded = new ArrayList<>();
        rt.engine.drainDagNodes(recorded::addAll, true);
        long[] frame = rt.engine.dagFrame();
        DagAssembler.Assembled assembled = DagAssembler.assemble(recorded, (int) frame[0], frame[1], frame[2]);
        assertThat(assembled.droppedEdges()).isZero();
        Dag dag = assembled.dag();
        assertThat(dag.nodes().stream().mapToLong(DagNode::work).sum()).isEqualTo(oracle.work);
        assertThat(longestPath(dag)).isEqualTo(oracle.span);
        assertThat(creates(dag)).as("creates").isEqualTo(oracle.spawns);
        for (DagNode n : dag.nodes()) {
            for (Edge e : n.in()) {
                assertThat(dag.nodes().get(e.from()).end()).isLessThanOrEqualTo(n.start());
            }
        }
    }

    static long longestPath(Dag dag) {
        long[] dist = new long[dag.nodes().size()];
        long best = 0;
        for (DagNode n : dag.nodes()) {
            long before = 0;
            for (Edge e : n.in()) {
                before = Math.max(before, dist[e.from()]);
            }
            dist[n.id()] = before + n.span();
            best = Math.max(best, dist[n.id()]);
        }
        return best;
    }
}
