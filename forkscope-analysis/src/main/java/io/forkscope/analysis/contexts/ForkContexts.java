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
 * CREATE edge starts a task (forked, or run inline: {@code invoke()} of an unforked task,
 * {@code invokeAll}'s first task): its context is the creator's whole logical context at the create,
 * i.e. the context of the node that created it, then one frame per call open in the creator's task
 * at the create, from the task's entry down (the node's {@link DagNode#sitePath}: the recorder's
 * woven call sites, each frame the method holding the call; a LAMBDA site adds none, its body's
 * method being the next site's), then one frame for the site the new task is an invocation of (the
 * DAG node's {@link DagNode#site}: the innermost site invocation its first strand ran in). So a task
 * forked inside {@code b.compute()} called directly from {@code Root.compute} hangs below
 * {@code Root.compute;Tree.compute}, as its physical stack would. The site's frame is added when the site is a FORK
 * site (every fork, recursion included), or when it is another site (a stream's terminal
 * operation, {@code invokeAll}, a lambda) different from the last site already in the context: a
 * task that library code forked runs in the invocation that forked it, so its nested forks add
 * nothing. A node without a CREATE edge continues the task of its CREATE_CONT or WAIT_CONT
 * predecessor; a node with neither (the first one) is in the root context. A task submitted from
 * outside the pools ({@link SubmitterStacks}: the recorder's event at each submission from a thread's
 * root frame) starts below the submitting thread's stack at that moment instead of the root: pushed
 * to a pool, below the stack (which holds the calls the site path names) and then its site's frame
 * unless the stack already ends in that method;
 * run by the submitting thread itself ({@code task.invoke()}, a parallel stream's root task), below
 * the stack alone. Contexts are interned
 * in the given {@link ContextTree}, so a context is one node id and equal paths are one node.
 *
 * <p>Limits. A collapsed node (a sub-DAG one worker ran alone) has its root task's context: the
 * forks inside it are not in the DAG, so their frames are not either ({@code --no-collapse} keeps
 * every one; {@link SampledContexts} takes the nested tasks' methods from the worker's stack instead,
 * see {@link LogicalStacks#taskFrames(List, int)}). A task forked at a place that is not a woven site
 * gets no frame of its own; a method between the creator's entry and the create whose call is not a
 * site (a JDK or excluded class, a method reference) or was throttled is missing from the context.
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
        return of(dag, sites, tree, lines, SubmitterStacks.none());
    }

    /**
     * @param submitters the stacks of the threads that submitted tasks from outside the pools: a task
     *                   whose creator (or first node, when the submitting thread runs it) is named there
     *                   and would be in the root context hangs below that stack instead
     * @return every node's task context, interned in {@code tree}
     */
    public static ForkContexts of(Dag dag, RecordedSites sites, ContextTree tree, boolean lines,
                                  SubmitterStacks submitters) {
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
            int base = create != null ? context[create.from()] : same != null ? context[same.from()] : ContextTree.ROOT;
            List<Frame> ranFrom = base == ContextTree.ROOT ? submitters.runFrom(n.worker(), n.start()) : null;
            if (ranFrom != null) {
                // run by the thread that submitted it, from outside any task: below that thread's stack
                context[n.id()] = path(tree, ranFrom, lines);
                continue;
            }
            if (create == null) {
                context[n.id()] = base;
                continue;
            }
            int parent = base;
            List<Frame> submitter = null;
            if (parent == ContextTree.ROOT) {
                DagNode creator = nodes.get(create.from());
                submitter = submitters.createdBy(creator.worker(), creator.end());
                if (submitter != null) {
                    parent = path(tree, submitter, lines);    // pushed to a pool from outside: its submitter's stack
                }
            }
            if (submitter == null) {
                // the frames between the creator's entry and the fork or inline run: one per call open
                // in the creator's task then (the node's site path), so the context is the creator's
                // whole logical context at the create, not its task context plus the fork's method
                for (int s : n.sitePath()) {
                    CallSite call = s < sites.sites().size() ? sites.site(s) : null;
                    if (call == null || call.kind() == SiteKind.LAMBDA) {
                        continue;   // a lambda body's method comes from the next site in it (or the fork's)
                    }
                    parent = siteFrame(tree, parent, call, lines, lastSiteOfContext);
                }
            }
            CallSite site = n.site() >= 0 && n.site() < sites.sites().size() ? sites.site(n.site()) : null;
            if (site == null || (site.kind() != SiteKind.FORK && lastSite(lastSiteOfContext, parent) == site.id())
                    || (submitter != null && !submitter.isEmpty() && sameMethod(submitter.get(submitter.size() - 1), site))) {
                context[n.id()] = parent;
                continue;
            }
            context[n.id()] = siteFrame(tree, parent, site, lines, lastSiteOfContext);
        }
        return new ForkContexts(dag, context);
    }

    /** The child of {@code parent} for the method (or line) that holds {@code site}, remembered as its last site. */
    private static int siteFrame(ContextTree tree, int parent, CallSite site, boolean lines,
                                 List<Integer> lastSiteOfContext) {
        Frame f = Frame.of(site.className(), site.methodName(), lines ? site.line() : -1, -1);
        int child = tree.child(parent, f);
        while (lastSiteOfContext.size() <= child) {
            lastSiteOfContext.add(-1);
        }
        lastSiteOfContext.set(child, site.id());
        return child;
    }

    /** @return the node of {@code frames} (outermost first) below the root, one per method or per line */
    private static int path(ContextTree tree, List<Frame> frames, boolean lines) {
        int at = ContextTree.ROOT;
        for (Frame f : frames) {
            at = tree.child(at, SampledContexts.key(f, lines));
        }
        return at;
    }

    /** Whether a submitter's innermost frame is the method of the site (already the last frame). */
    private static boolean sameMethod(Frame f, CallSite site) {
        return f.className().equals(site.className()) && f.methodName().equals(site.methodName());
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
