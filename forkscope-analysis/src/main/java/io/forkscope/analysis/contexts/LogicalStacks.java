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

    /** The logical context node of a stack whose innermost task has context {@code taskContext}. */
    public static int contextOf(ContextTree tree, int taskContext, List<Frame> stackTopFirst) {
        return tree.descend(taskContext, taskFrames(stackTopFirst));
    }

    /**
     * A sample resolved: its node and the kind of its top frame (RUNTIME when the stack is empty or
     * entirely the pool's, e.g. a sample in the scheduler below the task).
     */
    public static Sample resolve(ContextTree tree, int taskContext, StackSample sample) {
        List<Frame> own = taskFrames(sample.stackTopFirst());
        int node = tree.descend(taskContext, own);
        FrameKind top = own.isEmpty() ? FrameKind.RUNTIME : own.get(own.size() - 1).kind();
        return new Sample(sample.threadId(), sample.timeNs(), node, top);
    }
}
