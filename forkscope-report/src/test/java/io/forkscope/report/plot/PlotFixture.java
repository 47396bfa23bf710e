package io.forkscope.report.plot;

import io.forkscope.analysis.scaling.Measurement;
import io.forkscope.analysis.scaling.RegionScaling;
import io.forkscope.analysis.scaling.ScalingAnalysis;
import io.forkscope.analysis.scaling.SectionBounds;
import io.forkscope.model.Unit;
import io.forkscope.model.WorkSpan;
import java.util.List;
import java.util.Map;

/**
 * One section with hand-computable bounds: T1 = 1,000,000, T∞ = 10,000, bT∞ = 20,000 (parallelism
 * 100). Lower bound T1/(T1/P + 34,000): P = 4 → 3.5211268, P = 16 → 10.3626943. Measured: P = 1
 * in 1000, 1100, 900 ns; P = 2 in 500, 520, 540 ns: speedup 1000/520 = 1.9230769, from 1000/540 =
 * 1.8518519 to 1000/500 = 2.
 */
final class PlotFixture {
    static final double LOWER_4 = 3.5211268;
    static final double LOWER_16 = 10.3626943;
    static final SectionBounds BOUNDS = new SectionBounds("sort", new WorkSpan(1_000_000, 10_000, 20_000, 1, 1, 0),
            1, 1, Unit.TIME, 100, "default");

    private PlotFixture() {}

    static RegionScaling section() {
        List<Measurement> m = List.of(
                new Measurement("sort", 1, 1, 1000, 1, 0, 1, true), new Measurement("sort", 1, 2, 1100, 1, 0, 1, true),
                new Measurement("sort", 1, 3, 900, 1, 0, 1, true), new Measurement("sort", 2, 1, 500, 1, 0, 2, true),
                new Measurement("sort", 2, 2, 520, 1, 0, 2, true), new Measurement("sort", 2, 3, 540, 1, 0, 2, true));
        return ScalingAnalysis.analyze(m, Map.of("sort", BOUNDS)).regions().get(0);
    }
}
