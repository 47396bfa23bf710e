package io.forkscope.recorder.sites;

import java.util.ArrayList;
import java.util.List;

/**
 * A small fork/join program with call sites, for the site profiler's tests: methods whose bodies
 * are work, calls and forks from numbered sites, and joins of the forks' slots. Every fork is
 * joined before its frame returns (the interpreter joins what the body left open, Cilk's implicit
 * sync). Recursion ends by depth: an invocation at {@code maxDepth} skips its calls and forks
 * (and the joins of skipped forks), and so does every invocation once {@code budget} invocations
 * have run.
 */
final class SiteProgram {
    /** A site: its id, the method that contains it, the method it invokes (or forks), and whether it forks. */
    record Site(int id, int method, int target, boolean fork) {
    }

    sealed interface Stmt permits Work, Call, Fork, Join {
    }

    record Work(long units) implements Stmt {
    }

    record Call(int site) implements Stmt {
    }

    /** Forks the site's target as a task into {@code slot} (slots are per body, one fork each). */
    record Fork(int site, int slot) implements Stmt {
    }

    record Join(int slot) implements Stmt {
    }

    final List<Site> sites = new ArrayList<>();
    final List<List<Stmt>> bodies = new ArrayList<>();
    final int maxDepth;
    final int budget;

    SiteProgram(int maxDepth, int budget) {
        this.maxDepth = maxDepth;
        this.budget = budget;
    }

    int method() {
        bodies.add(new ArrayList<>());
        return bodies.size() - 1;
    }

    SiteProgram work(int method, long units) {
        bodies.get(method).add(new Work(units));
        return this;
    }

    /** Adds a call site in {@code method} to {@code target}; returns its id. */
    int call(int method, int target) {
        int id = sites.size();
        sites.add(new Site(id, method, target, false));
        bodies.get(method).add(new Call(id));
        return id;
    }

    /** Adds a fork site in {@code method} of {@code target} into {@code slot}; returns its id. */
    int fork(int method, int target, int slot) {
        int id = sites.size();
        sites.add(new Site(id, method, target, true));
        bodies.get(method).add(new Fork(id, slot));
        return id;
    }

    SiteProgram join(int method, int slot) {
        bodies.get(method).add(new Join(slot));
        return this;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("maxDepth=" + maxDepth + " budget=" + budget + "\n");
        for (int m = 0; m < bodies.size(); m++) {
            b.append("m").append(m).append(':');
            for (Stmt s : bodies.get(m)) {
                b.append(' ').append(s instanceof Work w ? "w" + w.units()
                        : s instanceof Call c ? "call#" + c.site() + "->m" + sites.get(c.site()).target()
                        : s instanceof Fork f ? "fork#" + f.site() + "->m" + sites.get(f.site()).target() + "@" + f.slot()
                        : "join@" + ((Join) s).slot());
            }
            b.append('\n');
        }
        return b.toString();
    }
}
