package io.forkscope.recorder.fj;

import io.forkscope.recorder.engine.TaskHandle;
import io.forkscope.recorder.engine.TaskModel;
import io.forkscope.recorder.engine.ThreadClassifier;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;

/** What the engine needs to know about ForkJoinTasks and the threads that run them. */
public final class ForkJoinTaskModel implements TaskModel, ThreadClassifier {
    /** Virtual threads' carriers run continuations as ForkJoinTasks: those are not the program's tasks. */
    private static final String CARRIER_THREAD = "jdk.internal.misc.CarrierThread";

    @Override
    public boolean isDone(TaskHandle task) {
        return ((ForkJoinTask<?>) task).isDone();
    }

    @Override
    public boolean isCompleter(TaskHandle task) {
        return task instanceof CountedCompleter;
    }

    @Override
    public int pendingCount(TaskHandle task) {
        return task instanceof CountedCompleter<?> c ? c.getPendingCount() : -1;
    }

    @Override
    public TaskHandle completerOf(TaskHandle task) {
        if (task instanceof CountedCompleter<?> c) {
            Object parent = c.getCompleter();
            return parent instanceof TaskHandle h ? h : null;
        }
        return null;
    }

    /** CompletableFuture's AsyncSupply, AsyncRun and Completion tasks: nested classes of CompletableFuture. */
    private static final ClassValue<Boolean> UNMODELED = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getName().startsWith("java.util.concurrent.CompletableFuture$");
        }
    };

    @Override
    public boolean unmodeled(TaskHandle task) {
        return UNMODELED.get(task.getClass());
    }

    @Override
    public boolean ignore(Thread thread) {
        return thread.getClass().getName().equals(CARRIER_THREAD);
    }

    @Override
    public int poolParallelism(Thread thread) {
        return thread instanceof ForkJoinWorkerThread w ? w.getPool().getParallelism() : 0;
    }

    @Override
    public Object pool(Thread thread) {
        return thread instanceof ForkJoinWorkerThread w ? w.getPool() : null;
    }

    @Override
    public boolean isCommonPool(Object pool) {
        return pool == java.util.concurrent.ForkJoinPool.commonPool();
    }
}
