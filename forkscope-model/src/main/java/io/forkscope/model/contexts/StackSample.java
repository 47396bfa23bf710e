package io.forkscope.model.contexts;

import java.util.List;

/**
 * A sample as a profiler records it: the thread, the time (ns, the timelines' clock) and the
 * physical stack, top (innermost) frame first. {@code truncated}: the sampler cut the stack at its
 * depth limit, so the outermost frames (and with them the pool's run loop) may be missing.
 */
public record StackSample(long threadId, long timeNs, List<Frame> stackTopFirst, boolean truncated) {
    public StackSample {
        stackTopFirst = List.copyOf(stackTopFirst);
    }
}
