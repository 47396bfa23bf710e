package io.forkscope.model.dag;

import io.forkscope.model.util.MadeAside;

/**
 * The assembler's output columns ({@link DagNodes.Builder}: some 60 bytes a node, 180 MB on 3 M nodes)
 * made on a thread of their own while the assembler orders the recorded nodes. A large array is zeroed
 * by the thread that makes it, and its pages are first touched there: on 3 M nodes that took the
 * assembling thread some 0.1-0.2 s, which the other core, then mostly idle, now does beside it. Below
 * {@link #MIN_NODES} nodes the columns are made where they are needed, as before (a thread costs more
 * than it saves there). Either way the builder is the same: the node columns sized for the nodes, the
 * edge columns for the edges kept, counted only once the nodes are ordered ({@link #builder}).
 */
final class BuilderAhead {
    /** From this many nodes on the columns are made ahead. */
    static final int MIN_NODES = 65_536;

    private final int capacity;
    /** The columns being made on their own thread, or null where they are made when asked for. */
    private final MadeAside<DagNodes.Builder> ahead;

    private BuilderAhead(int capacity, boolean ahead) {
        this.capacity = capacity;
        this.ahead = ahead ? MadeAside.start("forkscope-builder-ahead", "the DAG's columns",
                () -> DagNodes.Builder.withoutEdges(capacity)) : null;
    }

    /** @return the columns for {@code capacity} nodes, made ahead from {@link #MIN_NODES} nodes on */
    static BuilderAhead start(int capacity) {
        return new BuilderAhead(capacity, capacity >= MIN_NODES);
    }

    /** @return the columns for {@code capacity} nodes, made ahead when {@code ahead} (tests) */
    static BuilderAhead start(int capacity, boolean ahead) {
        return new BuilderAhead(capacity, ahead);
    }

    /**
     * @return the builder, as {@code new DagNodes.Builder(capacity, edgeCapacity)} makes it; what making
     *         it ahead threw, thrown here ({@link MadeAside#get})
     */
    DagNodes.Builder builder(int edgeCapacity) {
        if (ahead == null) {
            return new DagNodes.Builder(capacity, edgeCapacity);
        }
        return ahead.get().sizeEdges(edgeCapacity);
    }
}
