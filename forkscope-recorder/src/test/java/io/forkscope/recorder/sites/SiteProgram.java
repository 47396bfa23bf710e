package io.forkscope.recorder.sites;

import java.util.ArrayList;
import java.util.List;

/**
 * A small fork/join program with call sites, for the site profiler's tests: methods whose bodies
 * are work, calls and forks from numbered sites, and joins of the forks' slots. Every fork is
 * joined before its frame returns (the interpreter joins what the body left open, Cilk's implicit
 * sync). Recursion ends by depth: an invocation at {@code maxDepth} skips its calls and forks
 * (and the joins of skipped forks), and so does every invocation once {@code budget} invocations
 * have run. For the hand-worked programs an invocation also carries an integer argument (the
 * root's is {@code rootArg}; a site passes {@code (arg - dec) / div}): a body skips its calls and
 * forks when its argument is below its method's {@code minArg} (a base case), and a work statement
 * may add {@code perArg × arg} units.
 */
final class SiteProgram {
    /**
     * A site: its id, the method that contains it, the method it invokes (or forks), and whether it
     * forks; {@code noSite}: a fork the weaver does not see (library code: a parallel stream's
     * subtasks, invokeAll's forks), whose task is no invocation but transparent.
     */
    record Site(int id, int method, int target, boolean fork, int dec, int div, boolean noSite) {
        int argOf(int arg) {
            return (arg - dec) / div;
        }
    }

    sealed interface Stmt permits Work, Call, Fork, Join, Region {
    }

    record Work(long units, long perArg) implements Stmt {
    }

    record Call(int site) implements Stmt {
    }

    /** Forks the site's target as a task into {@code slot} (slots are per body, one fork each). */
    record Fork(int site, int slot) implements Stmt {
    }

    /**
     * Joins the fork in {@code slot}; when {@code site} ≥ 0 the join itself is a call site (the
     * weaver wraps {@code t.join()} like any call): an invocation with an empty body, right after
     * the join.
     */
    record Join(int slot, int site) implements Stmt {
    }

    /**
     * A region ({@code Forkscope.region}) around {@code method}'s body run inline in the current
     * invocation (no call: the same frame), with its own fork slots and an implicit sync at its
     * end, so the region joins what it forks (the region contract). Counts against the depth and
     * the budget like an invocation, so that recursion through regions ends.
     */
    record Region(int method) implements Stmt {
    }

    final List<Site> sites = new ArrayList<>();
    final List<List<Stmt>> bodies = new ArrayList<>();
    final List<Integer> minArg = new ArrayList<>();
    final int maxDepth;
    final int budget;
    int rootArg;

    SiteProgram(int maxDepth, int budget) {
        this.maxDepth = maxDepth;
        this.budget = budget;
    }

    int method() {
        return method(0);
    }

    /** A new method whose body skips its calls and forks when its argument is below {@code min}. */
    int method(int min) {
        bodies.add(new ArrayList<>());
        minArg.add(min);
        return bodies.size() - 1;
    }

    SiteProgram work(int method, long units) {
        return work(method, units, 0);
    }

    SiteProgram work(int method, long units, long perArg) {
        bodies.get(method).add(new Work(units, perArg));
        return this;
    }

    /** Adds a call site in {@code method} to {@code target}; returns its id. */
    int call(int method, int target) {
        return call(method, target, 0, 1);
    }

    int call(int method, int target, int dec, int div) {
        int id = sites.size();
        sites.add(new Site(id, method, target, false, dec, div, false));
        bodies.get(method).add(new Call(id));
        return id;
    }

    /** Adds a fork site in {@code method} of {@code target} into {@code slot}; returns its id. */
    int fork(int method, int target, int slot) {
        return fork(method, target, slot, 0, 1);
    }

    /** Adds a fork at no site in {@code method} of {@code target} into {@code slot} (its id is never reported). */
    int forkNoSite(int method, int target, int slot) {
        return fork(method, target, slot, 0, 1, true);
    }

    int fork(int method, int target, int slot, int dec, int div) {
        return fork(method, target, slot, dec, div, false);
    }

    int fork(int method, int target, int slot, int dec, int div, boolean noSite) {
        int id = sites.size();
        sites.add(new Site(id, method, target, true, dec, div, noSite));
        bodies.get(method).add(new Fork(id, slot));
        return id;
    }

    /** Adds, in {@code method}, a region around {@code body}'s body run inline. */
    SiteProgram region(int method, int body) {
        bodies.get(method).add(new Region(body));
        return this;
    }

    SiteProgram join(int method, int slot) {
        bodies.get(method).add(new Join(slot, -1));
        return this;
    }

    /** Joins {@code slot} through a call site (a woven {@code t.join()}); returns the site's id. */
    int joinCall(int method, int slot) {
        int id = sites.size();
        sites.add(new Site(id, method, -1, false, 0, 1, false));
        bodies.get(method).add(new Join(slot, id));
        return id;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("maxDepth=" + maxDepth + " budget=" + budget + "\n");
        for (int m = 0; m < bodies.size(); m++) {
            b.append("m").append(m).append(':');
            for (Stmt s : bodies.get(m)) {
                b.append(' ').append(s instanceof Work w ? "w" + w.units() + (w.perArg() == 0 ? "" : "+" + w.perArg() + "n")
                        : s instanceof Call c ? "call#" + c.site() + "->m" + sites.get(c.site()).target()
                        : s instanceof Region r ? "region{m" + r.method() + "}"
                        : s instanceof Fork f ? (sites.get(f.site()).noSite() ? "libfork->m" : "fork#" + f.site() + "->m")
                                + sites.get(f.site()).target() + "@" + f.slot()
                        : (((Join) s).site() < 0 ? "" : "call#" + ((Join) s).site() + ":") + "join@" + ((Join) s).slot());
            }
            b.append('\n');
        }
        return b.toString();
    }
}
