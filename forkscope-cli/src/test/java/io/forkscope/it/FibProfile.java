package io.forkscope.it;

import java.util.EnumMap;
import java.util.Map;

/**
 * The exact call-site profile of the bundled fib (samples {@code Fib}) in abstract units, from a
 * model of its invocation tree, independent of the recorder: FibTask(k) with k ≤ cutoff (or k &lt; 2)
 * is a leaf that calls serialFib(k) [SERIAL], then callCount(k) [CALLCOUNT] (which calls
 * iterativeFib [ITER]) and declares C(k) = 2·F(k+1) − 1 units in its own frame; above the cut-off it
 * forks FibTask(k-1) [FORK], calls FibTask(k-2).compute() [CALL] and joins, declaring nothing.
 * serialFib(k) calls serialFib(k-1) [REC1] and serialFib(k-2) [REC2] for k ≥ 2 and declares nothing.
 * Work W(k) = C(k) at a leaf, W(k-1) + W(k-2) above; span S(k) = C(k) at a leaf, max(S(k-1), S(k-2))
 * above, the critical path through the call on a tie (the waiter keeps its own path). Per site, on
 * work (every invocation) and on span (the invocations on that path), the rows {top-call-site,
 * top-caller, local} × {count, work, span} by the definitions: top-call-site: no enclosing invocation
 * of the same site; top-caller: no enclosing invocation made from a site in the same method; local:
 * own units (a leaf's C(k), on its span too).
 */
final class FibProfile {
    enum Site {
        FORK("Fib$FibTask", "compute", "fork", "FibTask.fork"),
        CALL("Fib$FibTask", "compute", "call", "FibTask.compute"),
        SERIAL("Fib$FibTask", "compute", "call", "Fib.serialFib"),
        CALLCOUNT("Fib$FibTask", "compute", "call", "Fib.callCount"),
        REC1("Fib", "serialFib", "call", "Fib.serialFib"),
        REC2("Fib", "serialFib", "call", "Fib.serialFib"),
        ITER("Fib", "callCount", "call", "Fib.iterativeFib");

        final String cls;
        final String method;
        final String kind;
        final String callee;

        Site(String cls, String method, String kind, String callee) {
            this.cls = "io.forkscope.samples." + cls;
            this.method = method;
            this.kind = kind;
            this.callee = callee;
        }

        /**
         * The site a JSON row describes, or null. serialFib's two recursive calls have the same
         * callee: REC1 (k-1) is the one with the smaller bytecode index ({@code lowerBci}).
         */
        static Site of(String cls, String method, String kind, String callee, boolean lowerBci) {
            for (Site s : values()) {
                if (s.cls.equals(cls) && s.method.equals(method) && s.kind.equals(kind) && s.callee.equals(callee)) {
                    return s == REC1 && !lowerBci ? REC2 : s;
                }
            }
            return null;
        }
    }

    private final int cutoff;
    private final Map<Site, long[][]> onWork = new EnumMap<>(Site.class);
    private final Map<Site, long[][]> onSpan = new EnumMap<>(Site.class);
    private final int[] siteDepth = new int[Site.values().length];
    private final Map<String, Integer> methodDepth = new java.util.HashMap<>();

    FibProfile(int n, int cutoff) {
        this.cutoff = cutoff;
        for (Site s : Site.values()) {
            onWork.put(s, new long[3][3]);
            onSpan.put(s, new long[3][3]);
        }
        task(n, null, true);
    }

    static long fib(int k) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < k; i++) {
            long t = a + b;
            a = b;
            b = t;
        }
        return a;
    }

    private boolean leaf(int k) {
        return k <= cutoff || k < 2;
    }

    /** C(k): the units a leaf declares (serialFib(k)'s invocations). */
    static long leafUnits(int k) {
        return 2 * fib(k + 1) - 1;
    }

    long work(int k) {
        return leaf(k) ? leafUnits(k) : work(k - 1) + work(k - 2);
    }

    long span(int k) {
        return leaf(k) ? leafUnits(k) : Math.max(span(k - 1), span(k - 2));
    }

    /** The rows of a site: {top-call-site, top-caller, local} × {count, work, span}. */
    long[][] rows(Site s, boolean onSpanProfile) {
        return (onSpanProfile ? onSpan : onWork).get(s);
    }

    private void invocation(Site s, long work, long span, long localWork, long localSpan, boolean onPath) {
        boolean[] top = {siteDepth[s.ordinal()] == 0, methodDepth.getOrDefault(s.method, 0) == 0, true};
        long[][] values = {{work, span}, {work, span}, {localWork, localSpan}};
        for (Map<Site, long[][]> profile : onPath ? java.util.List.of(onWork, onSpan) : java.util.List.of(onWork)) {
            long[][] rows = profile.get(s);
            for (int i = 0; i < 3; i++) {
                if (top[i]) {
                    rows[i][0]++;
                    rows[i][1] += values[i][0];
                    rows[i][2] += values[i][1];
                }
            }
        }
        siteDepth[s.ordinal()]++;
        methodDepth.merge(s.method, 1, Integer::sum);
    }

    private void done(Site s) {
        siteDepth[s.ordinal()]--;
        methodDepth.merge(s.method, -1, Integer::sum);
    }

    /** FibTask(k), invoked from {@code via} (null: the root, invoked by the pool, at no site). */
    private void task(int k, Site via, boolean onPath) {
        boolean leaf = leaf(k);
        if (via != null) {
            long own = leaf ? leafUnits(k) : 0;
            invocation(via, work(k), span(k), own, own, onPath);
        }
        if (leaf) {
            serialFib(k, Site.SERIAL, onPath);
            invocation(Site.CALLCOUNT, 0, 0, 0, 0, onPath);
            invocation(Site.ITER, 0, 0, 0, 0, onPath);
            done(Site.ITER);
            done(Site.CALLCOUNT);
        } else {
            boolean forkLonger = span(k - 1) > span(k - 2);
            task(k - 1, Site.FORK, onPath && forkLonger);
            task(k - 2, Site.CALL, onPath && !forkLonger);
        }
        if (via != null) {
            done(via);
        }
    }

    private void serialFib(int k, Site via, boolean onPath) {
        invocation(via, 0, 0, 0, 0, onPath);
        if (k >= 2) {
            serialFib(k - 1, Site.REC1, onPath);
            serialFib(k - 2, Site.REC2, onPath);
        }
        done(via);
    }
}
