package io.forkscope.analysis.scaling;

import java.util.List;

/**
 * One section's measured scaling next to its predicted bounds.
 *
 * @param region   the region's label; "" for the whole run
 * @param bounds   the recording's measures for it; null when there is no recording or it lacks the section
 * @param points   one per measured worker count, ascending in P
 * @param findings what the comparison found; empty when nothing stands out
 */
public record RegionScaling(String region, SectionBounds bounds, List<ScalingPoint> points,
                            List<ScalingFinding> findings) {
    public RegionScaling {
        points = List.copyOf(points);
        findings = List.copyOf(findings);
    }

    /** @return how many points were judged against the bounds, and how many of those were inside */
    public long judged() {
        return points.stream().filter(p -> switch (p.verdict()) {
            case INSIDE, EDGE, BELOW, ABOVE -> true;
            default -> false;
        }).count();
    }

    /** @return how many points' median speedup lies within the predicted range */
    public long inside() {
        return points.stream().filter(p -> p.verdict() == Verdict.INSIDE).count();
    }
}
