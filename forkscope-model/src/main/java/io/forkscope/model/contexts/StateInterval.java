package io.forkscope.model.contexts;

/**
 * One interval [startNs, endNs) of a worker's state. {@code context}: the context-tree node of the
 * task being run (WORKING) or served (RUNTIME); -1 for IDLE.
 */
public record StateInterval(long startNs, long endNs, WorkerState state, int context) {
    public StateInterval {
        if (endNs <= startNs) {
            throw new IllegalArgumentException("empty or reversed interval [" + startNs + ", " + endNs + ")");
        }
        if ((state == WorkerState.IDLE) != (context < 0)) {
            throw new IllegalArgumentException(state + " interval with context " + context + ": IDLE has none, the others one");
        }
    }

    public static StateInterval working(long start, long end, int context) {
        return new StateInterval(start, end, WorkerState.WORKING, context);
    }

    public static StateInterval runtime(long start, long end, int context) {
        return new StateInterval(start, end, WorkerState.RUNTIME, context);
    }

    public static StateInterval idle(long start, long end) {
        return new StateInterval(start, end, WorkerState.IDLE, -1);
    }

    public long length() {
        return endNs - startNs;
    }
}
