package io.forkscope.model.contexts;

/**
 * A sample resolved to its logical context: the node of a {@link ContextTree}, and the kind of the
 * code on top of the stack (RUNTIME or TOOL: the sample is overhead; PROGRAM: work). The top kind is
 * kept apart from the node because the node may be a task's context with no frames of its own
 * (a sample in the pool's code below the task).
 */
public record Sample(long threadId, long timeNs, int node, FrameKind topKind) {
    public boolean inProgramCode() {
        return topKind == FrameKind.PROGRAM;
    }
}
