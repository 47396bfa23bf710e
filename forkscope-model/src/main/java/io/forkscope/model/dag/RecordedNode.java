package io.forkscope.model.dag;

/**
 * A DAG node as the recorder writes it, before the reader orders and numbers the run's nodes:
 * ids are unique per recording ({@code thread index << 40 | sequence}) and edges name them.
 * Times are nanoseconds from the start of the recording. A collapsed node (a sub-DAG one worker
 * ran alone) carries its inner longest path, strand, create and wait counts, inner delay and the
 * number of task bodies that ended inside it; a strand has span = work, strands = 1, creates,
 * waits and inner delay 0, and taskEnds 1 when a task's body ends with it, else 0.
 *
 * @param taskEnds how many task bodies ended inside the node: for a strand 1 if a task's body (or
 *                 a thread's root, at the end of the run) ends with it, else 0 (a CountedCompleter
 *                 completion ends a node with {@link NodeEnd#END} but not its task's body); for a
 *                 collapsed node the sum over its inner strands
 * @param firstId  the id of the first strand a collapsed node holds ({@code id} for a strand): a
 *                 collapsed node stands for every id of its thread from {@code firstId} to
 *                 {@code id}, so an edge that names one of them (recorded before the collapse
 *                 was known) means the collapsed node
 * @param site     the call site ({@link io.forkscope.model.sites.CallSite#id}) of the innermost site
 *                 invocation its first strand ran in (a call, or a task forked at a site; a task
 *                 forked or run at no site counts as its creator's invocation), -1 outside any or
 *                 when the run recorded no call sites (and for recordings before format 1.6)
 * @param sitePath for the first node of a task (a collapsed node: of its first task), the call sites
 *                 ({@link io.forkscope.model.sites.CallSite#id}) of the calls open in the task that
 *                 created it, from that task's entry down to the create (or the inline run),
 *                 outermost first; empty otherwise, without call sites, and before format 1.7
 * @param notRunning the time its strands' thread was not running (preempted, descheduled, blocked,
 *                 stopped for GC) that the recorder took out of their work (measures.md §1); 0 for
 *                 abstract units and before format 1.9, where a strand's is end − start − work
 * @param recorderBefore forkscope's own time on the node's thread since the thread's previous node
 *                 ended (the rest of the recorder's hooks after their clock read: measures.md §6),
 *                 before this node started; for a collapsed node, before its first strand. Recorded
 *                 in DAG mode from format 1.10, else 0
 * @param recorderInside for a collapsed node, the same time between its inner strands; 0 for a strand
 */
public record RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                           EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay,
                           long taskEnds, long firstId, int site, java.util.List<Integer> sitePath, long notRunning,
                           long recorderBefore, long recorderInside) {
    /** A node without forkscope's own time (recorded before format 1.10). */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay,
                        long taskEnds, long firstId, int site, java.util.List<Integer> sitePath, long notRunning) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, span, strands, creates, waits, innerDelay, taskEnds,
                firstId, site, sitePath, notRunning, 0, 0);
    }

    /** A node without its not-running time (recorded before format 1.9, or in abstract units). */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay,
                        long taskEnds, long firstId, int site, java.util.List<Integer> sitePath) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, span, strands, creates, waits, innerDelay, taskEnds,
                firstId, site, sitePath, 0);
    }

    public RecordedNode {
        if (notRunning < 0) {
            throw new IllegalArgumentException("node " + id + " has a negative not-running time");
        }
        if (recorderBefore < 0 || recorderInside < 0) {
            throw new IllegalArgumentException("node " + id + " has a negative time of forkscope's own");
        }
        sitePath = java.util.List.copyOf(sitePath);
        for (int s : sitePath) {
            if (s < 0) {
                throw new IllegalArgumentException("node " + id + " has site " + s + " on its site path");
            }
        }
        if (site < -1) {
            throw new IllegalArgumentException("node " + id + " has site " + site);
        }
        if (inFrom.length != inKinds.length) {
            throw new IllegalArgumentException("edge sources and kinds differ in number");
        }
        if (firstId > id || (firstId >> 40) != (id >> 40)) {
            throw new IllegalArgumentException("node " + id + " cannot hold ids from " + firstId);
        }
    }

    /** A node without a site path. */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay,
                        long taskEnds, long firstId, int site) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, span, strands, creates, waits, innerDelay, taskEnds,
                firstId, site, java.util.List.of());
    }

    /** A node in no call site (site -1). */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay,
                        long taskEnds, long firstId) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, span, strands, creates, waits, innerDelay, taskEnds,
                firstId, -1);
    }

    /** A node that holds no ids but its own. */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay,
                        long taskEnds) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, span, strands, creates, waits, innerDelay, taskEnds,
                id);
    }

    /**
     * A node without its task-end count (recordings before format 1.2, and recorders that do not
     * count them): taskEnds is 1 if it ends with {@link NodeEnd#END} else 0, which undercounts a
     * collapsed node that holds several task ends.
     */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, span, strands, creates, waits, innerDelay,
                strandTaskEnds(ends));
    }

    /** A strand. */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, work, 1, 0, 0, 0);
    }

    /** @return the task ends of a single strand that ends with {@code ends}: 1 for END, else 0 */
    public static long strandTaskEnds(NodeEnd ends) {
        return ends == NodeEnd.END ? 1 : 0;
    }
}
