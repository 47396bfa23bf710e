package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.DagNode;
import io.forkscope.model.dag.Edge;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.sites.CallSite;
import io.forkscope.model.sites.RecordedSites;
import io.forkscope.model.sites.SiteKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The logical context of every task of a DAG recorded with call sites ({@code --mode dag --sites}):
 * the place each of its ancestors was forked, outermost first (issue 12 §3, HPCToolkit's logical
 * calling context with fork sites in place of Cilk's cactus stack).
 *
 * <p>Definitions. A node's <em>task context</em> is that of the task it belongs to. A node with a
 * CREATE edge starts a task: its context is the context of the node that forked it, followed by one
 * frame for the site the new task is an invocation of (the DAG node's {@link DagNode#site}: the
 * innermost site invocation its first strand ran in). That frame is added when the site is a FORK
 * site (every fork, recursion included), or when it is another site (a stream's terminal
 * operation, {@code invokeAll}, a lambda) different from the last site already in the context: a
 * task that library code forked runs in the invocation that forked it, so its nested forks add
 * nothing. A node without a CREATE edge continues the task of its CREATE_CONT or WAIT_CONT
 * predecessor; a node with neither (the first one) is in the root context. Contexts are interned
 * in the given {@link ContextTree}, so a context is one node id and equal paths are one node.
 *
 * <p>Limits. A collapsed node (a sub-DAG one worker ran alone) has its root task's context: the
 * forks inside it are not in the DAG, so their frames are not either ({@code --no-collapse} keeps
 * every one). A task forked at a place that is not a woven site gets no frame of its own.
 *
 * <p>Cost: O(nodes + edges) to build, O(log nodes) per {@link #contextAt} or {@link #nextChange} lookup.
 */
public final class ForkContexts {
    private final int[] contextOfNode;
    /** Per worker: its nodes' ids sorted by start, and their starts. */
    private final int[][] nodesByWorker;
    private final long[][] startsByWorker;
    /** Per worker: the starts at which its task context changes (from the root before its first node). */
    private final long[][] changesByWorker;
    private final Dag dag;

    private ForkContexts(Dag dag, int[] contextOfNode) {
        this.dag = dag;
        this.contextOfNode = contextOfNode;
        int workers = 0;
        for (DagNode n : dag.nodes()) {
            workers = Math.max(workers, n.worker() + 1);
        }
        List<List<DagNode>> per = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            per.add(new ArrayList<>());
        }
        dag.nodes().forEach(n -> per.get(n.worker()).add(n));
        nodesByWorker = new int[workers][];
        startsByWorker = new long[workers][];
        changesByWorker = new long[workers][];
        for (int w = 0; w < workers; w++) {
            List<DagNode> list = per.get(w);
            list.sort((a, b) -> a.start() != b.start() ? Long.compare(a.start(), b.start()) : Integer.compare(a.id(), b.id()));
            nodesByWorker[w] = list.stream().mapToInt(DagNode::id).toArray();
            startsByWorker[w] = list.stream().mapToLong(DagNode::start).toArray();
            changesByWorker[w] = changes(nodesByWorker[w], startsByWorker[w], contextOfNode);
        }
    }

    /** The starts where the context in effect (that of the last of equal starts) differs from the one before. */
    private static long[] changes(int[] nodes, long[] starts, int[] contextOfNode) {
        long[] out = new long[starts.length];
        int n = 0;
        int current = ContextTree.ROOT;
        for (int i = 0; i < starts.length; i++) {
            if (i + 1 < starts.length && starts[i + 1] == starts[i]) {
                continue;                     // only the last of equal starts takes effect
            }
            int c = contextOfNode[nodes[i]];
            if (c != current) {
                out[n++] = starts[i];
                current = c;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * @param lines one frame per fork site's line (else per method, as the samples' frames)
     * @return every node's task context, interned in {@code tree}
     */
    public static ForkContexts of(Dag dag, RecordedSites sites, ContextTree tree, boolean lines) {
        List<DagNode> nodes = dag.nodes();
        int[] context = new int[nodes.size()];
        List<Integer> lastSiteOfContext = new ArrayList<>(); // by context node id; -1: none
        for (DagNode n : nodes) {
            Edge create = null;
            Edge same = null;
            for (Edge e : n.in()) {
                if (e.kind() == EdgeKind.CREATE) {
                    create = e;
                } else if (e.kind() == EdgeKind.CREATE_CONT || e.kind() == EdgeKind.WAIT_CONT) {
                    same = e;
                }
            }
            if (create == null) {
                context[n.id()] = same == null ? ContextTree.ROOT : context[same.from()];
                continue;
            }
            int parent = context[create.from()];
            CallSite site = n.site() >= 0 && n.site() < sites.sites().size() ? sites.site(n.site()) : null;
            if (site == null || (site.kind() != SiteKind.FORK && lastSite(lastSiteOfContext, parent) == site.id())) {
                context[n.id()] = parent;
                continue;
            }
            Frame f = Frame.of(site.className(), site.methodName(), lines ? site.line() : -1, -1);
            int child = tree.child(parent, f);
            while (lastSiteOfContext.size() <= child) {
                lastSiteOfContext.add(-1);
            }
            lastSiteOfContext.set(child, site.id());
            context[n.id()] = child;
        }
        return new ForkContexts(dag, context);
    }

    private static int lastSite(List<Integer> lastSiteOfContext, int node) {
        return node < lastSiteOfContext.size() ? lastSiteOfContext.get(node) : -1;
    }

    /** @return the task context of node {@code id} */
    public int contextOfNode(int id) {
        return contextOfNode[id];
    }

    /**
     * @return the task context of what worker {@code worker} ran at time {@code t}: the node running
     *     then or, between nodes (the runtime's time: joining, helping, pushing), the last node it
     *     started before; the root when it had started none
     */
    public int contextAt(int worker, long t) {
        if (worker < 0 || worker >= nodesByWorker.length) {
            return ContextTree.ROOT;
        }
        long[] starts = startsByWorker[worker];
        int i = Arrays.binarySearch(starts, t);
        if (i < 0) {
            i = -i - 2;                       // the last start before t
        } else {
            while (i + 1 < starts.length && starts[i + 1] == t) {
                i++;                          // the last of equal starts
            }
        }
        return i < 0 ? ContextTree.ROOT : contextOfNode[nodesByWorker[worker][i]];
    }

    /**
     * @return the first time after {@code t} at which {@link #contextAt}{@code (worker, ·)} changes,
     *     or {@link Long#MAX_VALUE} when it never does again
     */
    public long nextChange(int worker, long t) {
        if (worker < 0 || worker >= changesByWorker.length) {
            return Long.MAX_VALUE;
        }
        long[] changes = changesByWorker[worker];
        int i = Arrays.binarySearch(changes, t);
        i = i < 0 ? -i - 1 : i + 1;          // the first change strictly after t
        return i < changes.length ? changes[i] : Long.MAX_VALUE;
    }

    /** @return the DAG these contexts are of */
    public Dag dag() {
        return dag;
    }
}
