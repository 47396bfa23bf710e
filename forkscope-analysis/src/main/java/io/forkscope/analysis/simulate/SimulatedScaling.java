package io.forkscope.analysis.simulate;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What {@code forkscope predict} computes from one recorded DAG (issue 23, item 5; measures.md §7):
 * for each worker count P asked for, the simulated T_P with collapsed nodes replayed both ways
 * ({@link CollapsedReplay#SEQUENTIAL} and {@link CollapsedReplay#MALLEABLE}: the truth lies between),
 * the simulated work, delay, no-work and steals; the DAG's shape (work, span, parallelism); the
 * recorded run itself beside the simulation at its own P, the simulation's check against reality;
 * and, with site speedups, the same after those sites are made faster (TaskProf's what-if). A value:
 * the formats (report/predict) only print it.
 *
 * @param nodes          the DAG's nodes
 * @param collapsedNodes how many of them stand for a sub-DAG one worker ran alone (their inner
 *                       structure is unknown: SEQUENTIAL and MALLEABLE differ only through them)
 * @param stealLatencyNs L, the cost of one steal in the simulation
 * @param seed           the seed of the victim choice
 * @param asRecorded     the DAG with its recorded costs
 * @param whatIf         the DAG with the {@code speedups} applied; null without speedups
 * @param speedups       the sites made faster, as asked (empty without)
 * @param recorded       the recorded run and the simulation at its P
 */
public record SimulatedScaling(int nodes, int collapsedNodes, long stealLatencyNs, long seed, Scenario asRecorded,
                         Scenario whatIf, List<Speedup> speedups, Recorded recorded) {
    public SimulatedScaling {
        Objects.requireNonNull(asRecorded);
        Objects.requireNonNull(recorded);
        speedups = List.copyOf(speedups);
        if ((whatIf == null) != speedups.isEmpty()) {
            throw new IllegalArgumentException("a what-if needs speedups, and speedups a what-if");
        }
    }

    /**
     * One simulated run, without its schedule (a schedule holds five numbers per node; a prediction
     * keeps two or four runs per P).
     *
     * @param workers  P
     * @param makespan T_P (ns)
     * @param work     simulated work (worker-ns): always T1 of the costs
     * @param delay    worker-ns lost to steal latency: L × (steals + splits)
     * @param noWork   worker-ns idle with nothing ready
     * @param steals   nodes that ran on another worker than the one that made them ready
     * @param splits   parts split off running collapsed nodes (MALLEABLE only)
     */
    public record Point(int workers, long makespan, long work, long delay, long noWork, long steals, long splits) {
        public static Point of(Simulation s) {
            return new Point(s.workers(), s.makespan(), s.work(), s.delay(), s.noWork(), s.steals(), s.splits());
        }

        /** @return work + delay + no-work = P × T_P */
        public long total() {
            return work + delay + noWork;
        }

        /** @return T1/T_P; 0 when T_P is 0 */
        public double speedup(long t1) {
            return makespan == 0 ? 0 : (double) t1 / makespan;
        }
    }

    /** The two replays of one P: collapsed nodes as sequential pieces and as divisible ones. */
    public record Row(int workers, Point sequential, Point malleable) {}

    /**
     * One set of costs and its replays.
     *
     * @param shape work, span, replay span and depth under these costs
     * @param rows  one per P asked for, in the order asked
     */
    public record Scenario(DagShape shape, List<Row> rows) {
        public Scenario {
            rows = List.copyOf(rows);
        }

        /** @return the row of P, or null when P was not simulated */
        public Row at(int workers) {
            for (Row r : rows) {
                if (r.workers() == workers) {
                    return r;
                }
            }
            return null;
        }
    }

    /**
     * A site made faster: the nodes whose site is one of {@code sites} take 1/{@code factor} of their
     * work and inner span ({@link WhatIf}).
     *
     * @param name   the site as the user named it
     * @param sites  the call-site ids it stands for (one name may match several sites)
     * @param factor k > 0; k > 1 is faster
     */
    public record SiteSpeedup(String name, List<Integer> sites, double factor) implements Speedup {
        public SiteSpeedup {
            sites = List.copyOf(sites);
            Speedup.checkFactor(name, factor);
        }

        @Override
        public boolean covers(DagNode node) {
            return sites.contains(node.site());
        }
    }

    /**
     * The recorded run beside its simulation.
     *
     * @param workers    the run's P: its worker slots ({@link Dag#workers()}, their peak when they varied)
     * @param elapsedNs  its elapsed time
     * @param simulated  the simulation at that P with the recorded costs
     * @param recorderNs forkscope's own time in the run's nodes' hooks (worker-ns; Σ recorderBefore +
     *                   recorderInside), which the measured elapsed holds and the simulation does not
     * @param notRunningNs the workers' threads off a CPU inside strands (worker-ns; Σ notRunning),
     *                   likewise
     */
    public record Recorded(int workers, long elapsedNs, Row simulated, long recorderNs, long notRunningNs) {
        /** @return |measured − simulated| / measured with collapsed nodes sequential; NaN when elapsed is 0 */
        public double errorSequential() {
            return error(simulated.sequential().makespan());
        }

        /** @return as {@link #errorSequential()} with collapsed nodes malleable */
        public double errorMalleable() {
            return error(simulated.malleable().makespan());
        }

        private double error(long simulatedNs) {
            return elapsedNs == 0 ? Double.NaN : Math.abs((double) elapsedNs - simulatedNs) / elapsedNs;
        }

        /** @return the not-running time's share of P × elapsed; 0 when elapsed is 0 */
        public double notRunningShare() {
            return slotTime() == 0 ? 0 : notRunningNs / slotTime();
        }

        /** @return P × elapsed, the worker-time of the run (constant slots) */
        public double slotTime() {
            return (double) workers * elapsedNs;
        }
    }

    /** Told after each simulation, for progress on a terminal. */
    @FunctionalInterface
    public interface Progress {
        /**
         * @param done  simulations finished
         * @param total simulations to run
         * @param what  the one just finished, "P=8 malleable"
         */
        void done(int done, int total, String what);
    }

    /** @return {@code workers} simulated on {@code dag} with steal latency L and this seed */
    public static SimulatedScaling of(Dag dag, List<Integer> workers, long stealLatencyNs, long seed,
                                List<? extends Speedup> speedups, Progress progress) {
        return of(dag, Costs.recorded(dag), workers, stealLatencyNs, seed, speedups, progress);
    }

    /**
     * @param costs the nodes' costs as replayed "as recorded" (the recorded ones, or {@link
     *              Costs#scaledTo} another run's work); the speedups apply on top of them
     * @return {@code workers} simulated on {@code dag} with these costs, steal latency L and this seed
     */
    public static SimulatedScaling of(Dag dag, Costs costs, List<Integer> workers, long stealLatencyNs, long seed,
                                      List<? extends Speedup> speedups, Progress progress) {
        if (workers.isEmpty()) {
            throw new IllegalArgumentException("no worker count to simulate");
        }
        Set<Integer> ps = new LinkedHashSet<>(workers);
        int collapsed = (int) dag.nodes().stream().filter(DagNode::collapsed).count();
        boolean both = collapsed > 0;                 // without collapsed nodes the two modes are one replay
        int recordedP = Math.max(1, dag.workers());
        int perP = both ? 2 : 1;
        int total = perP * (ps.size() * (speedups.isEmpty() ? 1 : 2) + (ps.contains(recordedP) ? 0 : 1));
        int[] done = {0};
        Progress p = progress == null ? (d, t, w) -> { } : progress;
        costs.checkFits(dag);
        Costs recordedCosts = costs;
        Map<Integer, Row> rows = new LinkedHashMap<>();
        for (int w : ps) {
            rows.put(w, row(dag, recordedCosts, w, stealLatencyNs, seed, both, p, done, total, ""));
        }
        Scenario asRecorded = new Scenario(DagShape.of(dag, recordedCosts), new ArrayList<>(rows.values()));
        Row atRecordedP = rows.containsKey(recordedP) ? rows.get(recordedP)
                : row(dag, recordedCosts, recordedP, stealLatencyNs, seed, both, p, done, total, "");
        Scenario whatIf = null;
        if (!speedups.isEmpty()) {
            Costs faster = WhatIf.faster(dag, recordedCosts, speedups);
            List<Row> after = new ArrayList<>();
            for (int w : ps) {
                after.add(row(dag, faster, w, stealLatencyNs, seed, both, p, done, total, " what-if"));
            }
            whatIf = new Scenario(DagShape.of(dag, faster), after);
        }
        long recorder = 0;
        long notRunning = 0;
        for (DagNode n : dag.nodes()) {
            recorder += n.recorderBefore() + n.recorderInside();
            notRunning += n.notRunning();
        }
        return new SimulatedScaling(dag.nodes().size(), collapsed, stealLatencyNs, seed, asRecorded, whatIf,
                List.copyOf(speedups),
                new Recorded(dag.workers(), dag.elapsed(), atRecordedP, recorder, notRunning));
    }

    private static Row row(Dag dag, Costs costs, int workers, long latency, long seed, boolean both, Progress progress,
                           int[] done, int total, String label) {
        SimulationOptions o = new SimulationOptions(workers, latency, seed, CollapsedReplay.SEQUENTIAL);
        Point sequential = Point.of(WorkStealingSimulator.simulate(dag, costs, o));
        progress.done(++done[0], total, "P=" + workers + (both ? " sequential" : "") + label);
        if (!both) {
            return new Row(workers, sequential, sequential);
        }
        Point malleable = Point.of(WorkStealingSimulator.simulate(dag, costs, o.withCollapsed(CollapsedReplay.MALLEABLE)));
        progress.done(++done[0], total, "P=" + workers + " malleable" + label);
        return new Row(workers, sequential, malleable);
    }

    /**
     * @return the P at which the what-if's T_P is longer than the recorded costs' in either mode
     *         (Graham's anomaly: a faster node can end a greedy schedule later); empty without a what-if
     */
    public List<Integer> slowerAfter() {
        List<Integer> out = new ArrayList<>();
        if (whatIf == null) {
            return out;
        }
        for (int i = 0; i < asRecorded.rows().size(); i++) {
            Row before = asRecorded.rows().get(i);
            Row after = whatIf.rows().get(i);
            if (after.sequential().makespan() > before.sequential().makespan()
                    || after.malleable().makespan() > before.malleable().makespan()) {
                out.add(before.workers());
            }
        }
        return out;
    }

    /** @return the greatest P simulated */
    public int largestP() {
        return asRecorded.rows().stream().mapToInt(Row::workers).max().orElse(0);
    }
}
