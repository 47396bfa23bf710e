package io.forkscope.recorder.engine;

import io.forkscope.model.WorkSpan;
import io.forkscope.recorder.sites.SiteRegion;

/**
 * A region as it closed, handed back to the thread that closed it (for {@code Forkscope.measure}):
 * the same work, span and counts the sink later gets as a {@link io.forkscope.model.RegionRecord}.
 *
 * @param label       the region's label
 * @param measures    its work, span, burdened span and counts, or null when it was left out (closed
 *                    on another thread or in another task than it was opened in)
 * @param outstanding tasks created while it was open and not yet ended when it closed, as the
 *                    recorder saw them at that instant: an upper bound of the unjoined tasks the
 *                    recording will name (a task the program saw complete may not have passed the
 *                    recorder's exit hook yet), so 0 means every task forked inside was joined
 * @param sites       the call-site profiler's side of the region (agent option sites), or null
 */
public record StoppedRegion(String label, WorkSpan measures, long outstanding, SiteRegion sites) {
    static StoppedRegion leftOut(String label) {
        return new StoppedRegion(label, null, 0, null);
    }
}
