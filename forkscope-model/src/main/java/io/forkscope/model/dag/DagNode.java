package io.forkscope.model.dag;

import java.util.List;

/**
 * One node of a recorded parallel run: a strand, or a sub-DAG that one worker executed alone,
 * collapsed into one node (DAG Recorder). Times are nanoseconds from the start of the recording.
 *
 * @param id        its index in {@link Dag#nodes()}; predecessors have smaller ids
 * @param worker    the index of the worker (thread) that ran it
 * @param start     when it started running
 * @param end       when it finished
 * @param work      the time its strands ran (end − start for a plain strand)
 * @param span      the longest path inside it (its work for a plain strand)
 * @param ends      what ended its last strand
 * @param in        edges from its predecessors
 * @param strands   how many strands it stands for (1 unless collapsed)
 * @param creates   create edges inside it (0 unless collapsed)
 * @param waits     waits inside it (0 unless collapsed)
 * @param taskEnds  task bodies that ended inside it: for a plain strand 1 if {@code ends} is
 *                  {@link NodeEnd#END} else 0; for a collapsed node its inner strands that ended
 *                  with END (recordings before format 1.2 give a collapsed node 1)
 * @param innerDelay time its inner strands spent ready but not running (0 unless collapsed)
 * @param site      the call site of the innermost site invocation its first strand ran in (see
 *                  {@link RecordedNode#site}), -1 for none
 * @param sitePath  for a task's first node, the call sites open in its creator's task down to the
 *                  create, outermost first (see {@link RecordedNode#sitePath}); else empty
 * @param notRunning the time its thread was not running inside its strands, taken out of their work
 *                  (see {@link RecordedNode#notRunning}); at most end − start − work
 * @param recorderBefore forkscope's own time on its worker after the worker's previous node ended and
 *                  before this one started (see {@link RecordedNode#recorderBefore})
 * @param recorderInside for a collapsed node, forkscope's own time between its inner strands (the sum
 *                  of their {@code recorderBefore} but the first's); 0 for a strand
 */
public record DagNode(int id, int worker, long start, long end, long work, long span, NodeEnd ends, List<Edge> in,
                      long strands, long creates, long waits, long taskEnds, long innerDelay, int site,
                      List<Integer> sitePath, long notRunning, long recorderBefore, long recorderInside) {
    /** A node without forkscope's own time recorded (before format 1.10). */
    public DagNode(int id, int worker, long start, long end, long work, long span, NodeEnd ends, List<Edge> in,
                   long strands, long creates, long waits, long taskEnds, long innerDelay, int site,
                   List<Integer> sitePath, long notRunning) {
        this(id, worker, start, end, work, span, ends, in, strands, creates, waits, taskEnds, innerDelay, site, sitePath,
                notRunning, 0, 0);
    }

    /** A node without a recorded not-running time (0). */
    public DagNode(int id, int worker, long start, long end, long work, long span, NodeEnd ends, List<Edge> in,
                   long strands, long creates, long waits, long taskEnds, long innerDelay, int site,
                   List<Integer> sitePath) {
        this(id, worker, start, end, work, span, ends, in, strands, creates, waits, taskEnds, innerDelay, site, sitePath, 0);
    }

    /** A node without a site path. */
    public DagNode(int id, int worker, long start, long end, long work, long span, NodeEnd ends, List<Edge> in,
                   long strands, long creates, long waits, long taskEnds, long innerDelay, int site) {
        this(id, worker, start, end, work, span, ends, in, strands, creates, waits, taskEnds, innerDelay, site, List.of());
    }

    /** A node in no call site (site -1). */
    public DagNode(int id, int worker, long start, long end, long work, long span, NodeEnd ends, List<Edge> in,
                   long strands, long creates, long waits, long taskEnds, long innerDelay) {
        this(id, worker, start, end, work, span, ends, in, strands, creates, waits, taskEnds, innerDelay, -1);
    }

    public DagNode {
        in = List.copyOf(in);
        sitePath = List.copyOf(sitePath);
        if (end < start) {
            throw new IllegalArgumentException("node " + id + " ends before it starts");
        }
        if (notRunning < 0) {
            throw new IllegalArgumentException("node " + id + " has a negative not-running time");
        }
        if (recorderBefore < 0 || recorderInside < 0) {
            throw new IllegalArgumentException("node " + id + " has a negative time of forkscope's own");
        }
        if (taskEnds < 0) {
            throw new IllegalArgumentException("node " + id + " has a negative count of task ends");
        }
        for (Edge e : in) {
            if (e.from() >= id) {
                throw new IllegalArgumentException("node " + id + " has a predecessor " + e.from() + " that is not earlier");
            }
        }
    }

    /** A plain strand; it ends a task (taskEnds = 1) when {@code ends} is END. */
    public static DagNode strand(int id, int worker, long start, long end, NodeEnd ends, List<Edge> in) {
        return new DagNode(id, worker, start, end, end - start, end - start, ends, in, 1, 0, 0,
                RecordedNode.strandTaskEnds(ends), 0);
    }

    public boolean collapsed() {
        return strands > 1;
    }
}
