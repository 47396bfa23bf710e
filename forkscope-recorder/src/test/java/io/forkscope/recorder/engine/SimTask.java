package io.forkscope.recorder.engine;

import java.util.function.Consumer;

/** A task of the simulated runtime: a body to run and the engine's node slot. */
final class SimTask implements TaskHandle {
    final Consumer<SimRuntime> body;
    final SimTask completer;
    final boolean countedCompleter;
    /** For counted completers: children still to complete (CountedCompleter's pending count). */
    int pending;
    boolean done;
    boolean started;
    /** Taken back by tryUnfork and computed directly: it ran, but the pool never marked it done. */
    boolean computedInline;
    private TaskNode node;

    SimTask(Consumer<SimRuntime> body) {
        this(body, null, false);
    }

    SimTask(Consumer<SimRuntime> body, SimTask completer, boolean countedCompleter) {
        this.body = body;
        this.completer = completer;
        this.countedCompleter = countedCompleter;
    }

    @Override
    public TaskNode getForkscopeNode() {
        return node;
    }

    @Override
    public void setForkscopeNode(TaskNode node) {
        this.node = node;
    }
}
