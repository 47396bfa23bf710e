package io.forkscope.recorder.engine;

import io.forkscope.model.Unit;

/**
 * Not a test: a quick driver that measures what a site event costs through the engine (unit time,
 * the agent's CPU-clock threshold), on one thread. Run with
 * {@code java -cp <test-classes>:<classes>:<model> io.forkscope.recorder.engine.SiteEventCost}.
 *
 * <ul>
 *   <li>calls: siteEnter/siteExit pairs in a loop inside a root (a call site in a hot loop), with
 *       sites on, against the same events with sites off (the hooks' fast path once an engine
 *       exists);
 *   <li>fib: fib(n) as the ForkJoinPool hooks and the weaver drive it (siteFork, create, resume,
 *       siteEnter/siteExit around the called fib(n-2), waitBegin, execBegin/execEnd, waitEnd),
 *       against the same program without the site events and without enableSites: the
 *       difference per site event.
 * </ul>
 */
public final class SiteEventCost {
    private SiteEventCost() {}

    private static SpanEngine engine(boolean sites) {
        SpanEngine e = new SpanEngine(Unit.TIME, 0, ThreadCpuClock.create(50_000), PlainTasks.done(t -> ((SimTask) t).done),
                PlainTasks.PLAIN_THREAD);
        if (sites) {
            e.enableSites();
        }
        return e;
    }

    private static long calls(boolean sites, int n) {
        SpanEngine e = engine(sites);
        e.regionStart("root");
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            int tok = e.siteEnter(i & 7, 0);
            e.siteExit(tok);
        }
        return System.nanoTime() - t0;
    }

    private static long events;

    private static void fib(SpanEngine e, boolean sites, int n) {
        if (n < 2) {
            return;
        }
        SimTask t = new SimTask(r -> { });
        if (sites) {
            e.siteFork(1, 1);
            events++;
        }
        e.create(t);
        e.resume();
        int tok = sites ? e.siteEnter(2, 1) : -1;
        if (sites) {
            events += 2;
        }
        fib(e, sites, n - 2);
        if (sites) {
            e.siteExit(tok);
        }
        e.waitBegin();
        e.execBegin(t);
        fib(e, sites, n - 1);
        t.done = true;
        e.execEnd(t);
        e.waitEnd(t);
    }

    private static long fibRun(boolean sites, int n) {
        SpanEngine e = engine(sites);
        e.regionStart("root");
        long t0 = System.nanoTime();
        fib(e, sites, n);
        long d = System.nanoTime() - t0;
        if (sites && e.sitesResult() == null) {
            throw new IllegalStateException();
        }
        return d;
    }

    public static void main(String[] args) {
        int n = 2_000_000;
        int fibN = 24;
        for (int round = 0; round < 8; round++) {
            long off = calls(false, n);
            long on = calls(true, n);
            events = 0;
            long fibOff = fibRun(false, fibN);
            long siteEvents = 0;
            events = 0;
            long fibOn = fibRun(true, fibN);
            siteEvents = events;
            System.out.printf("round %d: calls %.1f ns/pair on, %.1f off; fib(%d) %d site events: %.1f ns per site event"
                            + " (%.1f ms with sites, %.1f without)%n",
                    round, on / (double) n, off / (double) n, fibN, siteEvents, (fibOn - fibOff) / (double) siteEvents,
                    fibOn / 1e6, fibOff / 1e6);
        }
    }
}
