package io.forkscope.model.dag;

/** An edge into a node: from node {@code from}, of a kind. */
public record Edge(int from, EdgeKind kind) {}
