package io.forkscope.recorder.engine;

import io.forkscope.recorder.engine.Program.Body;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline, brute-force answer: builds the full DAG of a {@link Program} (one node per strand,
 * edges create / continuation / join) and computes, over the whole graph, work, longest paths with
 * and without the burden on create edges, and what lies behind the program's last strand (its
 * ancestors: the work and counts a region around the program must report).
 */
final class DagOracle {
    private record Edge(int from, boolean create) {}

    private final long burden;
    private final List<Long> weight = new ArrayList<>();
    private final List<List<Edge>> preds = new ArrayList<>();
    private final List<Integer> forksAt = new ArrayList<>();
    private final List<Integer> joinsAt = new ArrayList<>();

    long work;
    long span;
    long burdenedSpan;
    long spawns;
    long syncs;
    // what the program's last strand depends on
    long pathSpan;
    long pathBurdenedSpan;
    long pathWork;
    long pathSpawns;
    long pathSyncs;

    DagOracle(Body root, long burden) {
        this.burden = burden;
        int last = run(root, List.of());
        solve(last);
    }

    private int node(List<Edge> in) {
        weight.add(0L);
        preds.add(in);
        forksAt.add(0);
        joinsAt.add(0);
        return weight.size() - 1;
    }

    /** Interprets a body depth-first (children at their fork), returning its last strand. */
    private int run(Body body, List<Edge> entry) {
        int cur = node(entry);
        Map<Integer, Integer> forkedLast = new HashMap<>();
        int forkIndex = 0;
        for (Program.Op op : body.ops()) {
            if (op instanceof Program.Work w) {
                weight.set(cur, weight.get(cur) + w.units());
            } else if (op instanceof Program.Fork f) {
                forksAt.set(cur, forksAt.get(cur) + 1);
                forkedLast.put(forkIndex++, run(f.child(), List.of(new Edge(cur, true))));
                cur = node(List.of(new Edge(cur, false)));
            } else if (op instanceof Program.Join j) {
                cur = node(List.of(new Edge(cur, false), new Edge(forkedLast.get(j.fork()), false)));
                joinsAt.set(cur, joinsAt.get(cur) + 1);
            } else if (op instanceof Program.Call c) {
                cur = node(List.of(new Edge(run(c.child(), List.of(new Edge(cur, false))), false)));
            } else if (op instanceof Program.InvokeAll all) {
                List<Body> children = all.children();
                forksAt.set(cur, forksAt.get(cur) + children.size() - 1);
                List<Edge> ends = new ArrayList<>();
                for (int i = 0; i < children.size(); i++) {
                    ends.add(new Edge(run(children.get(i), List.of(new Edge(cur, i > 0))), false));
                }
                cur = node(ends);
                joinsAt.set(cur, joinsAt.get(cur) + children.size() - 1);
            }
        }
        return cur;
    }

    private void solve(int last) {
        int n = weight.size();
        long[] dist = new long[n];
        long[] bdist = new long[n];
        BitSet[] ancestors = new BitSet[n];
        for (int v = 0; v < n; v++) {       // creation order is a topological order
            long d = 0;
            long bd = 0;
            BitSet anc = new BitSet();
            for (Edge e : preds.get(v)) {
                d = Math.max(d, dist[e.from()]);
                bd = Math.max(bd, bdist[e.from()] + (e.create() ? burden : 0));
                anc.or(ancestors[e.from()]);
            }
            anc.set(v);
            ancestors[v] = anc;
            dist[v] = d + weight.get(v);
            bdist[v] = bd + weight.get(v);
            work += weight.get(v);
            span = Math.max(span, dist[v]);
            burdenedSpan = Math.max(burdenedSpan, bdist[v]);
            spawns += forksAt.get(v);
            syncs += joinsAt.get(v);
        }
        pathSpan = dist[last];
        pathBurdenedSpan = bdist[last];
        ancestors[last].stream().forEach(v -> {
            pathWork += weight.get(v);
            pathSpawns += forksAt.get(v);
            pathSyncs += joinsAt.get(v);
        });
    }
}
