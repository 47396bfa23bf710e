package io.forkscope.analysis.contexts;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.StackSample;

import java.util.ArrayList;
import java.util.List;

/**
 * A physical stack to a logical context (issue 12 §3). Every way a task's code runs, on JDK 17 and
 * JDK 25 alike, goes through {@code java.util.concurrent.ForkJoinTask.doExec}: a worker's run loop
 * ({@code ForkJoinWorkerThread.run → ForkJoinPool.runWorker → scan → WorkQueue.topLevelExec →
 * doExec}), a joiner that helps ({@code join → awaitDone → helpJoin / tryRemoveAndExec /
 * helpComplete → doExec}), {@code invoke}/{@code invokeAll} running a task in the caller's thread
 * ({@code invoke → doExec}), and an external thread that helps. So the innermost (topmost) doExec
 * frame marks where the innermost task's own frames begin: the frames above it, less the pool's
 * adapter frames just above it ({@code RecursiveTask.exec}, {@code AdaptedRunnable.exec}, ...), are
 * the task's, and they hang below the task's logical context (given: built from fork sites
 * elsewhere). A helping joiner's stack thus gets the joined (innermost) task's context, not the
 * joiner's. A stack without doExec (a thread outside any task, or a stack truncated below the cut)
 * hangs whole, outermost frame first, below the given context.
 */
public final class LogicalStacks {
    static final String TASK = "java.util.concurrent.ForkJoinTask";
    static final String DO_EXEC = "doExec";

    private LogicalStacks() {
    }

    /** The task's own frames, outermost first (the part of the stack above the innermost doExec). */
    public static List<Frame> taskFrames(List<Frame> stackTopFirst) {
        int cut = stackTopFirst.size();
        for (int i = 0; i < stackTopFirst.size(); i++) {
            Frame f = stackTopFirst.get(i);
            if (f.methodName().equals(DO_EXEC) && f.className().equals(TASK)) {
                cut = i;
                break;
            }
        }
        int end = cut; // exclusive, in top-first order
        while (end > 0 && cut < stackTopFirst.size() && stackTopFirst.get(end - 1).kind() == FrameKind.RUNTIME) {
            end--; // exec adapters directly above doExec
        }
        List<Frame> outermostFirst = new ArrayList<>(end);
        for (int i = end - 1; i >= 0; i--) {
            outermostFirst.add(stackTopFirst.get(i));
        }
        return outermostFirst;
    }

    /**
     * The frames of the task held at {@code depth} on the sampled thread (1: the task at the bottom of
     * its stack) and of every task nested in it, outermost first: for a sample inside a collapsed DAG
     * node, whose inner tasks (run by the same worker, each inside its parent's join) have no context
     * of their own. The stack is cut at the depth-th {@code doExec} counted from the bottom; between
     * that cut and the innermost {@code doExec} only the program's frames stay (the tasks' own methods:
     * {@code join}, {@code awaitDone}, {@code doExec} and the adapters between them are the nesting,
     * not code), so a chain of tasks reads as its methods, as fork-site contexts read for tasks that
     * are DAG nodes. Above the innermost {@code doExec}, as {@link #taskFrames(List)}. A depth below 1
     * or beyond the stack's {@code doExec} frames: {@link #taskFrames(List)}.
     */
    public static List<Frame> taskFrames(List<Frame> stackTopFirst, int depth) {
        List<Integer> doExecs = new ArrayList<>();           // top first: innermost first
        for (int i = 0; i < stackTopFirst.size(); i++) {
            Frame f = stackTopFirst.get(i);
            if (f.methodName().equals(DO_EXEC) && f.className().equals(TASK)) {
                doExecs.add(i);
            }
        }
        if (depth < 1 || depth >= doExecs.size()) {
            return taskFrames(stackTopFirst);                 // the innermost task is the one held
        }
        int cut = doExecs.get(doExecs.size() - depth);
        int innermost = doExecs.get(0);
        List<Frame> out = new ArrayList<>();
        for (int i = cut - 1; i >= innermost; i--) {
            if (stackTopFirst.get(i).kind() == FrameKind.PROGRAM) {
                out.add(stackTopFirst.get(i));
            }
        }
        out.addAll(taskFrames(stackTopFirst));
        return out;
    }

    /** @return how many {@code ForkJoinTask.doExec} frames the stack holds: how many tasks run nested on it */
    public static int doExecs(List<Frame> stackTopFirst) {
        int n = 0;
        for (Frame f : stackTopFirst) {
            if (f.methodName().equals(DO_EXEC) && f.className().equals(TASK)) {
                n++;
            }
        }
        return n;
    }

    /** The logical context node of a stack whose innermost task has context {@code taskContext}. */
    public static int contextOf(ContextTree tree, int taskContext, List<Frame> stackTopFirst) {
        return tree.descend(taskContext, taskFrames(stackTopFirst));
    }

    /**
     * A sample resolved: its node and the kind of its top frame (RUNTIME when the stack is empty or
     * entirely the pool's, e.g. a sample in the scheduler below the task).
     */
    public static Sample resolve(ContextTree tree, int taskContext, StackSample sample) {
        return resolve(tree, taskContext, sample, 0);
    }

    /**
     * As {@link #resolve(ContextTree, int, StackSample)}, {@code taskContext} being the context of the
     * task held at {@code depth} (see {@link #taskFrames(List, int)}; 0: the innermost task).
     */
    public static Sample resolve(ContextTree tree, int taskContext, StackSample sample, int depth) {
        List<Frame> own = taskFrames(sample.stackTopFirst(), depth);
        int node = tree.descend(taskContext, own);
        FrameKind top = own.isEmpty() ? FrameKind.RUNTIME : own.get(own.size() - 1).kind();
        return new Sample(sample.threadId(), sample.timeNs(), node, top);
    }
}
