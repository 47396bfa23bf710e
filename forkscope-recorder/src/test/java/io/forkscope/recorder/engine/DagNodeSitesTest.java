package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * record --mode dag --sites: every DAG node carries the call site of the innermost site
 * invocation its first strand ran in (SpanEngine learns it when the node opens, from the top of
 * the thread's site stack), -1 outside any; a transparent task (forked at no site) counts as its
 * creator's invocation; a collapsed node carries its first strand's site. Time units with a fake
 * clock that only {@link #work} advances, the event orders of the ForkJoinPool hooks and the
 * weaver (as in SiteEventsTest); which node ran in which site is worked out by hand per program.
 */
class DagNodeSitesTest {
    private static final int MAIN = 0;
    private static final int F = 1;

    private final long[] clock = {1_000};

    private SpanEngine engine(boolean sites, boolean collapse) {
        SpanEngine e = new SpanEngine(Unit.TIME, 0, () -> clock[0], PlainTasks.done(t -> ((SimTask) t).done),
                PlainTasks.PLAIN_THREAD, true, collapse);
        if (sites) {
            e.enableSites();
        }
        return e;
    }

    private void work(long ns) {
        clock[0] += ns;
    }

    private static SimTask task() {
        return new SimTask(r -> { });
    }

    private static void fork(SpanEngine e, SimTask t) {
        e.create(t);
        e.resume();
    }

    private static void run(SpanEngine e, SimTask t, Runnable body) {
        assertThat(e.execBegin(t)).isTrue();
        body.run();
        t.done = true;
        e.execEnd(t);
    }

    /** The run's nodes after the final drain, per thread in the order they were recorded. */
    private static List<RecordedNode> finish(SpanEngine e) {
        e.regionStop(e.regionStart("end"));
        List<RecordedNode> nodes = new ArrayList<>();
        e.drainDagNodes(nodes::addAll, true);
        nodes.sort(Comparator.comparingLong(RecordedNode::id));
        return nodes;
    }

    private static List<Integer> sites(List<RecordedNode> nodes) {
        return nodes.stream().map(RecordedNode::site).toList();
    }

    /**
     * One thread. main calls g [site 0] (the root's first node opened before the call: -1); g
     * forks t [fork site 1] (its continuation: 0), waits and runs t (1); t calls h [site 2] (the
     * call does not split t's node), which forks u at no site (next node in h: 2) and runs it
     * while waiting (u is transparent, so h's invocation: 2), and goes on after the join (2); t
     * ends in that node, outside h by then (a node keeps its first strand's site). g's node after
     * the join (0) goes on past g's exit; then the root forks v at no site outside any invocation
     * (-1), runs it (-1: transparent, its creator outside any) and goes on (-1).
     */
    private List<RecordedNode> program(SpanEngine e) {
        int g = e.siteEnter(0, MAIN);
        work(2);
        SimTask t = task();
        e.siteFork(1, MAIN);
        fork(e, t);
        work(1);
        e.waitBegin();
        run(e, t, () -> {
            work(3);
            int h = e.siteEnter(2, F);
            work(1);
            SimTask u = task();
            fork(e, u);
            work(1);
            e.waitBegin();
            run(e, u, () -> work(2));
            e.waitEnd(u);
            work(1);
            e.siteExit(h);
            work(1);
        });
        e.waitEnd(t);
        work(1);
        e.siteExit(g);
        work(1);
        SimTask v = task();
        fork(e, v);
        work(1);
        e.waitBegin();
        run(e, v, () -> work(4));
        e.waitEnd(v);
        work(1);
        return finish(e);
    }

    @Test
    void eachStrandCarriesTheInnermostInvocationItsNodeOpenedIn() {
        List<RecordedNode> nodes = program(engine(true, false));
        assertThat(nodes).extracting(RecordedNode::ends).containsExactly(NodeEnd.CREATE, NodeEnd.WAIT,
                NodeEnd.CREATE, NodeEnd.WAIT, NodeEnd.END, NodeEnd.END, NodeEnd.CREATE, NodeEnd.WAIT, NodeEnd.END,
                NodeEnd.END);
        assertThat(sites(nodes)).containsExactly(-1, 0, 1, 2, 2, 2, 0, -1, -1, -1);
        assertThat(nodes).extracting(RecordedNode::work).containsExactly(2L, 1L, 4L, 1L, 2L, 2L, 2L, 1L, 4L, 1L);
    }

    /**
     * The same run with collapsing: t's sub-DAG ran on this thread alone, so its four strands
     * (sites 1, 2, 2, 2) become one node that carries its first strand's site, 1; v's lone strand
     * is its own collapsed node (-1).
     */
    @Test
    void aCollapsedNodeCarriesItsFirstStrandsSite() {
        List<RecordedNode> nodes = program(engine(true, true));
        assertThat(sites(nodes)).containsExactly(-1, 0, 1, 0, -1, -1, -1);
        RecordedNode collapsed = nodes.get(2);
        assertThat(collapsed.strands()).isEqualTo(4);
        assertThat(collapsed.work()).isEqualTo(9);
        assertThat(collapsed.site()).isEqualTo(1);
    }

    @Test
    void withoutSitesEveryNodeIsInNone() {
        List<RecordedNode> nodes = program(engine(false, false));
        assertThat(nodes).hasSize(10);
        assertThat(sites(nodes)).containsOnly(-1);
    }

    /**
     * Steals: main calls g [site 0], which forks t [site 1] and w [no site] and waits for both; a
     * second thread runs them. t's node there carries its fork site (1), w's its creator's
     * invocation (g: 0), though the thief's own stack has neither; a call inside t [site 2] does
     * not split its node. Main's nodes: -1 (before g), 0, 0, and after the joins 0, 0.
     */
    @Test
    void aStolenTaskCarriesItsForkSiteAndATransparentOneItsCreatorsInvocation() throws InterruptedException {
        SpanEngine e = engine(true, false);
        int g = e.siteEnter(0, MAIN);
        work(1);
        SimTask t = task();
        e.siteFork(1, MAIN);
        fork(e, t);
        work(1);
        SimTask w = task();
        fork(e, w);
        work(1);
        e.waitBegin();
        Thread thief = new Thread(() -> {
            run(e, t, () -> {
                work(2);
                int h = e.siteEnter(2, F);
                work(1);
                e.siteExit(h);
            });
            run(e, w, () -> work(1));
        }, "thief");
        thief.start();
        thief.join();
        e.waitEnd(t);
        e.waitBegin();
        e.waitEnd(w);
        e.siteExit(g);
        work(1);
        List<RecordedNode> nodes = finish(e);
        List<RecordedNode> mainNodes = nodes.stream().filter(n -> n.worker() == nodes.get(0).worker()).toList();
        List<RecordedNode> thiefNodes = nodes.stream().filter(n -> n.worker() != nodes.get(0).worker()).toList();
        assertThat(sites(mainNodes)).containsExactly(-1, 0, 0, 0, 0);
        assertThat(sites(thiefNodes)).containsExactly(1, 0);
        assertThat(thiefNodes).extracting(RecordedNode::work).containsExactly(3L, 1L);
    }

    private static List<List<Integer>> paths(List<RecordedNode> nodes) {
        return nodes.stream().map(RecordedNode::sitePath).toList();
    }

    /**
     * Issue 20: a task's first node carries the calls open in its creator's task at the create. In
     * {@link #program}, t is forked inside g [site 0], called from the root: [0]; u is forked inside h
     * [site 2], called from t's body: [2] (not g's: g is t's creator's, already in t's context); v is
     * forked from the root outside any call: []. Every other node: []. Collapsed, t's node keeps [0].
     */
    @Test
    void aTasksFirstNodeCarriesTheCallsOpenInItsCreatorsTask() {
        assertThat(paths(program(engine(true, false)))).containsExactly(List.of(), List.of(), List.of(0), List.of(),
                List.of(2), List.of(), List.of(), List.of(), List.of(), List.of());
        List<RecordedNode> collapsed = program(engine(true, true));
        assertThat(paths(collapsed)).containsExactly(List.of(), List.of(), List.of(0), List.of(), List.of(), List.of(),
                List.of());
        assertThat(paths(program(engine(false, false)))).containsOnly(List.of());
    }

    /**
     * A task run inline (invoke of an unforked task: execBegin with no create) carries the calls open
     * in its caller's task down to the invoke: t, forked at site 1 from the root inside g [0], calls h
     * [2], which calls i [3], which runs x: x's first node carries [2, 3]; t's carries [0].
     */
    @Test
    void aTaskRunInlineCarriesTheCallsDownToItsRun() {
        SpanEngine e = engine(true, false);
        int g = e.siteEnter(0, MAIN);
        work(1);
        SimTask t = task();
        e.siteFork(1, MAIN);
        fork(e, t);
        work(1);
        e.waitBegin();
        run(e, t, () -> {
            work(1);
            int h = e.siteEnter(2, F);
            int i = e.siteEnter(3, F);
            work(1);
            run(e, task(), () -> work(2));
            e.siteExit(i);
            e.siteExit(h);
            work(1);
        });
        e.waitEnd(t);
        e.siteExit(g);
        work(1);
        List<List<Integer>> withPaths = paths(finish(e)).stream().filter(p -> !p.isEmpty()).toList();
        assertThat(withPaths).containsExactly(List.of(0), List.of(2, 3));
    }
}
