package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.StackSample;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.WorkerBusy;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** {@link SampledContexts}' exact path and its helpers, on hand-worked values and as properties. */
class SampledContextsTest {
    static Sample at(long t) {
        return new Sample(1, t, 0, FrameKind.PROGRAM);
    }

    /** Piece [0, 100), samples at 10, 30, 90: midpoints 20 and 60, so 20, 40 and 40. */
    @Test
    void timeSharesGoToTheNearestSample() {
        double[] share = SampledContexts.timeShares(List.of(at(30), at(90), at(10)), 0, 100);
        assertThat(share[0]).isCloseTo(0.40, within(1e-12));
        assertThat(share[1]).isCloseTo(0.40, within(1e-12));
        assertThat(share[2]).isCloseTo(0.20, within(1e-12));
    }

    @Test
    void oneSampleTakesTheWholePieceEvenOutsideIt() {
        assertThat(SampledContexts.timeShares(List.of(at(500)), 0, 100)).containsExactly(1.0);
    }

    @Property(tries = 1000)
    void timeSharesAreNonNegativeAndAddUpToOne(@ForAll @Size(min = 1, max = 30) List<@IntRange(min = -50, max = 1050) Integer> times,
                                               @ForAll @IntRange(min = 1, max = 1000) int length) {
        List<Sample> samples = times.stream().map(t -> at(t)).toList();
        double[] share = SampledContexts.timeShares(samples, 0, length);
        double sum = 0;
        for (double s : share) {
            assertThat(s).isGreaterThanOrEqualTo(0);
            sum += s;
        }
        assertThat(sum).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void nearestStaysInsideTheBusyInterval() {
        List<Sample> sorted = List.of(at(10), at(50), at(200));
        assertThat(SampledContexts.nearest(sorted, 60, 0, 100).timeNs()).isEqualTo(50);
        assertThat(SampledContexts.nearest(sorted, 140, 0, 100).timeNs()).isEqualTo(50);
        assertThat(SampledContexts.nearest(sorted, 140, 100, 300).timeNs()).isEqualTo(200);
        assertThat(SampledContexts.nearest(sorted, 140, 60, 199)).isNull();
        assertThat(SampledContexts.nearest(List.of(), 5, 0, 10)).isNull();
    }

    @Test
    void withinFindsATimeInTheClosedRange() {
        long[] times = {10, 20, 40};
        assertThat(SampledContexts.within(times, 11, 19)).isFalse();
        assertThat(SampledContexts.within(times, 11, 20)).isTrue();
        assertThat(SampledContexts.within(times, 40, 40)).isTrue();
        assertThat(SampledContexts.within(times, 41, 100)).isFalse();
        assertThat(SampledContexts.within(times, 0, 9)).isFalse();
    }

    // ---- the exact path on a hand-built DAG with call sites and a sampler that seldom came ----

    private static final int SITE_A = 0;   // FORK app.A.split:10
    private static final int SITE_B = 1;   // FORK app.B.split:20
    private static final int SITE_C = 2;   // FORK app.C.split:30

    private static RecordedSites threeForkSites() {
        SiteProfile none = new SiteProfile(List.of(), 0, 0);
        List<CallSite> sites = new ArrayList<>();
        String[] cls = {"app.A", "app.B", "app.C"};
        for (int id = 0; id < 3; id++) {
            sites.add(new CallSite(id, 0, cls[id], "split", "()V", id, 10 * (id + 1), "X.java", SiteKind.FORK, "fork"));
        }
        return new RecordedSites(sites, new SitesResult(0, 0, none, none, 0));
    }

    private static DagNode strand(int id, int worker, long start, long end, int site, Edge... in) {
        return new DagNode(id, worker, start, end, end - start, end - start, NodeEnd.END, List.of(in), 1, 0, 0, 1, 0,
                site);
    }

    private static StackSample taskSample(long thread, long t, String cls) {
        List<Frame> stack = List.of(Frame.of(cls, "leaf", 5, -1), Frame.of(cls, "compute", 7, -1),
                Frame.of("java.util.concurrent.RecursiveAction", "exec", -1, -1),
                Frame.of("java.util.concurrent.ForkJoinTask", "doExec", -1, -1),
                Frame.of("java.util.concurrent.ForkJoinPool", "runWorker", -1, -1),
                Frame.of("java.util.concurrent.ForkJoinWorkerThread", "run", -1, -1));
        return new StackSample(thread, t, stack, false);
    }

    private static int node(ContextTree tree, String... labels) {
        int at = ContextTree.ROOT;
        for (String label : labels) {
            int found = -1;
            for (int c : tree.children(at)) {
                if (tree.frame(c).label().equals(label)) {
                    found = c;
                }
            }
            assertThat(found).as("%s below %s", label, tree.path(at)).isNotNegative();
            at = found;
        }
        return at;
    }

    /**
     * Worker 0 runs task a (forked at A) over [0, 1000) and task b (forked at B) over [1000, 3000);
     * worker 1 runs task c (forked at C) over [0, 1000), then idles. One sample in all, worker 0's at
     * 500 in a. Worked out: a's context has work 1000 (in the sampled leaf), c's 1000 and b's 2000
     * with idleness 2000 (worker 1 idle while only b works), all of it on the task contexts
     * themselves, as nobody sampled them. Spread by samples alone, b's 3 µs would have gone to a's
     * leaf, the one sample of its busy interval.
     */
    @Test
    void withCallSitesEveryLogicalContextKeepsItsExactTimeHoweverFewSamples() {
        DagNode root = strand(0, 0, 0, 0, -1);
        DagNode a = strand(1, 0, 0, 1000, SITE_A, new Edge(0, EdgeKind.CREATE));
        DagNode c = strand(2, 1, 0, 1000, SITE_C, new Edge(0, EdgeKind.CREATE));
        DagNode b = strand(3, 0, 1000, 3000, SITE_B, new Edge(0, EdgeKind.CREATE));
        List<WorkerBusy> busy = List.of(new WorkerBusy(0, "ForkJoinPool-1-worker-1", new long[] {0, 3000}),
                new WorkerBusy(1, "ForkJoinPool-1-worker-2", new long[] {0, 1000}));
        Dag dag = new Dag(List.of(root, a, c, b), 2, 0, 3000, busy);
        long offset = 1_000_000;
        JfrSamples read = new JfrSamples("jdk.ExecutionSample", List.of(taskSample(11, offset + 500, "app.A")),
                Map.of(11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 1, offset + 500, offset + 500)),
                0, 0, 0);
        long periodNs = 100;   // so worker 0 should have had 30 samples, worker 1 10

        SampledContexts.Result r = SampledContexts.exact(read, dag, threeForkSites(), offset, Set.of(11L), periodNs,
                false, List.of());

        ContextProfile p = r.profile();
        ContextTree tree = p.tree();
        int ctxA = node(tree, "app.A.split");
        int leafA = node(tree, "app.A.split", "app.A.compute", "app.A.leaf");
        int ctxB = node(tree, "app.B.split");
        int ctxC = node(tree, "app.C.split");
        assertThat(r.forkSitePrefixes()).isTrue();
        assertThat(p.exclusive(Metric.WORK, leafA)).isCloseTo(1000, within(1e-6));
        assertThat(p.inclusive(Metric.WORK, ctxA)).isCloseTo(1000, within(1e-6));
        assertThat(p.inclusive(Metric.IDLENESS, ctxA)).isCloseTo(0, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, ctxB)).isCloseTo(2000, within(1e-6));
        assertThat(p.exclusive(Metric.IDLENESS, ctxB)).isCloseTo(2000, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, ctxC)).isCloseTo(1000, within(1e-6));
        assertThat(p.exclusive(Metric.IDLENESS, ctxC)).isCloseTo(0, within(1e-6));
        assertThat(p.total(Metric.WORK)).isCloseTo(4000, within(1e-6));
        assertThat(p.total(Metric.EFFORT)).isCloseTo(2 * 3000, within(1e-6));   // P × span
        // worker 0 got 1 sample of 30 expected: said; worker 1's 1000 ns (10 periods) is too short to say
        assertThat(r.notes()).singleElement().asString().startsWith("ForkJoinPool-1-worker-1 was sampled 1 times in");
    }

    /** The same run without call sites: one context (the root), so the one sample takes all the work. */
    @Test
    void withoutCallSitesTheNearestSampleOfTheBusyIntervalTakesIt() {
        DagNode root = strand(0, 0, 0, 0, -1);
        DagNode a = strand(1, 0, 0, 1000, -1, new Edge(0, EdgeKind.CREATE));
        DagNode c = strand(2, 1, 0, 1000, -1, new Edge(0, EdgeKind.CREATE));
        DagNode b = strand(3, 0, 1000, 3000, -1, new Edge(0, EdgeKind.CREATE));
        List<WorkerBusy> busy = List.of(new WorkerBusy(0, "ForkJoinPool-1-worker-1", new long[] {0, 3000}),
                new WorkerBusy(1, "ForkJoinPool-1-worker-2", new long[] {0, 1000}));
        Dag dag = new Dag(List.of(root, a, c, b), 2, 0, 3000, busy);
        JfrSamples read = new JfrSamples("jdk.ExecutionSample", List.of(taskSample(11, 500, "app.A")),
                Map.of(11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 1, 500, 500)), 0, 0, 0);

        SampledContexts.Result r = SampledContexts.exact(read, dag, null, 0, Set.of(11L), 100, false, List.of());

        ContextProfile p = r.profile();
        int leafA = node(p.tree(), "app.A.compute", "app.A.leaf");
        assertThat(r.forkSitePrefixes()).isFalse();
        assertThat(p.exclusive(Metric.WORK, leafA)).isCloseTo(3000, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, ContextTree.ROOT)).isCloseTo(1000, within(1e-6));   // worker 1's
        assertThat(p.total(Metric.EFFORT)).isCloseTo(2 * 3000, within(1e-6));
        assertThat(r.notes()).singleElement().asString().contains("window of the run");
    }
}
