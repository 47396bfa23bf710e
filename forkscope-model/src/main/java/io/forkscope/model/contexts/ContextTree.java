package io.forkscope.model.contexts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A logical calling context tree with interned nodes: a node is (parent, frame), the node for a
 * given (parent, frame) is created once and then found again, ids are dense (0..size-1) and a
 * child's id is always greater than its parent's (so a pass over ids in decreasing order visits
 * every node before its parent). Node {@link #ROOT} has no frame: the context outside any task.
 * Not thread-safe: built by one thread (the analysis), then read.
 */
public final class ContextTree {
    public static final int ROOT = 0;

    private record Key(int parent, Frame frame) { }

    private final List<Frame> frames = new ArrayList<>();
    private final List<Integer> parents = new ArrayList<>();
    private final List<Integer> depths = new ArrayList<>();
    private final List<List<Integer>> children = new ArrayList<>();
    private final Map<Key, Integer> index = new HashMap<>();

    public ContextTree() {
        frames.add(null);
        parents.add(-1);
        depths.add(0);
        children.add(new ArrayList<>());
    }

    /** The node (parent, frame), created on first use. */
    public int child(int parent, Frame frame) {
        checkNode(parent);
        Key key = new Key(parent, frame);
        Integer id = index.get(key);
        if (id != null) {
            return id;
        }
        int created = frames.size();
        frames.add(frame);
        parents.add(parent);
        depths.add(depths.get(parent) + 1);
        children.add(new ArrayList<>());
        children.get(parent).add(created);
        index.put(key, created);
        return created;
    }

    /** The node reached from {@code start} by the frames of {@code path}, outermost first. */
    public int descend(int start, List<Frame> pathOutermostFirst) {
        int node = start;
        for (Frame frame : pathOutermostFirst) {
            node = child(node, frame);
        }
        return node;
    }

    /** The node for (parent, frame) if it exists, else -1. */
    public int find(int parent, Frame frame) {
        Integer id = index.get(new Key(parent, frame));
        return id == null ? -1 : id;
    }

    public int size() {
        return frames.size();
    }

    /** The node's frame; {@code null} for the root. */
    public Frame frame(int node) {
        return frames.get(node);
    }

    /** The parent's id; -1 for the root. */
    public int parent(int node) {
        return parents.get(node);
    }

    public int depth(int node) {
        return depths.get(node);
    }

    /** Children in creation order. */
    public List<Integer> children(int node) {
        return List.copyOf(children.get(node));
    }

    /** The frames from the root's child down to {@code node} (empty for the root). */
    public List<Frame> path(int node) {
        Frame[] path = new Frame[depths.get(node)];
        for (int n = node; n != ROOT; n = parents.get(n)) {
            path[depths.get(n) - 1] = frames.get(n);
        }
        return List.of(path);
    }

    private void checkNode(int node) {
        if (node < 0 || node >= frames.size()) {
            throw new IllegalArgumentException("no context node " + node + " (size " + frames.size() + ")");
        }
    }
}
