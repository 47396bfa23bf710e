package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;
import io.forkscope.model.sites.SiteProfile;
import io.forkscope.model.sites.SitesResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fork-site contexts on a hand-built DAG whose answer is written down node by node: recursion at one
 * fork site (every level a frame), a second fork site, continuations, a library fork at a stream's
 * terminal operation (one frame, however deep the library forks), a fork at no site, and the lookup
 * of what a worker ran at a time.
 */
class ForkContextsTest {
    private static final int FIB = 0;      // FORK  app.Fib.compute:10
    private static final int OTHER = 1;    // FORK  app.Fib.helper:20
    private static final int SUM = 2;      // CALL  app.Main.main:5 -> IntStream.sum

    private static CallSite site(int id, String cls, String method, int line, SiteKind kind) {
        return new CallSite(id, 0, cls, method, "()V", id * 3, line, "X.java", kind, "callee");
    }

    private static RecordedSites sites() {
        SiteProfile none = new SiteProfile(List.of(), 0, 0);
        return new RecordedSites(List.of(site(FIB, "app.Fib", "compute", 10, SiteKind.FORK),
                site(OTHER, "app.Fib", "helper", 20, SiteKind.FORK),
                site(SUM, "app.Main", "main", 5, SiteKind.CALL)), new SitesResult(0, 0, none, none, 0));
    }

    private final List<DagNode> nodes = new ArrayList<>();

