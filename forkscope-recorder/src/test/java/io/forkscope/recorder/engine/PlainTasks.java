package io.forkscope.recorder.engine;

/**
 * Test fixtures for engines run outside a pool: tasks that are never completers, and threads that
 * belong to no pool and are never ignored.
 */
public final class PlainTasks {
    private PlainTasks() {}

    /** Threads outside any pool, none ignored. */
    public static final ThreadClassifier PLAIN_THREAD = new ThreadClassifier() {
        @Override
        public boolean ignore(Thread thread) {
            return false;
        }

        @Override
        public int poolParallelism(Thread thread) {
            return 0;
        }
    };

    /** Plain tasks that the model always (or never) reports done. */
    public static TaskModel done(boolean done) {
        return done((TaskHandle t) -> done);
    }

    /** Plain tasks whose completion {@code isDone} tells. */
    public static TaskModel done(java.util.function.Predicate<TaskHandle> isDone) {
        return new TaskModel() {
            @Override
            public boolean isDone(TaskHandle task) {
                return isDone.test(task);
            }

            @Override
            public boolean isCompleter(TaskHandle task) {
                return false;
            }

            @Override
            public TaskHandle completerOf(TaskHandle task) {
                return null;
            }
        };
    }
}
