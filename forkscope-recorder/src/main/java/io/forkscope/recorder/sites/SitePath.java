package io.forkscope.recorder.sites;

/**
 * The sites of the calls open in a task, outermost first, as an immutable chain from the innermost
 * call back to the first ({@link SiteThread#sitePathAbove}): each call frame's path is its caller's
 * plus one link, so computing it costs O(1) and shares the caller's links; an empty path is null.
 * Turned into an array only for the DAG nodes that are handed over.
 */
public final class SitePath {
    final int site;
    final SitePath parent;
    final int length;

    SitePath(int site, SitePath parent) {
        this.site = site;
        this.parent = parent;
        this.length = parent == null ? 1 : parent.length + 1;
    }

    /** @return the sites of {@code path} outermost first (empty for null) */
    public static int[] toArray(SitePath path) {
        int[] out = new int[path == null ? 0 : path.length];
        for (SitePath p = path; p != null; p = p.parent) {
            out[p.length - 1] = p.site;
        }
        return out;
    }
}
