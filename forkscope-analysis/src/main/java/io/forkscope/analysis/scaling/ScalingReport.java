package io.forkscope.analysis.scaling;

import java.util.List;

/**
 * The result of {@link ScalingAnalysis}: every benchmarked section, in the order it first appears
 * in the measurements.
 *
 * @param regions   the sections
 * @param tolerance the relative tolerance the verdicts used (see {@link ScalingAnalysis#TOLERANCE})
 */
public record ScalingReport(List<RegionScaling> regions, double tolerance) {
    public ScalingReport {
        regions = List.copyOf(regions);
    }
}
