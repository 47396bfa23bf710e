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

    /** A task's last strand and the forked tasks it left unjoined (what a quiescence wait joins). */
    private record Done(int last, List<Done> unjoined) {}

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
        int last = run(root, List.of()).last();
        solve(last);
    }

    private int node(List<Edge> in) {
        weight.add(0L);
        preds.add(in);
        forksAt.add(0);
        joinsAt.add(0);
        return weight.size() - 1;
    }

    /**
     * Interprets a body depth-first (children at their fork), returning its last strand and the
     * forks it leaves unjoined: its own, and those that the tasks it joined or called left.
     */
    private Done run(Body body, List<Edge> entry) {
        int cur = node(entry);
        Map<Integer, Done> forked = new HashMap<>();
        Map<Integer, Done> open = new java.util.LinkedHashMap<>();
        List<Done> inherited = new ArrayList<>();
        int forkIndex = 0;
        for (Program.Op op : body.ops()) {
            if (op instanceof Program.Work w) {
                weight.set(cur, weight.get(cur) + w.units());
            } else if (op instanceof Program.Fork f) {
                forksAt.set(cur, forksAt.get(cur) + 1);
                Done child = run(f.child(), List.of(new Edge(cur, true)));
                forked.put(forkIndex, child);
                open.put(forkIndex++, child);
                cur = node(List.of(new Edge(cur, false)));
            } else if (op instanceof Program.Join || op instanceof Program.UnforkOrJoin) {
                int k = op instanceof Program.Join j ? j.fork() : ((Program.UnforkOrJoin) op).fork();
                Done child = forked.get(k);
                open.remove(k);
                inherited.addAll(child.unjoined());
                cur = node(List.of(new Edge(cur, false), new Edge(child.last(), false)));
                joinsAt.set(cur, joinsAt.get(cur) + 1);
            } else if (op instanceof Program.Call c) {
                Done child = run(c.child(), List.of(new Edge(cur, false)));
                inherited.addAll(child.unjoined());
                cur = node(List.of(new Edge(child.last(), false)));
            } else if (op instanceof Program.InvokeAll all) {
                List<Body> children = all.children();
                forksAt.set(cur, forksAt.get(cur) + children.size() - 1);
                List<Edge> ends = new ArrayList<>();
                for (int i = 0; i < children.size(); i++) {
                    Done child = run(children.get(i), List.of(new Edge(cur, i > 0)));
                    inherited.addAll(child.unjoined());
                    ends.add(new Edge(child.last(), false));
                }
                cur = node(ends);
                joinsAt.set(cur, joinsAt.get(cur) + children.size() - 1);
            } else if (op instanceof Program.HelpQuiesce) {
                // a join edge from every task in the unjoined closure, each counted as one sync
                List<Edge> in = new ArrayList<>(List.of(new Edge(cur, false)));
                java.util.ArrayDeque<Done> todo = new java.util.ArrayDeque<>(open.values());
                todo.addAll(inherited);
                int joined = 0;
                for (Done d; (d = todo.poll()) != null; ) {
                    in.add(new Edge(d.last(), false));
                    joined++;
                    todo.addAll(d.unjoined());
                }
                open.clear();
                inherited.clear();
                cur = node(in);
                joinsAt.set(cur, joinsAt.get(cur) + joined);
            }
        }
        List<Done> unjoined = new ArrayList<>(open.values());
        unjoined.addAll(inherited);
        return new Done(cur, unjoined);
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
