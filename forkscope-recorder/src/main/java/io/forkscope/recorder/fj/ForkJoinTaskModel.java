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

    /** A class and its answer, immutable: safely published through its final fields. */
    private record LastClass(Class<?> type, boolean unmodeled) {
    }

    /**
     * The last class asked about and its answer: a program forks tasks of one class or a few, so the
     * ClassValue's lookup (1% of a fine-grained run's time, asked at every create) is mostly skipped.
     * Shared by all threads without a lock: a stale or overwritten entry only costs a lookup.
     */
    private LastClass last = new LastClass(Void.class, false);

    @Override
    public boolean unmodeled(TaskHandle task) {
        Class<?> type = task.getClass();
        LastClass l = last;
        if (l.type() == type) {
            return l.unmodeled();
        }
        boolean unmodeled = UNMODELED.get(type);
        last = new LastClass(type, unmodeled);
        return unmodeled;
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
