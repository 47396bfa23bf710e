package io.forkscope.recorder.sites.weave;

import io.forkscope.model.sites.SiteKind;
import java.util.ArrayList;
import java.util.List;

/**
 * What the weaver found in one method in its first pass (instructions are numbered in the order
 * ASM visits them, from 0) and, once registered, the ids it weaves in.
 */
final class MethodPlan {
    /** An invoke instruction that is a site: its number, source line (-1: none), kind and callee. */
    record Site(int insn, int line, SiteKind kind, String callee) {
    }

    /** Where a lambda body is created: the invokedynamic's method, its instruction number and line. */
    record Origin(String method, String descriptor, int insn, int line) {
    }

    final String name;
    final String descriptor;
    /** A synthetic lambda$...$N body: its entry is a LAMBDA site too. */
    final boolean lambda;
    final List<Site> sites = new ArrayList<>();
    int maxLocals;
    int instructions;
    int firstLine = -1;
    int returns;
    /** Left as it is (code too large, or the passes could not be matched to the class file). */
    boolean skipped;

    // filled when the plan is registered
    int methodId;
    int[] siteIds;
    int lambdaSite = -1;
    int lambdaMethod = -1;

    MethodPlan(String name, String descriptor, boolean lambda) {
        this.name = name;
        this.descriptor = descriptor;
        this.lambda = lambda;
    }

    boolean hasWork() {
        return !skipped && (lambda || !sites.isEmpty());
    }

    /** The local that carries a call site's token from siteEnter to siteExit (the original max_locals, or one above a lambda's token). */
    int callToken() {
        return lambda ? maxLocals + 1 : maxLocals;
    }

    /** The local that carries a lambda body's token from its entry to its returns. */
    int lambdaToken() {
        return maxLocals;
    }

    /** The most code bytes weaving can add: 20 per call site, 9 per fork, 13 at a lambda's entry and 7 per return. */
    int growthBound() {
        int g = 0;
        for (Site s : sites) {
            g += s.kind() == SiteKind.FORK ? 9 : 20;
        }
        return lambda ? g + 13 + 7 * returns : g;
    }
}
