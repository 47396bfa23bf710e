package io.forkscope.recorder.sites;

import java.util.ArrayList;
import java.util.List;

/**
 * Cilkprof's profiles by brute force from a run's full DAG ({@link SiteRun}), from the definitions
 * alone and without the online machinery:
 *
 * <ul>
 *   <li>longest path: a DP over the nodes in creation order (a topological order); a node after a
 *       join takes the joined task's path only if it is strictly longer than the waiter's own
 *       (the tie rule both sides share, so that "the" critical path is one path);
 *   <li>an invocation's nodes: those whose invocation has it as an ancestor or is it; its work is
 *       their weight; its span the longest path from its first node to its last inside those
 *       nodes (every fork is joined by its forker before return, so the sub-DAG has one entry
 *       and one exit), by the same DP and tie rule; its local work the weight of the nodes it owns
 *       innermost, its local span the weight of those on its own longest path;
 *   <li>on span: the invocations with a node on the whole computation's critical path;
 *   <li>top-call-site: no strict ancestor invocation has the same site; top-caller: no strict
 *       ancestor invocation's site lies in the method that contains this one's site.
 * </ul>
 * Results are dense arrays in {@link SiteProf#FIELDS} layout, per site.
 */
final class SiteOracle {
    /** Per site: top-call-site count, work, span; top-caller count, work, span; local count, work, span. */
    static final int FIELDS = 9;

    final long work;
    final long span;
    final long[] onWork;
    final long[] onSpan;
    final long outsideWork;
    final long outsideSpanOnSpan;
    /** Joined tasks whose path the critical path takes (end edges on it). */
    final int endEdgesOnPath;
    /** Per region of the run (by its id): its profiles from the definitions, see {@link Region}. */
    final List<Region> regions = new ArrayList<>();

    /**
     * A region's profiles from the definitions: its nodes are those logically inside it (the
     * node's region or an enclosing one of it is this one: tasks take their fork point's region);
     * its invocations those whose first node is inside it (each with the same values and flags as
     * in the whole run); its work their weight; its span the longest path from its first node to
     * its last through its nodes (same DP and tie rule); on span, the region's invocations with a
     * node on that path; outside, its nodes (on that path) that belong to no invocation of it.
     */
    record Region(long work, long span, long[] onWork, long[] onSpan, long outsideWork, long outsideSpan) {
    }

    SiteOracle(SiteRun run) {
        int n = run.nodes();
        int invs = run.invSite.size();
        long[] dist = new long[n];
        int[] back = new int[n];
        longest(run, null, -1, dist, back);
        long w = 0;
        for (int i = 0; i < n; i++) {
            w += run.weight.get(i);
        }
        work = w;
        int sink = run.invLast.get(0);
        span = dist[sink];
        boolean[] critical = new boolean[n];
        int ends = 0;
        for (int v = sink; v >= 0; v = back[v]) {
            critical[v] = true;
            if (back[v] >= 0 && back[v] == run.pred1.get(v)) {
                ends++;
            }
        }
        endEdgesOnPath = ends;

        // Membership of every node in every invocation (the node's invocation and its ancestors).
        boolean[][] in = new boolean[invs][n];
        for (int v = 0; v < n; v++) {
            for (int i = run.nodeInv.get(v); i >= 0; i = run.invParent.get(i)) {
                in[i][v] = true;
            }
        }
        int sites = run.program.sites.size();
        onWork = new long[Math.max(1, sites) * FIELDS];
        onSpan = new long[Math.max(1, sites) * FIELDS];
        long ow = 0;
        long os = 0;
        for (int v = 0; v < n; v++) {
            if (run.nodeInv.get(v) == 0) {
                ow += run.weight.get(v);
                if (critical[v]) {
                    os += run.weight.get(v);
                }
            }
        }
        outsideWork = ow;
        outsideSpanOnSpan = os;

        long[][] values = new long[invs][];
        boolean[][] flags = new boolean[invs][];
        for (int i = 1; i < invs; i++) {
            int site = run.invSite.get(i);
            long iw = 0;
            long lw = 0;
            boolean onPath = false;
            for (int v = 0; v < n; v++) {
                if (in[i][v]) {
                    iw += run.weight.get(v);
                    onPath |= critical[v];
                    if (run.nodeInv.get(v) == i) {
                        lw += run.weight.get(v);
                    }
                }
            }
            long[] d = new long[n];
            int[] b = new int[n];
            longest(run, in[i], run.invFirst.get(i), d, b);
            int last = run.invLast.get(i);
            long isp = d[last];
            long ls = 0;
            for (int v = last; v >= 0; v = b[v]) {
                if (run.nodeInv.get(v) == i) {
                    ls += run.weight.get(v);
                }
            }
            int method = run.program.sites.get(site).method();
            boolean topCallSite = true;
            boolean topCaller = true;
            for (int a = run.invParent.get(i); a > 0; a = run.invParent.get(a)) {
                int as = run.invSite.get(a);
                topCallSite &= as != site;
                topCaller &= run.program.sites.get(as).method() != method;
            }
            values[i] = new long[] {iw, isp, lw, ls};
            flags[i] = new boolean[] {topCallSite, topCaller};
            add(onWork, site, topCallSite, topCaller, iw, isp, lw, ls);
            if (onPath) {
                add(onSpan, site, topCallSite, topCaller, iw, isp, lw, ls);
            }
        }
        regions(run, in, values, flags, sites);
    }

