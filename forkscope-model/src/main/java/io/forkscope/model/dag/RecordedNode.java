package io.forkscope.model.dag;

/**
 * A DAG node as the recorder writes it, before the reader orders and numbers the run's nodes:
 * ids are unique per recording ({@code thread index << 40 | sequence}) and edges name them.
 * Times are nanoseconds from the start of the recording.
 */
public record RecordedNode(long id, int worker, long start, long end, long work, NodeEnd ends, long[] inFrom,
                           EdgeKind[] inKinds) {
    public RecordedNode {
        if (inFrom.length != inKinds.length) {
            throw new IllegalArgumentException("edge sources and kinds differ in number");
        }
    }
}
