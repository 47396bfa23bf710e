package io.forkscope.model.dag;

import java.util.Arrays;

/**
 * What a node adds to a plain strand, kept for the few nodes that differ from one (collapsed nodes,
 * mostly) by the columnar node lists ({@link DagNodes}, {@link RecordedNodes}): a plain strand has
 * span = work, one strand, no creates, waits, inner delay or forkscope time inside, and the task ends
 * {@link RecordedNode#strandTaskEnds} gives. A node that differs gets a row here; a list keeps each
 * node's row, or -1.
 */
final class NodeExtras {
    private int rows;
    private long[] span = new long[0];
    private long[] strands = new long[0];
    private long[] creates = new long[0];
    private long[] waits = new long[0];
    private long[] taskEnds = new long[0];
    private long[] innerDelay = new long[0];
    private long[] recorderInside = new long[0];

    /** @return whether a node with these values is a plain strand (needs no row) */
    static boolean plain(long work, NodeEnd ends, long span, long strands, long creates, long waits, long taskEnds,
                         long innerDelay, long recorderInside) {
        return span == work && strands == 1 && creates == 0 && waits == 0 && innerDelay == 0 && recorderInside == 0
                && taskEnds == RecordedNode.strandTaskEnds(ends);
    }

    /** @return the new row */
    int add(long span, long strands, long creates, long waits, long taskEnds, long innerDelay, long recorderInside) {
        if (rows == this.span.length) {
            int c = rows + (rows >> 1) + 16;
            this.span = Arrays.copyOf(this.span, c);
            this.strands = Arrays.copyOf(this.strands, c);
            this.creates = Arrays.copyOf(this.creates, c);
            this.waits = Arrays.copyOf(this.waits, c);
            this.taskEnds = Arrays.copyOf(this.taskEnds, c);
            this.innerDelay = Arrays.copyOf(this.innerDelay, c);
            this.recorderInside = Arrays.copyOf(this.recorderInside, c);
        }
        this.span[rows] = span;
        this.strands[rows] = strands;
        this.creates[rows] = creates;
        this.waits[rows] = waits;
        this.taskEnds[rows] = taskEnds;
        this.innerDelay[rows] = innerDelay;
        this.recorderInside[rows] = recorderInside;
        return rows++;
    }

    int rows() {
        return rows;
    }

    // Each value of node with row x (x >= 0), or of a plain strand (x < 0) of this work and end.

    long span(int x, long work) {
        return x < 0 ? work : span[x];
    }

    long strands(int x) {
        return x < 0 ? 1 : strands[x];
    }

    long creates(int x) {
        return x < 0 ? 0 : creates[x];
    }

    long waits(int x) {
        return x < 0 ? 0 : waits[x];
    }

    long taskEnds(int x, NodeEnd ends) {
        return x < 0 ? RecordedNode.strandTaskEnds(ends) : taskEnds[x];
    }

    long innerDelay(int x) {
        return x < 0 ? 0 : innerDelay[x];
    }

    long recorderInside(int x) {
        return x < 0 ? 0 : recorderInside[x];
    }
}