    /** A strand of worker w over [start, end) at site, with in-edges (from, kind) pairs. */
    private int node(int w, long start, long end, int site, Object... in) {
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < in.length; i += 2) {
            edges.add(new Edge((Integer) in[i], (EdgeKind) in[i + 1]));
        }
        int id = nodes.size();
        nodes.add(new DagNode(id, w, start, end, end - start, end - start, NodeEnd.END, edges, 1, 0, 0, 1, 0, site));
        return id;
    }

    private static List<String> path(ContextTree tree, int node) {
        return tree.path(node).stream().map(Frame::label).toList();
    }

    @Test
    void eachForkAddsItsSiteAndContinuationsKeepTheirTasks() {
        int root = node(0, 0, 10, -1);                                 // main, no site
        int a = node(1, 12, 20, FIB, root, EdgeKind.CREATE);           // forked at FIB
        int rootCont = node(0, 10, 30, -1, root, EdgeKind.CREATE_CONT);
        int b = node(1, 20, 25, FIB, a, EdgeKind.CREATE);              // FIB again: recursion, a second frame
        int aCont = node(1, 25, 40, -1, a, EdgeKind.CREATE_CONT);
        int c = node(0, 41, 50, OTHER, aCont, EdgeKind.CREATE);        // another fork site, on another worker
        int s = node(1, 50, 60, SUM, root, EdgeKind.CREATE);           // a stream's first task
        int s2 = node(0, 60, 70, SUM, s, EdgeKind.CREATE);             // the library forks again: no new frame
        int s3 = node(1, 70, 80, FIB, s2, EdgeKind.CREATE);            // a FORK site inside: a frame
        int noSite = node(0, 80, 90, -1, a, EdgeKind.CREATE);          // forked where nothing is woven
        int aWait = node(1, 90, 95, -1, aCont, EdgeKind.WAIT_CONT, b, EdgeKind.END, c, EdgeKind.END);

        ContextTree tree = new ContextTree();
        ForkContexts f = ForkContexts.of(new Dag(nodes, 2, 0, 100), sites(), tree, true);
        assertThat(f.contextOfNode(root)).isEqualTo(ContextTree.ROOT);
        assertThat(f.contextOfNode(rootCont)).isEqualTo(ContextTree.ROOT);
        assertThat(path(tree, f.contextOfNode(a))).containsExactly("app.Fib.compute:10");
        assertThat(path(tree, f.contextOfNode(b))).containsExactly("app.Fib.compute:10", "app.Fib.compute:10");
        assertThat(f.contextOfNode(aCont)).isEqualTo(f.contextOfNode(a));
        assertThat(f.contextOfNode(aWait)).isEqualTo(f.contextOfNode(a));
        assertThat(path(tree, f.contextOfNode(c))).containsExactly("app.Fib.compute:10", "app.Fib.helper:20");
        assertThat(path(tree, f.contextOfNode(s))).containsExactly("app.Main.main:5");
        assertThat(f.contextOfNode(s2)).isEqualTo(f.contextOfNode(s));
        assertThat(path(tree, f.contextOfNode(s3))).containsExactly("app.Main.main:5", "app.Fib.compute:10");
        assertThat(f.contextOfNode(noSite)).isEqualTo(f.contextOfNode(a));

        // per method, the same contexts without lines
        ContextTree methods = new ContextTree();
        ForkContexts m = ForkContexts.of(new Dag(nodes, 2, 0, 100), sites(), methods, false);
        assertThat(path(methods, m.contextOfNode(c))).containsExactly("app.Fib.compute", "app.Fib.helper");

        // what worker 1 ran: a from 12, b from 20, a's continuation from 25 (to 40, then runtime until s at 50)
        assertThat(f.contextAt(1, 5)).isEqualTo(ContextTree.ROOT);
        assertThat(f.contextAt(1, 12)).isEqualTo(f.contextOfNode(a));
        assertThat(f.contextAt(1, 22)).isEqualTo(f.contextOfNode(b));
        assertThat(f.contextAt(1, 45)).isEqualTo(f.contextOfNode(aCont));
        assertThat(f.contextAt(1, 50)).isEqualTo(f.contextOfNode(s));
        assertThat(f.contextAt(0, 45)).isEqualTo(f.contextOfNode(c));
        assertThat(f.contextAt(7, 45)).isEqualTo(ContextTree.ROOT);

        // where what a worker runs changes context: worker 1 at a, b, a's continuation, s, s3, a's wait;
        // worker 0 not at its root's continuation (the same root context), then at c, s2, noSite
        assertThat(f.nextChange(1, 5)).isEqualTo(12);
        assertThat(f.nextChange(1, 12)).isEqualTo(20);
        assertThat(f.nextChange(1, 22)).isEqualTo(25);
        assertThat(f.nextChange(1, 45)).isEqualTo(50);
        assertThat(f.nextChange(1, 90)).isEqualTo(Long.MAX_VALUE);
        assertThat(f.nextChange(0, 0)).isEqualTo(41);
        assertThat(f.nextChange(0, 60)).isEqualTo(80);
        assertThat(f.nextChange(7, 0)).isEqualTo(Long.MAX_VALUE);
        // against its definition, at every time: contextAt is constant until nextChange and differs there
        for (int w = 0; w < 2; w++) {
            for (long t = 0; t <= 100; t++) {
                long next = f.nextChange(w, t);
                assertThat(next).isGreaterThan(t);
                for (long u = t; u < Math.min(next, 101); u++) {
                    assertThat(f.contextAt(w, u)).as("worker %d at %d", w, u).isEqualTo(f.contextAt(w, t));
                }
                if (next != Long.MAX_VALUE) {
                    assertThat(f.contextAt(w, next)).as("worker %d at %d", w, next).isNotEqualTo(f.contextAt(w, t));
                }
            }
        }
    }

    private static List<Frame> topFirst(String... frames) {
        List<Frame> out = new ArrayList<>();
        for (String f : frames) {
            int dot = f.lastIndexOf('.');
            out.add(Frame.of(f.substring(0, dot), f.substring(dot + 1), 7, -1));
        }
        return out;
    }

    /**
     * Issue 12: "context of a task submitted from outside the pool: the submitting thread's stack at
     * submission". Thread 2 (main) pushes task t to a pool from Main.solve (called by Main.main): t
     * hangs below main;solve, and solve's own site adds nothing (it is the stack's last frame); t's fork
     * adds its site below. Later main runs a task itself from Main.streams (a parallel stream's root
     * task): that task, its continuation and what it forks hang below main;streams. The recorder's,
     * JFR's and the pool's frames on top of the submitter's stack are cut off.
     */
    @Test
    void tasksSubmittedFromOutsideHangBelowTheSubmittersStack() {
        int solveSite = 3;
        SiteProfile none = new SiteProfile(List.of(), 0, 0);
        RecordedSites sites = new RecordedSites(List.of(site(FIB, "app.Fib", "compute", 10, SiteKind.FORK),
                site(OTHER, "app.Fib", "helper", 20, SiteKind.FORK), site(SUM, "app.Main", "main", 5, SiteKind.CALL),
                site(solveSite, "app.Main", "solve", 30, SiteKind.CALL)), new SitesResult(0, 0, none, none, 0));
        int submit = node(2, 0, 10, -1);                                    // main, ends with the create
        int t = node(0, 12, 30, solveSite, submit, EdgeKind.CREATE);
        int child = node(1, 14, 20, FIB, t, EdgeKind.CREATE);
        int own = node(2, 40, 50, SUM);                                    // main runs a task itself
        int ownChild = node(0, 42, 48, FIB, own, EdgeKind.CREATE);
        int ownCont = node(2, 50, 55, -1, own, EdgeKind.CREATE_CONT);
        int later = node(2, 56, 58, -1);                                   // main again, no event names it
        int plain = node(1, 60, 70, FIB, later, EdgeKind.CREATE);         // so as before: its site only
        SubmitterStacks stacks = SubmitterStacks.none();
        stacks.add(2, 10, false, topFirst("io.forkscope.recorder.agent.SubmissionEvent$Listener.submitted",
                "io.forkscope.recorder.engine.SpanEngine.create", "java.util.concurrent.ForkJoinPool.poolSubmit",
                "java.util.concurrent.ForkJoinPool.invoke", "app.Main.solve", "app.Main.main"));
        stacks.add(2, 40, true, topFirst("jdk.jfr.internal.EventWriter.x", "io.forkscope.recorder.engine.SpanEngine.execBegin",
                "java.util.concurrent.ForkJoinTask.doExec", "java.util.concurrent.ForkJoinTask.invoke",
                "java.util.stream.ReduceOps$ReduceOp.evaluateParallel", "app.Main.streams", "app.Main.main"));

        ContextTree tree = new ContextTree();
        ForkContexts f = ForkContexts.of(new Dag(nodes, 3, 0, 100), sites, tree, false, stacks);

        assertThat(f.contextOfNode(submit)).isEqualTo(ContextTree.ROOT);
        assertThat(path(tree, f.contextOfNode(t))).containsExactly("app.Main.main", "app.Main.solve");
        assertThat(path(tree, f.contextOfNode(child))).containsExactly("app.Main.main", "app.Main.solve",
                "app.Fib.compute");
        assertThat(path(tree, f.contextOfNode(own))).containsExactly("app.Main.main", "app.Main.streams",
                "java.util.stream.ReduceOps$ReduceOp.evaluateParallel");
        assertThat(path(tree, f.contextOfNode(ownChild))).containsExactly("app.Main.main", "app.Main.streams",
                "java.util.stream.ReduceOps$ReduceOp.evaluateParallel", "app.Fib.compute");
        assertThat(f.contextOfNode(ownCont)).isEqualTo(f.contextOfNode(own));
        assertThat(path(tree, f.contextOfNode(plain))).containsExactly("app.Fib.compute");
        assertThat(stacks.size()).isEqualTo(2);
    }

    /** A strand as {@link #node}, the first of a task created under the calls {@code path} of its creator. */
    private int taskNode(int w, long start, long end, int site, List<Integer> path, int from, EdgeKind kind) {
        int id = nodes.size();
        nodes.add(new DagNode(id, w, start, end, end - start, end - start, NodeEnd.END,
                List.of(new Edge(from, kind)), 1, 0, 0, 1, 0, site, path));
        return id;
    }

    /**
     * Issue 20 item 2: a forked or inline-run task's context is its creator's whole logical context at
     * the create. Root task r ({@code app.Root.compute}) forks tree a at ROOT_FORK, then calls
     * {@code b.compute()} directly (CALL B_CALL in Root.compute): b's {@code Tree.compute} forks bl at
     * TREE_FORK, and bl, two levels down, its leaf bll. Then r calls {@code helper()} (CALL HELPER in
     * Root.compute), which runs {@code c.invoke()} on an unforked task (CALL INVOKE in Root.helper: a
     * task run inline, created under the calls HELPER, INVOKE). The old contexts dropped every frame
     * between the creator's entry and the fork: bl hung below {@code Tree.compute} alone, c below
     * {@code Root.helper} alone. The samples' stacks, cut at doExec, add the task's own frames.
     */
    @Test
    void aTaskHangsBelowEveryFrameBetweenItsCreatorsEntryAndTheCreate() {
        final int rootFork = 0;
        final int bCall = 1;
        final int treeFork = 2;
        final int helper = 3;
        final int invoke = 4;
        final int lambda = 5;
        SiteProfile none = new SiteProfile(List.of(), 0, 0);
        RecordedSites sites = new RecordedSites(List.of(site(rootFork, "app.Root", "compute", 10, SiteKind.FORK),
                site(bCall, "app.Root", "compute", 11, SiteKind.CALL),
                site(treeFork, "app.Tree", "compute", 20, SiteKind.FORK),
                site(helper, "app.Root", "compute", 12, SiteKind.CALL),
                site(invoke, "app.Root", "helper", 30, SiteKind.CALL),
                site(lambda, "app.Root", "compute", 13, SiteKind.LAMBDA)), new SitesResult(0, 0, none, none, 0));
        int r = node(0, 0, 10, -1);
        int a = taskNode(1, 12, 20, rootFork, List.of(), r, EdgeKind.CREATE);            // a.fork() in Root.compute
        int rCont = node(0, 10, 30, -1, r, EdgeKind.CREATE_CONT);
        int bl = taskNode(1, 31, 40, treeFork, List.of(bCall), rCont, EdgeKind.CREATE); // inside b.compute()
        int blCont = node(1, 40, 42, -1, bl, EdgeKind.CREATE_CONT);
        int bll = taskNode(0, 42, 50, treeFork, List.of(), bl, EdgeKind.CREATE);         // bl's own fork
        int c = taskNode(0, 50, 60, invoke, List.of(helper, invoke), rCont, EdgeKind.CREATE); // helper() -> c.invoke()
        int d = taskNode(1, 60, 70, treeFork, List.of(lambda), c, EdgeKind.CREATE);     // inside a lambda in c

        ContextTree tree = new ContextTree();
        ForkContexts f = ForkContexts.of(new Dag(nodes, 2, 0, 100), sites, tree, false);
        assertThat(path(tree, f.contextOfNode(a))).containsExactly("app.Root.compute");
        assertThat(path(tree, f.contextOfNode(bl))).containsExactly("app.Root.compute", "app.Tree.compute");
        assertThat(f.contextOfNode(blCont)).isEqualTo(f.contextOfNode(bl));
        assertThat(path(tree, f.contextOfNode(bll))).containsExactly("app.Root.compute", "app.Tree.compute",
                "app.Tree.compute");
        assertThat(path(tree, f.contextOfNode(c))).containsExactly("app.Root.compute", "app.Root.helper");
        assertThat(path(tree, f.contextOfNode(d))).containsExactly("app.Root.compute", "app.Root.helper",
                "app.Tree.compute");
        // per line: each frame is the line of its call
        ContextTree lines = new ContextTree();
        ForkContexts l = ForkContexts.of(new Dag(nodes, 2, 0, 100), sites, lines, true);
        assertThat(path(lines, l.contextOfNode(bll))).containsExactly("app.Root.compute:11", "app.Tree.compute:20",
                "app.Tree.compute:20");
        assertThat(path(lines, l.contextOfNode(c))).containsExactly("app.Root.compute:12", "app.Root.helper:30");

        // bll's leaf, sampled: its physical stack cut at doExec adds Tree.compute and the leaf below the
        // context, so the leaf reads whole, from the root task's method down
        io.forkscope.model.contexts.StackSample leaf = new io.forkscope.model.contexts.StackSample(1, 45,
                topFirst("app.Tree.leaf", "app.Tree.compute", "java.util.concurrent.RecursiveAction.exec",
                        "java.util.concurrent.ForkJoinTask.doExec",
                        "java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec",
                        "java.util.concurrent.ForkJoinPool.runWorker", "java.util.concurrent.ForkJoinWorkerThread.run")
                        .stream().map(Frame::methodOnly).toList(), false);
        int at = LogicalStacks.resolve(tree, f.contextOfNode(bll), leaf).node();
        assertThat(path(tree, at)).containsExactly("app.Root.compute", "app.Tree.compute", "app.Tree.compute",
                "app.Tree.compute", "app.Tree.leaf");
    }
}
