package io.forkscope.recorder.engine;

/**
 * A {@link TaskNode} with the fields that only DAG recording and the body-return dating
 * ({@link SpanEngine#needsBodyReturns}) use: every node is one in those modes (a CountedCompleter's
 * always, {@link CompleterNode} extends it), none is in bytecodes without a DAG and without
 * count.jdk, where a plain TaskNode is less than two thirds the size. Code that reads these fields
 * runs in those modes only (under {@code dag != null}, or after an {@code instanceof} test).
 */
class FullNode extends TaskNode {
    /**
     * When the task's exec() last returned inside doExec (SpanEngine.execReturned), Long.MIN_VALUE
     * before that: its body's end, before the runtime marks it done. Written and read by the thread
     * that runs it.
     */
    long bodyReturnedNs = Long.MIN_VALUE;

    /**
     * Unit bytecodes: the thread's instruction count when exec() last returned (read with
     * {@link #bodyReturnedNs}, valid while that is): the task's last strand ends there, so that what the
     * runtime then runs (marking the task done, waking joiners, as often as the schedule makes it) is
     * no strand's even when the JDK's own classes are counted.
     */
    long bodyReturnedCount;

    /** DAG recording: the node whose strand forked this task, or -1, and its end. Written before the push. */
    long createdFrom = -1;
    long createdFromEnd = Long.MIN_VALUE;
    /**
     * DAG recording: the task's last node (its end) and when it ended, written before {@link #state}
     * becomes ENDED; for a CountedCompleter the latest completion that reached it (under the node's lock).
     */
    long lastNode = -1;
    long lastNodeEnd = Long.MIN_VALUE;
    /** DAG collapsing: the task node of the frame that forked this one. */
    TaskNode creator;
    /** DAG collapsing: the thread whose batch holds this task's collapsed node, or -1. */
    int collapsedOn = -1;
    /** DAG collapsing: the index of the thread that created it (fork or submit), or -1. */
    int createdOn = -1;
    /** DAG collapsing: whether the thread that created it has counted a join of it (once). */
    boolean ownJoinCounted;
    /** DAG collapsing: whether its creator's frame has counted its join (once). */
    boolean joinCounted;
    /**
     * DAG collapsing of completer subtrees: the innermost CountedCompleter whose subtree this task
     * belongs to (a completer's completer; for other tasks their creator's), or null. Written
     * before the task is published.
     */
    CompleterNode scopeParent;


    FullNode(byte kind, boolean completer, long startSpan, long startBspan) {
        super(kind, completer, startSpan, startBspan);
    }

    FullNode(byte kind, long startSpan, long startBspan) {
        super(kind, false, startSpan, startBspan);
    }
}
