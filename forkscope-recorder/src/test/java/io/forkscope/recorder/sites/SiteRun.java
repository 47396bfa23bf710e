package io.forkscope.recorder.sites;

import io.forkscope.model.sites.SitesResult;
import io.forkscope.recorder.sites.SiteProgram.Call;
import io.forkscope.recorder.sites.SiteProgram.Fork;
import io.forkscope.recorder.sites.SiteProgram.Join;
import io.forkscope.recorder.sites.SiteProgram.Site;
import io.forkscope.recorder.sites.SiteProgram.Stmt;
import io.forkscope.recorder.sites.SiteProgram.Work;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A deterministic interpreter of a {@link SiteProgram} that feeds the online {@link SiteProfiler}
 * (through a {@link SiteBackend}: the profiler alone, or the whole engine) and, at the same time, writes the run's full DAG for {@link SiteOracle}: one node per strand
 * (every event closes the current strand), each tagged with its innermost invocation; the
 * invocations form the logical tree (a task's parent is the invocation that forked it).
 *
 * <p>The schedule comes from a seed: a fork may run its task at once (work-first), a join may
 * first help by running other pending tasks of any frame, and each task runs on one of
 * {@code threads} simulated threads, nested on whatever that thread's stack holds (a steal or a
 * helping join), so the profiler's logical-stack swaps are exercised. With {@code seed < 0}
 * the schedule is fixed: tasks run at their join, on thread 0.
 *
 * <p>A fork at no site ({@link Site#noSite}) makes no invocation: its task's strands are tagged
 * with the invocation that forked it, so the oracle counts them as that invocation's local work,
 * and its path is part of that invocation's sub-DAG.
 */
final class SiteRun {
    // ---- the DAG, written by the run, read by the oracle
    final List<Long> weight = new ArrayList<>();
    final List<Integer> nodeInv = new ArrayList<>();
    /** pred0: the strand before in the same frame or the forking / calling strand (-1: none). */
    final List<Integer> pred0 = new ArrayList<>();
    /** pred1: for the node after a join, the joined task's last strand (-1: none). */
    final List<Integer> pred1 = new ArrayList<>();
    /** Invocation 0 is the root (site -1). */
    final List<Integer> invSite = new ArrayList<>();
    final List<Integer> invParent = new ArrayList<>();
    final List<Integer> invFirst = new ArrayList<>();
    final List<Integer> invLast = new ArrayList<>();
    /** The innermost region of each node (-1: none); per region its enclosing one, first and last node. */
    final List<Integer> nodeRegion = new ArrayList<>();
    final List<Integer> regionParent = new ArrayList<>();
    final List<Integer> regionFirst = new ArrayList<>();
    final List<Integer> regionLast = new ArrayList<>();
    /** Region ids in the order they closed. */
    final List<Integer> regionsClosed = new ArrayList<>();
    /** The online regions' profiles, in the order they closed. */
    final List<io.forkscope.model.sites.RegionSites> onlineRegions;
    /** The region the running code is logically in (a task takes its fork point's). */
    private int curRegion = -1;

    final SiteProgram program;
    final SitesResult online;

    private final Random rng;
    private final boolean fixed;
    private final SiteBackend backend;
    private final int threadCount;
    private final List<Pending> pending = new ArrayList<>();
    private int invocations;

    private final class Pending {
        final Site site;
        final Object task;
        final int creatorInv;
        final int forkNode;
        final int depth;
        final int arg;
        final int region;
        boolean started;
        boolean joined;
        int last = -1;

        Pending(Site site, Object task, int creatorInv, int forkNode, int depth, int arg) {
            this.arg = arg;
            this.site = site;
            this.task = task;
            this.creatorInv = creatorInv;
            this.forkNode = forkNode;
            this.depth = depth;
            this.region = curRegion;
        }
    }

    SiteRun(SiteProgram program, long seed, int threadCount) {
        this(program, seed, threadCount, SiteBackend.direct(threadCount));
    }

    SiteRun(SiteProgram program, long seed, int threadCount, SiteBackend backend) {
        this.program = program;
        this.fixed = seed < 0;
        this.rng = new Random(seed);
        this.threadCount = threadCount;
        this.backend = backend;
        int root = newInv(-1, -1);
        int first = newNode(root, -1);
        invFirst.set(root, first);
        int last = exec(0, root, 0, program.rootArg, 0, first);
        invLast.set(root, last);
        online = backend.finish();
        onlineRegions = backend.regions();
    }

    /** How many task begins swapped a thread's logical stack (steals and foreign helping). */
    long swaps() {
        return backend.swaps();
    }

    int nodes() {
        return weight.size();
    }

    private int newInv(int site, int parent) {
        invSite.add(site);
        invParent.add(parent);
        invFirst.add(-1);
        invLast.add(-1);
        return invSite.size() - 1;
    }

    private int newNode(int inv, int pred) {
        weight.add(0L);
        nodeInv.add(inv);
        nodeRegion.add(curRegion);
        pred0.add(pred);
        pred1.add(-1);
        return weight.size() - 1;
    }

    private boolean mayInvoke(int m, int depth, int arg) {
        return depth < program.maxDepth && invocations < program.budget && arg >= program.minArg.get(m);
    }

    /** Runs method {@code m}'s body as invocation {@code inv} from node {@code cur}; returns its last node. */
    private int exec(int m, int inv, int depth, int arg, int t, int cur) {
        Map<Integer, Pending> slots = new HashMap<>();
        for (Stmt s : program.bodies.get(m)) {
            if (s instanceof Work w) {
                long units = w.units() + w.perArg() * arg;
                weight.set(cur, weight.get(cur) + units);
                backend.work(t, units);
            } else if (s instanceof Call c) {
                if (!mayInvoke(m, depth, arg)) {
                    continue;
                }
                invocations++;
                Site site = program.sites.get(c.site());
                int callee = newInv(site.id(), inv);
                int token = backend.enter(t, site.id(), site.method());
                int first = newNode(callee, cur);
                invFirst.set(callee, first);
                int last = exec(site.target(), callee, depth + 1, site.argOf(arg), t, first);
                invLast.set(callee, last);
                backend.exit(t, token);
                cur = newNode(inv, last);
            } else if (s instanceof SiteProgram.Region r) {
                if (!mayInvoke(m, depth, arg)) {
                    continue;
                }
                invocations++;
                int id = regionParent.size();
                regionParent.add(curRegion);
                regionFirst.add(-1);
                regionLast.add(-1);
                Object mark = backend.regionStart(t, "r" + r.method());
                int saved = curRegion;
                curRegion = id;
                int first = newNode(inv, cur);
                regionFirst.set(id, first);
                int last = exec(r.method(), inv, depth + 1, arg, t, first);
                regionLast.set(id, last);
                curRegion = saved;
                backend.regionStop(t, mark);
                regionsClosed.add(id);
                cur = newNode(inv, last);
            } else if (s instanceof Fork f) {
                if (!mayInvoke(m, depth, arg)) {
                    continue;
                }
                invocations++;
                Site site = program.sites.get(f.site());
                Object task = site.noSite() ? backend.fork(t, -1, -1) : backend.fork(t, site.id(), site.method());
                Pending p = new Pending(site, task, inv, cur, depth, site.argOf(arg));
                slots.put(f.slot(), p);
                pending.add(p);
                cur = newNode(inv, cur);
                if (!fixed && rng.nextInt(4) == 0) {
                    run(p, t);
                }
            } else {
                Join j = (Join) s;
                Pending p = slots.get(j.slot());
                if (p != null && j.site() < 0) {
                    cur = join(p, inv, t, cur);
                } else if (p != null) {
                    // t.join() woven as a call site: the join happens inside the (empty) call
                    Site site = program.sites.get(j.site());
                    int token = backend.enter(t, site.id(), site.method());
                    cur = join(p, inv, t, cur);
                    int call = newInv(site.id(), inv);
                    int node = newNode(call, cur);
                    invFirst.set(call, node);
                    invLast.set(call, node);
                    backend.exit(t, token);
                    cur = newNode(inv, node);
                }
            }
        }
        // Implicit sync: join whatever the body left open, in a random order.
        List<Pending> open = new ArrayList<>();
        for (Pending p : slots.values()) {
            if (p.last < 0 || !p.joined) {
                open.add(p);
            }
        }
        open.sort((a, b) -> Integer.compare(a.forkNode, b.forkNode));
        while (!open.isEmpty()) {
            Pending p = open.remove(fixed ? 0 : rng.nextInt(open.size()));
            cur = join(p, inv, t, cur);
        }
        return cur;
    }

    private int join(Pending p, int inv, int t, int cur) {
        backend.joinBegin(t);
        if (!p.started) {
            while (!fixed && rng.nextInt(3) == 0) {
                List<Pending> others = new ArrayList<>();
                for (Pending o : pending) {
                    if (!o.started && o != p) {
                        others.add(o);
                    }
                }
                if (others.isEmpty()) {
                    break;
                }
                run(others.get(rng.nextInt(others.size())), t);
            }
            if (!p.started) { // a helped task may have run p in its own helping
                run(p, t);
            }
        }
        boolean first = !p.joined;
        p.joined = true;
        backend.joinEnd(t, p.task);
        if (!first) {
            // A repeated join: no DAG edge beyond the first one, which already ordered the task before us.
            return cur;
        }
        int n = newNode(inv, cur);
        pred1.set(n, p.last);
        return n;
    }

    /** Runs a pending task, on a random thread, nested on the current host stack. */
    private void run(Pending p, int current) {
        p.started = true;
        int saved = curRegion;
        curRegion = p.region;
        int t = fixed ? current : rng.nextInt(threadCount);
        boolean invocation = !p.site.noSite();
        int tinv = invocation ? newInv(p.site.id(), p.creatorInv) : p.creatorInv;
        int first = newNode(tinv, p.forkNode);
        if (invocation) {
            invFirst.set(tinv, first);
        }
        int[] end = new int[1];
        backend.onThread(t, () -> {
            backend.begin(t, p.task);
            end[0] = exec(p.site.target(), tinv, p.depth + 1, p.arg, t, first);
            backend.end(t, p.task);
        });
        int last = end[0];
        if (invocation) {
            invLast.set(tinv, last);
        }
        p.last = last;
        pending.remove(p);
        curRegion = saved;
    }
}