    private void regions(SiteRun run, boolean[][] in, long[][] values, boolean[][] flags, int sites) {
        int n = run.nodes();
        int invs = run.invSite.size();
        for (int r = 0; r < run.regionParent.size(); r++) {
            boolean[] inR = new boolean[n];
            long w = 0;
            for (int v = 0; v < n; v++) {
                for (int q = run.nodeRegion.get(v); q >= 0; q = run.regionParent.get(q)) {
                    if (q == r) {
                        inR[v] = true;
                        w += run.weight.get(v);
                        break;
                    }
                }
            }
            boolean[] ofRegion = new boolean[invs];
            for (int i = 1; i < invs; i++) {
                ofRegion[i] = inR[run.invFirst.get(i)];
            }
            long[] d = new long[n];
            int[] b = new int[n];
            longest(run, inR, run.regionFirst.get(r), d, b);
            int last = run.regionLast.get(r);
            boolean[] onPath = new boolean[n];
            long outsideSpan = 0;
            for (int v = last; v >= 0; v = b[v]) {
                onPath[v] = true;
                if (!ofRegion[run.nodeInv.get(v)]) {
                    outsideSpan += run.weight.get(v);
                }
            }
            long outsideWork = 0;
            for (int v = 0; v < n; v++) {
                if (inR[v] && !ofRegion[run.nodeInv.get(v)]) {
                    outsideWork += run.weight.get(v);
                }
            }
            long[] rw = new long[Math.max(1, sites) * FIELDS];
            long[] rs = new long[Math.max(1, sites) * FIELDS];
            for (int i = 1; i < invs; i++) {
                if (!ofRegion[i]) {
                    continue;
                }
                int site = run.invSite.get(i);
                long[] x = values[i];
                add(rw, site, flags[i][0], flags[i][1], x[0], x[1], x[2], x[3]);
                boolean crosses = false;
                for (int v = 0; v < n && !crosses; v++) {
                    crosses = in[i][v] && onPath[v];
                }
                if (crosses) {
                    add(rs, site, flags[i][0], flags[i][1], x[0], x[1], x[2], x[3]);
                }
            }
            regions.add(new Region(w, d[last], rw, rs, outsideWork, outsideSpan));
        }
    }

    /**
     * Longest paths ending at each node, over the nodes in {@code only} (all when null), starting
     * from {@code start} (any node without a predecessor when -1); {@code back} is the chosen
     * predecessor, -1 at a start.
     */
    private static void longest(SiteRun run, boolean[] only, int start, long[] dist, int[] back) {
        int n = run.nodes();
        for (int v = 0; v < n; v++) {
            back[v] = -1;
            if (only != null && !only[v]) {
                continue;
            }
            long best = 0;
            int from = -1;
            int p0 = run.pred0.get(v);
            int p1 = run.pred1.get(v);
            boolean isStart = v == start;
            if (!isStart && p0 >= 0 && (only == null || only[p0])) {
                best = dist[p0];
                from = p0;
            }
            if (!isStart && p1 >= 0 && (only == null || only[p1]) && (from < 0 || dist[p1] > best)) {
                best = dist[p1];
                from = p1;
            }
            dist[v] = best + run.weight.get(v);
            back[v] = from;
        }
    }

    private static void add(long[] a, int site, boolean tcs, boolean tc, long w, long s, long lw, long ls) {
        int b = site * FIELDS;
        if (tcs) {
            a[b]++;
            a[b + 1] += w;
            a[b + 2] += s;
        }
        if (tc) {
            a[b + 3]++;
            a[b + 4] += w;
            a[b + 5] += s;
        }
        a[b + 6]++;
        a[b + 7] += lw;
        a[b + 8] += ls;
    }

    static List<String> describe(long[] a) {
        List<String> out = new ArrayList<>();
        for (int s = 0; s * FIELDS < a.length; s++) {
            int b = s * FIELDS;
            out.add("site " + s + ": tcs(" + a[b] + "," + a[b + 1] + "," + a[b + 2] + ") tc(" + a[b + 3] + ","
                    + a[b + 4] + "," + a[b + 5] + ") local(" + a[b + 6] + "," + a[b + 7] + "," + a[b + 8] + ")");
        }
        return out;
    }
}
