package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import io.forkscope.model.sites.Measurement;
import io.forkscope.model.sites.SiteMeasures;
import io.forkscope.model.sites.SitesResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine's site events (siteEnter / siteExit / siteFork) with the fork/join events around
 * them, in the orders the weaver and the ForkJoinPool hooks produce, on programs worked out by
 * hand in abstract units. The programs inside the contract (every task joined by its forker,
 * every call returning) must give exact profiles; those outside it (an exception skipping exits,
 * CountedCompleter end edges, quiescence, a join by another frame) must keep the totals exact
 * (Σ local work + outside = T1; local span on span + outside = T∞, both the engine's own) and say
 * what is approximate in {@link SpanEngine#sitesNotes}.
 *
 * <p>Rows: {@code m(count, work, span)} per measurement; site and method ids are given per test.
 */
class SiteEventsTest {

    private static SpanEngine engine() {
        SpanEngine e = new SpanEngine(Unit.ABSTRACT, 0, System::nanoTime, PlainTasks.done(t -> ((SimTask) t).done),
                PlainTasks.PLAIN_THREAD);
        e.enableSites();
        return e;
    }

    private static SimTask task() {
        return new SimTask(r -> { });
    }

    private static void fork(SpanEngine e, SimTask t) {
        e.create(t);
        e.resume();
    }

    /** Runs a task's body on the current thread (nested on whatever it runs), as doExec does. */
    private static void run(SpanEngine e, SimTask t, Runnable body) {
        assertThat(e.execBegin(t)).isTrue();
        body.run();
        t.done = true;
        e.execEnd(t);
    }

    private static void join(SpanEngine e, SimTask t) {
        e.waitBegin();
        e.waitEnd(t);
    }

    /** Ends the run: one more event closes the root's last strand (as in a real run's last event). */
    private static SitesResult finish(SpanEngine e) {
        e.regionStop(e.regionStart("end"));
        SitesResult r = e.sitesResult();
        assertTotals(e, r);
        return r;
    }

    /** The totals the issue says must add up, against the engine's own T1 and T∞. */
    static void assertTotals(SpanEngine e, SitesResult r) {
        WorkSpan whole = e.snapshot(true).measures();
        long localWork = r.onWork().outsideWork();
        for (SiteMeasures m : r.onWork().sites()) {
            localWork += m.local().work();
        }
        long localSpan = r.onSpan().outsideSpan();
        for (SiteMeasures m : r.onSpan().sites()) {
            localSpan += m.local().span();
        }
        assertThat(r.work()).as("sites' T1").isEqualTo(whole.work());
        assertThat(r.span()).as("sites' T∞").isEqualTo(whole.span());
        assertThat(localWork).as("Σ local work + outside = T1").isEqualTo(whole.work());
        assertThat(localSpan).as("Σ local span on span + outside = T∞").isEqualTo(whole.span());
    }

    private static Measurement m(long count, long work, long span) {
        return new Measurement(count, work, span);
    }

    private static SiteMeasures row(int site, Measurement tcs, Measurement tc, Measurement local) {
        return new SiteMeasures(site, tcs, tc, local);
    }

    /**
     * sort() [site 0, in main = method 0] forks two tasks at no site (a library's parallel sort):
     * 1 unit; fork t1 (5 units), fork t2 (3 units); 2 units; join t1 (helping runs t2 first);
     * join t2. Both tasks are transparent: all 11 units are sort's local work. Span from sort's
     * start: forks at 1, continuation 1+2 = 3, t1 1+5 = 6 wins, t2 1+3 = 4 loses: 6, of which sort's
     * local span is its first unit and t1's 5.
     */
    @Test
    void forksAtNoSiteInsideACallAreTheCallsLocalWork() {
        SpanEngine e = engine();
        int tok = e.siteEnter(0, 0);
        e.work(1);
        SimTask t1 = task();
        SimTask t2 = task();
        fork(e, t1);
        fork(e, t2);
        e.work(2);
        e.waitBegin();
        run(e, t2, () -> e.work(3));
        run(e, t1, () -> e.work(5));
        e.waitEnd(t1);
        join(e, t2);
        e.siteExit(tok);
        SitesResult r = finish(e);

        SiteMeasures sort = row(0, m(1, 11, 6), m(1, 11, 6), m(1, 11, 6));
        assertThat(r.onWork().sites()).containsExactly(sort);
        assertThat(r.onSpan().sites()).containsExactly(sort);
        assertThat(r.onWork().outsideWork()).isZero();
        assertThat(r.span()).isEqualTo(6);
        assertThat(e.sitesNotes()).isEmpty();
    }

    /**
     * {@code if (t.tryUnfork()) t.compute(); else t.join();} in main (method 0): fork t at site 0
     * (t: 5 units); call g at site 1 (2 units); tryUnfork succeeds, t.compute() at site 2. The
     * compute call is the task running and being joined by its forker: t is the invocation of
     * its fork site 0, on span (5 > 2); site 2 has no invocation; no foreign join.
     */
    @Test
    void anUnforkedTaskComputedDirectlyIsItsForkSitesInvocationJoinedByItsForker() {
        SpanEngine e = engine();
        SimTask t = task();
        e.siteFork(0, 0);
        fork(e, t);
        int g = e.siteEnter(1, 0);
        e.work(2);
        e.siteExit(g);
        e.unforked(t);
        int c = e.siteEnter(2, 0);
        assertThat(e.inlineBegin(t)).isTrue();
        e.work(5);
        e.inlineEnd(t);
        e.siteExit(c);
        SitesResult r = finish(e);

        SiteMeasures forked = row(0, m(1, 5, 5), m(1, 5, 5), m(1, 5, 5));
        assertThat(r.onWork().sites()).containsExactly(forked, row(1, m(1, 2, 2), m(1, 2, 2), m(1, 2, 2)));
        assertThat(r.onSpan().sites()).containsExactly(forked);
        assertThat(r.foreignJoins()).isZero();
        assertThat(e.sitesNotes()).isEmpty();
    }

    /** A task's compute() called directly without tryUnfork is a plain call site. */
    @Test
    void aDirectComputeOfATaskNeverForkedIsACall() {
        SpanEngine e = engine();
        SimTask t = task();
        int c = e.siteEnter(0, 0);
        assertThat(e.inlineBegin(t)).isFalse();
        e.work(4);
        e.siteExit(c);
        SitesResult r = finish(e);
        assertThat(r.onSpan().sites()).containsExactly(row(0, m(1, 4, 4), m(1, 4, 4), m(1, 4, 4)));
    }

    /**
     * main calls a [site 0, method 0]: 1 unit; a calls b [site 1, method 1]: 2 units; b calls c
     * [site 2, method 2]: 4 units, then c throws, b does not catch, a catches: 3 units; a returns.
     * No exit ran for c and b: a's exit closes all three. Totals exact (10); the 3 units a ran
     * after catching land in c, the innermost open frame (lazy unwind: approximate attribution).
     * Then main calls d [site 3]: the stack is clean again (same token as a's).
     */
    @Test
    void anExceptionSkippingExitsIsClosedByTheNextExitBelow() {
        SpanEngine e = engine();
        int a = e.siteEnter(0, 0);
        e.work(1);
        e.siteEnter(1, 1);
        e.work(2);
        e.siteEnter(2, 2);
        e.work(4);
        e.work(3);
        e.siteExit(a);
        int d = e.siteEnter(3, 0);
        assertThat(d).isEqualTo(a);
        e.work(1);
        e.siteExit(d);
        SitesResult r = finish(e);

        assertThat(r.onWork().sites()).containsExactly(
                row(0, m(1, 10, 10), m(1, 10, 10), m(1, 1, 1)),
                row(1, m(1, 9, 9), m(1, 9, 9), m(1, 2, 2)),
                row(2, m(1, 7, 7), m(1, 7, 7), m(1, 7, 7)),
                row(3, m(1, 1, 1), m(1, 1, 1), m(1, 1, 1)));
        assertThat(r.work()).isEqualTo(11);
        assertThat(e.sitesNotes()).containsExactly(
                "2 call frame(s) were closed without their exit (an exception, or the run ended inside them)");
    }

    /**
     * A task forked at site 0 calls h [site 1, method 1] (6 units), which throws out of compute():
     * the task's end closes h. The task is joined (exceptionally done).
     */
    @Test
    void anExceptionLeavingATaskIsClosedByTheTasksEnd() {
        SpanEngine e = engine();
        SimTask t = task();
        e.siteFork(0, 0);
        fork(e, t);
        e.waitBegin();
        run(e, t, () -> {
            e.siteEnter(1, 1);
            e.work(6);
        });
        e.waitEnd(t);
        SitesResult r = finish(e);
        assertThat(r.onSpan().sites()).containsExactly(
                row(0, m(1, 6, 6), m(1, 6, 6), m(1, 0, 0)),
                row(1, m(1, 6, 6), m(1, 6, 6), m(1, 6, 6)));
        assertThat(e.sitesNotes()).hasSize(1);
    }

    /**
     * An exit token that matches nothing (the frame is gone) changes nothing; an exit below the
     * current task's frame never closes it.
     */
    @Test
    void mismatchedTokensAreRepairedNotErrors() {
        SpanEngine e = engine();
        e.siteExit(7);                    // nothing entered at all
        int a = e.siteEnter(0, 0);
        e.work(1);
        SimTask t = task();
        e.siteFork(1, 1);
        fork(e, t);
        e.waitBegin();
        run(e, t, () -> {
            e.work(2);
            e.siteExit(a);                // a's token inside the task: the task's frame stays
            e.work(3);
        });
        e.waitEnd(t);
        e.siteExit(a);
        e.siteExit(a);                    // twice: nothing left to close
        SitesResult r = finish(e);
        assertThat(r.onSpan().sites()).containsExactly(
                row(0, m(1, 6, 6), m(1, 6, 6), m(1, 1, 1)),
                row(1, m(1, 5, 5), m(1, 5, 5), m(1, 5, 5)));
        assertThat(e.sitesNotes()).isEmpty();
    }

    /**
     * pool.invoke(t) from a thread outside the pool, woven as a CALL site [site 0]: the task (no
     * fork site) is transparent and runs on a worker (another real thread), where it forks u at no
     * site: 4 units, fork u (3 units), 1 unit, join u. All 8 units are the call's local work, on
     * the main thread's root path: span 4 + max(1, 3) = 7. The same program woven with pool.invoke
     * as a FORK site makes the task the invocation of site 0: the same numbers.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void poolInvokeFromAnOutsideThread(boolean asForkSite) throws InterruptedException {
        SpanEngine e = engine();
        int tok = asForkSite ? -1 : e.siteEnter(0, 0);
        SimTask t = task();
        if (asForkSite) {
            e.siteFork(0, 0);
        }
        fork(e, t);
        e.waitBegin();
        Thread worker = new Thread(() -> run(e, t, () -> {
            e.work(4);
            SimTask u = task();
            fork(e, u);
            e.work(1);
            e.waitBegin();
            run(e, u, () -> e.work(3));
            e.waitEnd(u);
        }), "worker");
        worker.start();
        worker.join();
        e.waitEnd(t);
        e.siteExit(tok);
        SitesResult r = finish(e);
        SiteMeasures site = row(0, m(1, 8, 7), m(1, 8, 7), m(1, 8, 7));
        assertThat(r.onWork().sites()).containsExactly(site);
        assertThat(r.onSpan().sites()).containsExactly(site);
        assertThat(e.sitesNotes()).isEmpty();
    }

    /**
     * A parallel stream's terminal operation [call site 0, method 0] invokes a root
     * CountedCompleter (1 unit) that forks two leaves at no site; the left one (2 units) calls the
     * lambda [site 1, method 1] (5 units), the right one runs 3 units; each tryCompletes. The
     * completers' end edges are not joins the site profiler follows: the span they bring (8 − 1)
     * is the terminal operation's local span, and their work is in its work (their strands are
     * its local work on work); the lambda is not on span (approximate, and said). Totals exact: T1 = 11, T∞ = 1 + 2 + 5 = 8.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void countedCompleterEndEdgesBecomeTheWaitersLocalSpan(long seed) {
        SimRuntime rt = new SimRuntime(0, seed);
        SpanEngine e = rt.engine;
        e.enableSites();
        SimTask[] tasks = new SimTask[3];
        tasks[1] = new SimTask(r -> {
            r.work(2);
            int lambda = e.siteEnter(1, 1);
            r.work(5);
            e.siteExit(lambda);
            r.tryComplete(tasks[1]);
        }, null, true);
        tasks[2] = new SimTask(r -> {
            r.work(3);
            r.tryComplete(tasks[2]);
        }, null, true);
        tasks[0] = new SimTask(r -> {
            r.work(1);
            tasks[0].pending = 1;
            r.fork(tasks[1]);
            r.fork(tasks[2]);
        }, null, true);
        SimTask left = new SimTask(tasks[1].body, tasks[0], true);
        SimTask right = new SimTask(tasks[2].body, tasks[0], true);
        tasks[1] = left;
        tasks[2] = right;
        int tok = e.siteEnter(0, 0);
        rt.invoke(tasks[0]);
        e.siteExit(tok);
        SitesResult r = finish(e);

        assertThat(r.work()).isEqualTo(11);
        assertThat(r.span()).isEqualTo(8);
        assertThat(r.onWork().sites()).containsExactly(
                row(0, m(1, 11, 8), m(1, 11, 8), m(1, 6, 8)),
                row(1, m(1, 5, 5), m(1, 5, 5), m(1, 5, 5)));
        // On span the invocation's local work is what reached its frame: the leaves' strands, added
        // to the on-work table where they ended, never came back through a join.
        assertThat(r.onSpan().sites()).containsExactly(row(0, m(1, 11, 8), m(1, 11, 8), m(1, 1, 8)));
        assertThat(e.sitesNotes()).hasSize(2)
                .anySatisfy(n -> assertThat(n).startsWith("7 unit(s) of span came through joins"))
                .anySatisfy(n -> assertThat(n).startsWith("2 task(s) began after the invocation that forked them"));
    }

    /**
     * helpQuiesce: main forks a [site 0] (1 unit, forks b [site 1, method 1] of 50 units and never
     * joins it, 1 unit), then helpQuiesce joins a (its forker: followed) and b (not its forker: a
     * foreign join), then 3 units. T1 = 55, T∞ = 1 + 50 + 3 = 54: b's path is main's local span.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void quiescenceJoinsOfTasksForkedByOthersKeepTheTotals(long seed) {
        SimRuntime rt = new SimRuntime(0, seed);
        SpanEngine e = rt.engine;
        e.enableSites();
        e.siteFork(0, 0);
        rt.fork(r -> {
            r.work(1);
            e.siteFork(1, 1);
            r.fork(q -> q.work(50));
            r.work(1);
        });
        rt.helpQuiesce();
        rt.work(3);
        SitesResult r = finish(e);
        assertThat(r.work()).isEqualTo(55);
        assertThat(r.span()).isEqualTo(54);
        assertThat(r.foreignJoins()).isEqualTo(1);
        assertThat(r.onWork().of(1)).isEqualTo(row(1, m(1, 50, 50), m(1, 50, 50), m(1, 50, 50)));
        assertThat(r.onWork().outsideWork()).isEqualTo(3);
        assertThat(r.onSpan().outsideSpan()).isEqualTo(3 + 49);
    }

    /**
     * g [site 0] forks t [site 1, method 1] (4 units) and returns without joining it; main calls
     * h [site 2] (reusing g's frame), then joins t, which runs only then: detached (its creator's
     * frame is another invocation's now) and joined by another frame than its forker. Totals exact.
     */
    @Test
    void aTaskThatOutlivesItsForkerIsDetachedAndItsJoinForeign() {
        SpanEngine e = engine();
        int g = e.siteEnter(0, 0);
        e.work(1);
        SimTask t = task();
        e.siteFork(1, 1);
        fork(e, t);
        e.siteExit(g);
        int h = e.siteEnter(2, 0);
        e.siteExit(h);
        e.work(2);
        e.waitBegin();
        run(e, t, () -> e.work(4));
        e.waitEnd(t);
        SitesResult r = finish(e);
        assertThat(r.work()).isEqualTo(7);
        assertThat(r.span()).isEqualTo(5);
        assertThat(r.foreignJoins()).isEqualTo(1);
        assertThat(r.onWork().of(1)).isEqualTo(row(1, m(1, 4, 4), m(1, 4, 4), m(1, 4, 4)));
        assertThat(e.sitesNotes()).anySatisfy(n -> assertThat(n).contains("began after the invocation that forked them"));
    }

    /** Without enableSites the site events do nothing and cost the engine nothing it measures. */
    @Test
    void sitesOffChangeNothing() {
        SpanEngine e = new SpanEngine(Unit.ABSTRACT, 0, System::nanoTime, PlainTasks.done(true), PlainTasks.PLAIN_THREAD);
        assertThat(e.siteEnter(0, 0)).isEqualTo(-1);
        e.siteFork(1, 0);
        e.work(3);
        e.siteExit(0);
        e.regionStop(e.regionStart("end"));
        assertThat(e.sitesResult()).isNull();
        assertThat(e.snapshot(true).measures().work()).isEqualTo(3);   // as without the site events
    }

    /**
     * Threads that start computations of their own and die: each is a root; the sink's periodic
     * snapshot retires them, folding their site threads into the profiler, and the result still
     * holds their work and the longest root path (thread 2's, 30 units) as the critical path.
     */
    @Test
    void rootsOfThreadsThatDiedAreFoldedAndTheLongestIsOnSpan() throws InterruptedException {
        SpanEngine e = engine();
        for (int i = 0; i < 3; i++) {
            int site = i;
            Thread t = new Thread(() -> {
                int tok = e.siteEnter(site, 0);
                e.work(10L * (site + 1));
                e.siteExit(tok);
                e.regionStop(e.regionStart("end"));
            }, "computation-" + i);
            t.start();
            t.join();
        }
        e.snapshot(false);           // retires the dead threads (as the sink's periodic snapshot does)
        e.work(5);
        SitesResult r = finish(e);
        assertThat(r.work()).isEqualTo(65);
        assertThat(r.span()).isEqualTo(30);
        assertThat(r.onWork().sites()).extracting(SiteMeasures::site).containsExactly(0, 1, 2);
        assertThat(r.onSpan().sites()).containsExactly(row(2, m(1, 30, 30), m(1, 30, 30), m(1, 30, 30)));
        assertThat(r.onWork().outsideWork()).isEqualTo(5);
        assertThat(e.sitesNotes()).isEmpty();
    }

    private static final int MAIN = 0;
    private static final int FIB = 1;

    /** fib(n): 1 unit; if n ≥ 2 { fork fib(n-1) [site 1]; call fib(n-2) [site 2]; t.join() [call site 3] }. */
    private static void fib(SpanEngine e, int n) {
        e.work(1);
        if (n < 2) {
            return;
        }
        SimTask t = task();
        e.siteFork(1, FIB);
        fork(e, t);
        int call = e.siteEnter(2, FIB);
        fib(e, n - 2);
        e.siteExit(call);
        int join = e.siteEnter(3, FIB);
        e.waitBegin();
        run(e, t, () -> fib(e, n - 1));       // the joiner helps: the task runs inside the join's call
        e.waitEnd(t);
        e.siteExit(join);
    }

    /**
     * fib(3) from main [site 0], as SiteHandWorkedTest.fibOfThree works it out, with each
     * {@code join()} woven as a call site [site 3]: the join is still the forker's (the empty join
     * call is not its own frame), so sites 0–2 have fibOfThree's values, and site 3 has two
     * invocations with no work, both on span (fib(3)'s and fib(2)'s joins lie on the critical
     * path); top-caller only fib(3)'s (fib(2) was invoked from a site in fib).
     */
    @Test
    void aJoinWovenAsACallSiteIsStillTheForkersJoin() {
        SpanEngine e = engine();
        int tok = e.siteEnter(0, MAIN);
        fib(e, 3);
        e.siteExit(tok);
        SitesResult r = finish(e);
        SiteMeasures join = row(3, m(2, 0, 0), m(1, 0, 0), m(2, 0, 0));
        assertThat(r.onWork().sites()).containsExactly(
                row(0, m(1, 5, 3), m(1, 5, 3), m(1, 1, 1)),
                row(1, m(1, 3, 2), m(1, 3, 2), m(2, 2, 2)),
                row(2, m(2, 2, 2), m(1, 1, 1), m(2, 2, 2)),
                join);
        assertThat(r.onSpan().sites()).containsExactly(
                row(0, m(1, 5, 3), m(1, 5, 3), m(1, 1, 1)),
                row(1, m(1, 3, 2), m(1, 3, 2), m(1, 1, 1)),
                row(2, m(1, 1, 1), m(0, 0, 0), m(1, 1, 1)),
                join);
        assertThat(r.foreignJoins()).isZero();
        assertThat(e.sitesNotes()).isEmpty();
    }

    /**
     * Sites combine with mode=dag and unit time (a fake clock that only work advances): the same
     * fib(3) program run through the simulated pool, its DAG drained as the sink does at the end,
     * then the profiles: the totals are the engine's, the DAG unchanged by the site events.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void sitesWithTheDagAndTimeUnits(long seed) {
        SimRuntime rt = new SimRuntime(0, seed, true);
        SpanEngine e = rt.engine;
        e.enableSites();
        int tok = e.siteEnter(0, MAIN);
        SimTask root = rt.submit(r -> simFib(r, 5));
        rt.join(root);
        e.siteExit(tok);
        e.regionStop(e.regionStart("end"));
        java.util.List<io.forkscope.model.dag.RecordedNode> nodes = new java.util.ArrayList<>();
        e.drainDagNodes(nodes::addAll, true);
        SitesResult r = e.sitesResult();
        assertTotals(e, r);
        assertThat(r.work()).isEqualTo(15);     // fib(5) makes 15 invocations of one unit
        assertThat(nodes).isNotEmpty();
        assertThat(e.sitesNotes()).isEmpty();
    }

    private static void simFib(SimRuntime r, int n) {
        r.work(1);
        if (n < 2) {
            return;
        }
        r.engine.siteFork(1, FIB);
        SimTask t = r.fork(q -> simFib(q, n - 1));
        int call = r.engine.siteEnter(2, FIB);
        simFib(r, n - 2);
        r.engine.siteExit(call);
        int join = r.engine.siteEnter(3, FIB);
        r.join(t);
        r.engine.siteExit(join);
    }
}
