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

    // ---- runtime intervals: a worker that holds a task but runs no node ----

    private static DagNode strand(int id, int worker, long start, long end, int site, NodeEnd ends, Edge... in) {
        return new DagNode(id, worker, start, end, end - start, end - start, ends, List.of(in), 1, 0, 0,
                ends == NodeEnd.END ? 1 : 0, 0, site);
    }

    /** Frames from "class.method" names, top first. */
    private static List<Frame> frames(String... topFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : topFirst) {
            int dot = f.lastIndexOf('.');
            frames.add(Frame.of(f.substring(0, dot), f.substring(dot + 1), -1, -1));
        }
        return frames;
    }

    /** A pool worker's stack: these frames in a task run by the worker's loop. */
    private static StackSample workerSample(long thread, long t, String... topFirst) {
        List<Frame> stack = frames(topFirst);
        stack.add(Frame.of("java.util.concurrent.RecursiveAction", "exec", -1, -1));
        stack.add(Frame.of("java.util.concurrent.ForkJoinTask", "doExec", -1, -1));
        stack.add(Frame.of("java.util.concurrent.ForkJoinPool", "runWorker", -1, -1));
        stack.add(Frame.of("java.util.concurrent.ForkJoinWorkerThread", "run", -1, -1));
        return new StackSample(thread, t, stack, false);
    }

    /**
     * Worker 0 runs the root task r over [0, 1300): r forks x (site A) at 100 and y (site B) at 200,
     * joins y, which it runs itself over [320, 600), then joins x, which worker 1 stole and runs over
     * [150, 1150). Between its nodes worker 0 holds r but runs nothing: [100, 120), [200, 210),
     * [300, 320) (fetching y, inside r's join), [600, 620) and [1150, 1200) are the runtime's, for r;
     * [700, 1150) it is blocked until x ends, idle. Worked out at every instant (worker 1 idle outside
     * [150, 1150)): r works 100 + 80 + 90 + 80 + 100 = 450 with idleness 100 + 30 + 100 = 230, y (B)
     * works 280, x (A) 1000 with idleness 450 (worker 0 blocked), r's runtime 20 + 10 + 20 + 20 + 50 =
     * 120 is overhead, and the 20 + 50 worker 1 idles while worker 0 is in the runtime is nobody's
     * work. Samples: worker 0 at 250 in r.compute and at 1170 in r's join (awaitDone); each runtime
     * piece without a sample goes to r's sample nearest in time, so awaitDone gets [1150, 1200) and
     * r.compute the other 70. Effort = 2 × 1300. Before runtime intervals, all of worker 0's
     * [0, 1300) was r's work.
     */
    @Test
    void timeBetweenAWorkersNodesIsRuntimeAfterTheNextNodeIsReadyAndIdleBefore() {
        List<DagNode> nodes = List.of(
                strand(0, 0, 0, 100, -1, NodeEnd.CREATE),
                strand(1, 0, 120, 200, -1, NodeEnd.CREATE, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(2, 1, 150, 1150, SITE_A, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(3, 0, 210, 300, -1, NodeEnd.WAIT, new Edge(1, EdgeKind.CREATE_CONT)),
                strand(4, 0, 320, 600, SITE_B, NodeEnd.END, new Edge(1, EdgeKind.CREATE)),
                strand(5, 0, 620, 700, -1, NodeEnd.WAIT, new Edge(3, EdgeKind.WAIT_CONT), new Edge(4, EdgeKind.END)),
                strand(6, 0, 1200, 1300, -1, NodeEnd.END, new Edge(5, EdgeKind.WAIT_CONT), new Edge(2, EdgeKind.END)));
        List<WorkerBusy> busy = List.of(new WorkerBusy(0, "ForkJoinPool-1-worker-1", new long[] {0, 1300}),
                new WorkerBusy(1, "ForkJoinPool-1-worker-2", new long[] {150, 1150}));
        Dag dag = new Dag(nodes, 2, 0, 1300, busy);
        JfrSamples read = new JfrSamples("jdk.ExecutionSample",
                List.of(workerSample(11, 250, "app.R.compute"),
                        workerSample(11, 1170, "java.util.concurrent.ForkJoinTask.awaitDone",
                                "java.util.concurrent.ForkJoinTask.join", "app.R.compute")),
                Map.of(11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 2, 250, 1170)), 0, 0, 0);

        SampledContexts.Result r = SampledContexts.exact(read, dag, threeForkSites(), 0, Set.of(11L), 1000, false,
                List.of());

        ContextProfile p = r.profile();
        ContextTree tree = p.tree();
        int compute = node(tree, "app.R.compute");
        int awaitDone = node(tree, "app.R.compute", "java.util.concurrent.ForkJoinTask.join",
                "java.util.concurrent.ForkJoinTask.awaitDone");
        int ctxA = node(tree, "app.A.split");
        int ctxB = node(tree, "app.B.split");
        int noWork = node(tree, Frame.NO_WORK_ANYWHERE.label());
        assertThat(p.exclusive(Metric.WORK, compute)).isCloseTo(450, within(1e-6));
        assertThat(p.exclusive(Metric.IDLENESS, compute)).isCloseTo(230, within(1e-6));
        assertThat(p.exclusive(Metric.OVERHEAD, compute)).isCloseTo(70, within(1e-6));
        assertThat(p.exclusive(Metric.OVERHEAD, awaitDone)).isCloseTo(50, within(1e-6));
        assertThat(p.inclusive(Metric.WORK, awaitDone)).isCloseTo(0, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, ctxB)).isCloseTo(280, within(1e-6));
        assertThat(p.exclusive(Metric.IDLENESS, ctxB)).isCloseTo(0, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, ctxA)).isCloseTo(1000, within(1e-6));
        assertThat(p.exclusive(Metric.IDLENESS, ctxA)).isCloseTo(450, within(1e-6));
        assertThat(p.exclusive(Metric.IDLENESS, noWork)).isCloseTo(70, within(1e-6));
        assertThat(p.total(Metric.WORK)).isCloseTo(1730, within(1e-6));
        assertThat(p.total(Metric.OVERHEAD)).isCloseTo(120, within(1e-6));
        assertThat(p.total(Metric.EFFORT)).isCloseTo(2 * 1300, within(1e-6));
        assertThat(r.idleDropped()).isZero();
    }

    /**
     * Issue 20: a sample whose stack does not run the tasks its worker holds at its time (JFR's and the
     * recorder's clocks agree to some µs) belongs to the neighbouring piece whose tasks it runs. The run
     * of {@link #timeBetweenAWorkersNodesIsRuntimeAfterTheNextNodeIsReadyAndIdleBefore}: worker 0 runs y
     * (site B) nested in r's join over [320, 600). Samples: at 315, in r's runtime piece [300, 320)
     * (r held: one task), y's stack already (two doExec frames); at 330, in y's piece (two held), r's
     * own stack still (one); at 400, y's, in y's piece; at 625, in r's strand [620, 700), y's stack still.
     * So 315 and 625 belong to y's piece, 330 to r's runtime piece [300, 320). Worked out: y's 280 of
     * work all below {@code app.B.split;app.Y.compute} (shares 40, 140, 100 by the samples' times clamped
     * into the piece); r's 120 of runtime all overhead at {@code app.R.compute} (its one sample); r's 450
     * of work on r's context itself (no sample of r's strands). Before, 330 hung below y's context as
     * {@code app.B.split;app.R.compute} (r's frames repeated below y's fork site) and 315, 625 below r's
     * as {@code app.Y.compute} alone (the fork site dropped).
     */
    @Test
    void aSampleWhoseStackRunsOtherTasksThanItsWorkerHoldsBelongsToTheNeighbouringPiece() {
        List<DagNode> nodes = List.of(
                strand(0, 0, 0, 100, -1, NodeEnd.CREATE),
                strand(1, 0, 120, 200, -1, NodeEnd.CREATE, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(2, 1, 150, 1150, SITE_A, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(3, 0, 210, 300, -1, NodeEnd.WAIT, new Edge(1, EdgeKind.CREATE_CONT)),
                strand(4, 0, 320, 600, SITE_B, NodeEnd.END, new Edge(1, EdgeKind.CREATE)),
                strand(5, 0, 620, 700, -1, NodeEnd.WAIT, new Edge(3, EdgeKind.WAIT_CONT), new Edge(4, EdgeKind.END)),
                strand(6, 0, 1200, 1300, -1, NodeEnd.END, new Edge(5, EdgeKind.WAIT_CONT), new Edge(2, EdgeKind.END)));
        List<WorkerBusy> busy = List.of(new WorkerBusy(0, "ForkJoinPool-1-worker-1", new long[] {0, 1300}),
                new WorkerBusy(1, "ForkJoinPool-1-worker-2", new long[] {150, 1150}));
        Dag dag = new Dag(nodes, 2, 0, 1300, busy);
        JfrSamples read = new JfrSamples("jdk.ExecutionSample",
                List.of(nestedY(315), workerSample(11, 330, "app.R.compute"), nestedY(400), nestedY(625)),
                Map.of(11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 4, 315, 625)), 0, 0, 0);

        SampledContexts.Result r = SampledContexts.exact(read, dag, threeForkSites(), 0, Set.of(11L), 1000, false,
                List.of());

        ContextProfile p = r.profile();
        ContextTree tree = p.tree();
        int ctxB = node(tree, "app.B.split");
        int y = node(tree, "app.B.split", "app.Y.compute");
        int rCompute = node(tree, "app.R.compute");
        assertThat(tree.children(ctxB)).containsExactly(y);
        assertThat(tree.children(ContextTree.ROOT)).extracting(c -> tree.frame(c).label())
                .doesNotContain("app.Y.compute");
        assertThat(p.exclusive(Metric.WORK, y)).isCloseTo(280, within(1e-6));
        assertThat(p.inclusive(Metric.WORK, ctxB)).isCloseTo(280, within(1e-6));
        assertThat(p.exclusive(Metric.OVERHEAD, rCompute)).isCloseTo(120, within(1e-6));
        assertThat(p.inclusive(Metric.WORK, rCompute)).isCloseTo(0, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, ContextTree.ROOT)).isCloseTo(450, within(1e-6));
        assertThat(p.total(Metric.EFFORT)).isCloseTo(2 * 1300, within(1e-6));
        assertThat(r.unplaced()).isZero();
    }

    /**
     * The same run in µs, r's last strand before its join [620 µs, 7 ms): async-profiler on JDK 25, both
     * cores loaded, stamped a sample of a leaf 364 µs after the leaf's recorded end (its worker was
     * preempted there), and {@code ContextsIT} then found the leaf's frames below its grandparent's
     * context. Samples in r's strand: y's stack at 964 µs (364 µs after y's piece: moved there), r's own at
     * 1.5 ms, y's stack at 6 ms (5.4 ms from y's piece, beyond {@link SampledContexts#MAX_SKEW_NS}: stays,
     * as a stack cut short would). Worked out: the strand's 6.38 ms go to its two remaining samples by the
     * midpoint 3.75 ms, {@code app.R.compute} 3.13 ms and {@code app.Y.compute} below r 3.25 ms; r's
     * strands without a sample go to r's nearest sample: [0, 100), [120, 200), [210, 300) µs to
     * {@code app.R.compute} (270 µs), [7.2, 7.3) ms to the one at 6 ms. Had the sample at 964 µs stayed,
     * it would be the nearest to the first three, and r would get only [1.232, 3.75) ms.
     */
    @Test
    void aSampleStampedHundredsOfMicrosecondsLateStillJoinsThePieceItsStackRuns() {
        long us = 1_000;
        List<DagNode> nodes = List.of(
                strand(0, 0, 0, 100 * us, -1, NodeEnd.CREATE),
                strand(1, 0, 120 * us, 200 * us, -1, NodeEnd.CREATE, new Edge(0, EdgeKind.CREATE_CONT)),
                strand(2, 1, 150 * us, 7_150 * us, SITE_A, NodeEnd.END, new Edge(0, EdgeKind.CREATE)),
                strand(3, 0, 210 * us, 300 * us, -1, NodeEnd.WAIT, new Edge(1, EdgeKind.CREATE_CONT)),
                strand(4, 0, 320 * us, 600 * us, SITE_B, NodeEnd.END, new Edge(1, EdgeKind.CREATE)),
                strand(5, 0, 620 * us, 7_000 * us, -1, NodeEnd.WAIT, new Edge(3, EdgeKind.WAIT_CONT),
                        new Edge(4, EdgeKind.END)),
                strand(6, 0, 7_200 * us, 7_300 * us, -1, NodeEnd.END, new Edge(5, EdgeKind.WAIT_CONT),
                        new Edge(2, EdgeKind.END)));
        List<WorkerBusy> busy = List.of(new WorkerBusy(0, "ForkJoinPool-1-worker-1", new long[] {0, 7_300 * us}),
                new WorkerBusy(1, "ForkJoinPool-1-worker-2", new long[] {150 * us, 7_150 * us}));
        Dag dag = new Dag(nodes, 2, 0, 7_300 * us, busy);
        JfrSamples read = new JfrSamples("jdk.ExecutionSample",
                List.of(nestedY(400 * us), nestedY(964 * us), workerSample(11, 1_500 * us, "app.R.compute"),
                        nestedY(6_000 * us)),
                Map.of(11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 4, 400 * us, 6_000 * us)), 0, 0, 0);

        SampledContexts.Result r = SampledContexts.exact(read, dag, threeForkSites(), 0, Set.of(11L), 1_000 * us,
                false, List.of());

        ContextProfile p = r.profile();
        ContextTree tree = p.tree();
        assertThat(p.exclusive(Metric.WORK, node(tree, "app.B.split", "app.Y.compute"))).isCloseTo(280 * us, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, node(tree, "app.R.compute"))).isCloseTo(3_400 * us, within(1e-6));
        assertThat(p.exclusive(Metric.WORK, node(tree, "app.Y.compute"))).isCloseTo(3_350 * us, within(1e-6));
    }

    /** y's leaf nested in r's join: two doExec frames. */
    private static StackSample nestedY(long t) {
        return workerSample(11, t, "app.Y.compute", "java.util.concurrent.RecursiveAction.exec",
                "java.util.concurrent.ForkJoinTask.doExec", "java.util.concurrent.ForkJoinTask.awaitDone",
                "java.util.concurrent.ForkJoinTask.join", "app.R.compute");
    }

    /**
     * Random runs (nodes on workers, each after its predecessors) whose workers' busy intervals cover
     * their nodes and some of the gaps: the totals equal a tick-by-tick count of every worker's state
     * by the definition (outside a busy interval idle; in a node working; in a busy interval between
     * nodes idle until the next node of the interval is ready, the runtime's after, and the runtime's
     * when no node follows), and effort is P × the span of the busy intervals.
     */
    @Property(tries = 300)
    void totalsAreTheStatesCountedTickByTick(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int workers,
                                             @ForAll @IntRange(min = 1, max = 40) int size,
                                             @ForAll boolean withSites) {
        java.util.Random rnd = new java.util.Random(seed);
        Dag run = io.forkscope.analysis.delay.RandomSchedules.randomRun(rnd, workers, size);
        List<DagNode> nodes = new ArrayList<>();
        for (DagNode n : run.nodes()) {
            boolean starts = n.in().stream().anyMatch(e -> e.kind() == EdgeKind.CREATE);
            nodes.add(new DagNode(n.id(), n.worker(), n.start(), n.end(), n.work(), n.span(), n.ends(), n.in(), 1, 0,
                    0, n.taskEnds(), 0, withSites && starts ? rnd.nextInt(3) : -1));
        }
        List<WorkerBusy> busy = new ArrayList<>();
        List<List<DagNode>> byWorker = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            List<DagNode> mine = new ArrayList<>();
            for (DagNode n : nodes) {
                if (n.worker() == w) {
                    mine.add(n);
                }
            }
            mine.sort(java.util.Comparator.comparingLong(DagNode::start).thenComparingInt(DagNode::id));
            byWorker.add(mine);
            List<Long> raw = new ArrayList<>();
            for (int k = 0; k < mine.size(); k++) {
                long from = Math.max(0, mine.get(k).start() - rnd.nextInt(4));
                long to = mine.get(k).end() + rnd.nextInt(4);
                if (k + 1 < mine.size() && rnd.nextBoolean()) {
                    to = Math.max(to, mine.get(k + 1).start());   // bridge to the next node
                }
                raw.add(from);
                raw.add(to);
            }
            busy.add(WorkerBusy.merged(w, "ForkJoinPool-1-worker-" + w,
                    raw.stream().mapToLong(Long::longValue).toArray()));
        }
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (WorkerBusy b : busy) {
            if (b.count() > 0) {
                start = Math.min(start, b.start(0));
                end = Math.max(end, b.end(b.count() - 1));
            }
        }
        net.jqwik.api.Assume.that(end > start);
        Dag dag = new Dag(nodes, workers, 0, Math.max(end, run.finish()), busy);
        long[] ready = new long[nodes.size()];
        for (DagNode n : nodes) {
            long r = 0;
            for (Edge e : n.in()) {
                r = Math.max(r, nodes.get(e.from()).end());
            }
            ready[n.id()] = Math.min(r, n.start());
        }

        long working = 0;
        long runtime = 0;
        long idle = 0;
        long idleWhileNobodyWorks = 0;
        for (long t = start; t < end; t++) {
            int workingNow = 0;
            int idleNow = 0;
            for (int w = 0; w < workers; w++) {
                WorkerBusy b = busy.get(w);
                int interval = -1;
                for (int i = 0; i < b.count(); i++) {
                    if (b.start(i) <= t && t < b.end(i)) {
                        interval = i;
                    }
                }
                if (interval < 0) {
                    idleNow++;
                    continue;
                }
                DagNode in = null;
                DagNode next = null;
                for (DagNode n : byWorker.get(w)) {
                    if (n.start() <= t && t < n.end()) {
                        in = n;
                    }
                    if (next == null && n.start() > t && n.start() < b.end(interval)) {
                        next = n;
                    }
                }
                if (in != null) {
                    workingNow++;
                } else if (next != null && ready[next.id()] > t) {
                    idleNow++;
                } else {
                    runtime++;
                }
            }
            working += workingNow;
            idle += idleNow;
            if (workingNow == 0) {
                idleWhileNobodyWorks += idleNow;
            }
        }

        JfrSamples none = new JfrSamples("jdk.ExecutionSample", List.of(), Map.of(), 0, 0, 0);
        SampledContexts.Result r = SampledContexts.exact(none, dag, withSites ? threeForkSites() : null, 0, Set.of(),
                7, false, List.of());

        ContextProfile p = r.profile();
        assertThat(p.total(Metric.WORK)).isCloseTo(working, within(1e-6));
        assertThat(p.total(Metric.OVERHEAD)).isCloseTo(runtime, within(1e-6));
        assertThat(p.total(Metric.IDLENESS)).isCloseTo(idle, within(1e-6));
        assertThat(p.total(Metric.EFFORT)).isCloseTo((double) workers * (end - start), within(1e-6));
        int noWork = p.tree().find(ContextTree.ROOT, Frame.NO_WORK_ANYWHERE);
        assertThat(noWork < 0 ? 0 : p.exclusive(Metric.IDLENESS, noWork)).isCloseTo(idleWhileNobodyWorks, within(1e-6));
    }

    /**
     * A collapsed node (task a, forked at A, and the tasks it ran nested in its joins): a sample of its
     * worker whose stack holds a's compute, a join and a nested leaf hangs below A's context with both
     * methods, a's and the leaf's; without the cut at a's own doExec it would lose a's frame.
     */
    @Test
    void aSampleInsideACollapsedNodeKeepsTheNestedTasksMethods() {
        DagNode root = strand(0, 1, 0, 0, -1, NodeEnd.CREATE);
        DagNode a = new DagNode(1, 0, 0, 100, 90, 60, NodeEnd.END, List.of(new Edge(0, EdgeKind.CREATE)), 5, 2, 2, 3, 0,
                SITE_A);
        List<WorkerBusy> busy = List.of(new WorkerBusy(0, "ForkJoinPool-1-worker-1", new long[] {0, 100}));
        Dag dag = new Dag(List.of(root, a), 2, 0, 100, busy);
        JfrSamples read = new JfrSamples("jdk.ExecutionSample", List.of(workerSample(11, 50, "app.Leaf.compute",
                "java.util.concurrent.RecursiveAction.exec", "java.util.concurrent.ForkJoinTask.doExec",
                "java.util.concurrent.ForkJoinTask.awaitDone", "java.util.concurrent.ForkJoinTask.join",
                "app.A.compute")),
                Map.of(11L, new JfrSamples.ThreadRate(11, "ForkJoinPool-1-worker-1", 1, 50, 50)), 0, 0, 0);

        ContextProfile p = SampledContexts.exact(read, dag, threeForkSites(), 0, Set.of(11L), 1000, false, List.of())
                .profile();

        int leaf = node(p.tree(), "app.A.split", "app.A.compute", "app.Leaf.compute");
        assertThat(p.exclusive(Metric.WORK, leaf)).isCloseTo(100, within(1e-6));
    }

    private static StackSample stack(String... topFirst) {
        return new StackSample(1, 0, frames(topFirst), false);
    }

    @Test
    void forkscopesOwnCodeIsAForkscopeFrameWithOnlyTheJdkAboveIt() {
        assertThat(SampledContexts.inForkscope(stack("java.lang.System.nanoTime",
                "io.forkscope.recorder.engine.SpanEngine.siteExit", "java.lang.invoke.LambdaForm$MH.invoke",
                "app.Fib.compute"))).isTrue();
        assertThat(SampledContexts.inForkscope(stack("io.forkscope.recorder.sites.SiteProf.flush",
                "app.Fib.compute"))).isTrue();
        // a region's body runs below the API: the program's
        assertThat(SampledContexts.inForkscope(stack("java.util.ArrayList.add", "app.Body.run",
                "io.forkscope.api.Forkscope.region", "app.Main.main"))).isFalse();
        // the pool's code first: the runtime's, even if forkscope's frames are further down
        assertThat(SampledContexts.inForkscope(stack("java.util.concurrent.ForkJoinPool.awaitWork",
                "io.forkscope.recorder.fj.ForkJoinHooks.x"))).isFalse();
        assertThat(SampledContexts.inForkscope(stack("java.lang.Math.sqrt", "app.Fib.compute"))).isFalse();
        assertThat(SampledContexts.inForkscope(stack("io.forkscope.samples.Fib.compute"))).isFalse();
    }

    @Test
    void forkscopesOwnTimeIsOverheadBelowTheFrameThatPaidItAndIsCounted() {
        ContextTree tree = new ContextTree();
        Sample own = SampledContexts.resolve(tree, ContextTree.ROOT, stack("java.lang.ThreadLocal.get",
                "io.forkscope.recorder.engine.SpanEngine.siteEnter", "app.Fib.compute",
                "java.util.concurrent.ForkJoinTask.doExec"));
        Sample work = SampledContexts.resolve(tree, ContextTree.ROOT, stack("java.lang.Math.sqrt", "app.Fib.compute",
                "java.util.concurrent.ForkJoinTask.doExec"));
        assertThat(tree.path(own.node())).extracting(Frame::label).containsExactly("app.Fib.compute",
                "io.forkscope.recorder.engine.SpanEngine.siteEnter", "java.lang.ThreadLocal.get");
        assertThat(own.inProgramCode()).isFalse();
        assertThat(work.inProgramCode()).isTrue();
        double[] amounts = new double[tree.size()];
        double[] overhead = new double[tree.size()];
        amounts[work.node()] = 5;
        overhead[own.node()] = 7;
        overhead[tree.parent(own.node())] = 2;     // in SpanEngine.siteEnter itself
        ContextProfile p = new ContextProfile(tree, amounts, new double[tree.size()], overhead);
        assertThat(SampledContexts.forkscopeOwnNs(p)).isEqualTo(9);
    }
}
