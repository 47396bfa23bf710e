package io.forkscope.model.dag;

/**
 * A DAG node as the recorder writes it, before the reader orders and numbers the run's nodes:
 * ids are unique per recording ({@code thread index << 40 | sequence}) and edges name them.
 * Times are nanoseconds from the start of the recording. A collapsed node (a sub-DAG one worker
 * ran alone) carries its inner longest path, strand, create and wait counts and inner delay; a
 * strand has span = work, strands = 1 and the rest 0.
 */
public record RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                           EdgeKind[] inKinds, long span, long strands, long creates, long waits, long innerDelay) {
    public RecordedNode {
        if (inFrom.length != inKinds.length) {
            throw new IllegalArgumentException("edge sources and kinds differ in number");
        }
    }

    /** A strand. */
    public RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                        EdgeKind[] inKinds) {
        this(id, worker, start, end, work, ends, inFrom, inKinds, work, 1, 0, 0, 0);
    }
}
