package io.forkscope.model.sites;

/**
 * The call-site profiles of one labelled part of a run (a region occurrence), as a recording may
 * hold them after the whole run's. Nothing records them yet; the format has room for them (see
 * {@link io.forkscope.model.RecordingFormat#BLOCK_SITES}).
 */
public record RegionSites(String label, SitesResult result) {
    public RegionSites {
        if (label == null || result == null) {
            throw new IllegalArgumentException("a region's site profile needs a label and a result");
        }
    }
}
