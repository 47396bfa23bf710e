package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.dag.Dag;
import io.forkscope.model.dag.EdgeKind;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Resampling keeps the profile's areas: running and ready (per kind) integrals are unchanged. */
class ProfileResamplingProperties {

    @Property(tries = 300)
    void resamplingPreservesTheAreas(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int workers,
                                     @ForAll @IntRange(min = 1, max = 80) int size,
                                     @ForAll @IntRange(min = 1, max = 50) int points) {
        Random rnd = new Random(seed);
        Dag dag = RandomSchedules.randomRun(rnd, workers, size);
        dag = RandomSchedules.withRecorderTime(rnd, RandomSchedules.withStoppedStrands(rnd, dag));
        ParallelismProfile profile = ParallelismProfile.of(dag);
        List<ProfileSample> samples = ProfileResampling.resample(profile, points);
        assertThat(samples.size()).isLessThanOrEqualTo(points);
        double scale = Math.max(1, (double) dag.elapsed() * (workers + size));
        assertThat(integral(samples, -1)).isCloseTo(exact(profile, -1), within(1e-9 * scale));
        for (EdgeKind k : EdgeKind.values()) {
            assertThat(integral(samples, k.ordinal())).isCloseTo(exact(profile, k.ordinal()), within(1e-9 * scale));
        }
        assertThat(integral(samples, NOT_RUNNING)).isCloseTo(exact(profile, NOT_RUNNING), within(1e-9 * scale));
        assertThat(integral(samples, FORKSCOPE)).isCloseTo(exact(profile, FORKSCOPE), within(1e-9 * scale));
        if (!samples.isEmpty()) {
            assertThat(samples.get(0).start()).isEqualTo((double) profile.segments().get(0).start());
            assertThat(samples.get(samples.size() - 1).end())
                    .isEqualTo((double) profile.segments().get(profile.segments().size() - 1).end());
            for (int i = 1; i < samples.size(); i++) {
                assertThat(samples.get(i).start()).isEqualTo(samples.get(i - 1).end());
            }
        }
    }

    private static final int NOT_RUNNING = 100;
    private static final int FORKSCOPE = 101;

    private static double integral(List<ProfileSample> samples, int kind) {
        double sum = 0;
        for (ProfileSample s : samples) {
            double v = kind == NOT_RUNNING ? s.notRunning() : kind == FORKSCOPE ? s.forkscope()
                    : kind < 0 ? s.running() : s.readyByKind()[kind];
            sum += v * s.length();
        }
        return sum;
    }

    /** From the segments themselves: forkscope's share is the workers in its hooks and the nodes held by one. */
    private static double exact(ParallelismProfile profile, int kind) {
        double sum = 0;
        for (ProfileSegment s : profile.segments()) {
            double v = kind == NOT_RUNNING ? s.notRunning() : kind == FORKSCOPE ? s.recorder() + s.held()
                    : kind < 0 ? s.running() : s.readyByKind()[kind];
            sum += v * s.length();
        }
        return sum;
    }
}
