package io.forkscope.analysis.delay;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.Dag;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The profile keeps no segments: it replays its sweep from a checkpoint every 256 segments. Whatever the
 * order of the questions, the answers are the ones one sweep in order gives: a segment asked for at
 * random equals the same segment read in order, the segments are contiguous from the run's begin to its
 * finish, and {@code at(t)} and {@code firstEndingAfter(t)} agree with a linear scan. The DAGs are large
 * enough for several checkpoints (some 3 segments a node).
 */
class ProfileReplayProperties {

    @Property(tries = 150)
    void randomAccessGivesWhatOneSweepInOrderGives(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int workers,
                                                   @ForAll @IntRange(min = 1, max = 700) int size) {
        Random rnd = new Random(seed);
        Dag dag = RandomSchedules.randomRun(rnd, workers, size);
        if (rnd.nextBoolean()) {
            dag = RandomSchedules.withRecorderTime(rnd, RandomSchedules.withStoppedStrands(rnd, dag));
        }
        List<ProfileSegment> inOrder = new ArrayList<>(ParallelismProfile.of(dag).segments());
        ParallelismProfile profile = ParallelismProfile.of(dag);
        assertThat(profile.size()).isEqualTo(inOrder.size());
        for (int i = 1; i < inOrder.size(); i++) {
            assertThat(inOrder.get(i).start()).isEqualTo(inOrder.get(i - 1).end());
        }
        if (!inOrder.isEmpty()) {
            assertThat(inOrder.get(0).start()).isEqualTo(dag.begin());
            assertThat(inOrder.get(inOrder.size() - 1).end()).isEqualTo(dag.finish());
        }
        for (int q = 0; q < 200 && !inOrder.isEmpty(); q++) {
            int i = rnd.nextInt(inOrder.size());
            assertThat(same(profile.segments().get(i), inOrder.get(i))).as("segment %d", i).isTrue();
            assertThat(profile.start(i)).isEqualTo(inOrder.get(i).start());
            assertThat(profile.end(i)).isEqualTo(inOrder.get(i).end());
            long t = dag.begin() - 2 + (long) (rnd.nextDouble() * (dag.elapsed() + 4));
            int expected = 0;
            while (expected < inOrder.size() && inOrder.get(expected).end() <= t) {
                expected++;
            }
            assertThat(profile.firstEndingAfter(t)).as("first segment ending after %d", t).isEqualTo(expected);
            ProfileSegment at = profile.at(t);
            if (expected < inOrder.size() && inOrder.get(expected).start() <= t) {
                assertThat(same(at, inOrder.get(expected))).isTrue();
            } else {
                assertThat(at).isNull();
            }
        }
    }

    /**
     * sweepAll, which does not index the profile (a sweep of its own), tells the segments the index gives,
     * in order, whether it comes first (nothing indexed yet), after the index, or between random questions.
     */
    @Property(tries = 150)
    void sweepAllTellsTheSegments(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int workers,
                                  @ForAll @IntRange(min = 1, max = 700) int size) {
        Random rnd = new Random(seed);
        Dag dag = RandomSchedules.randomRun(rnd, workers, size);
        if (rnd.nextBoolean()) {
            dag = RandomSchedules.withRecorderTime(rnd, RandomSchedules.withStoppedStrands(rnd, dag));
        }
        ParallelismProfile fresh = ParallelismProfile.of(dag);
        List<ProfileSegment> swept = swept(fresh);                      // before anything indexed it
        List<ProfileSegment> inOrder = new ArrayList<>(ParallelismProfile.of(dag).segments());
        assertThat(swept).hasSameSizeAs(inOrder);
        for (int i = 0; i < inOrder.size(); i++) {
            assertThat(same(swept.get(i), inOrder.get(i))).as("segment %d", i).isTrue();
        }
        if (!inOrder.isEmpty()) {
            int i = rnd.nextInt(inOrder.size());
            assertThat(same(fresh.segments().get(i), inOrder.get(i))).isTrue();   // indexed after the sweep
            List<ProfileSegment> again = swept(fresh);                             // and swept after the index
            assertThat(again).hasSameSizeAs(inOrder);
            assertThat(same(again.get(i), inOrder.get(i))).isTrue();
            assertThat(same(fresh.segments().get(i), inOrder.get(i))).isTrue();   // its cursor unmoved by it
        }
    }

    private static List<ProfileSegment> swept(ParallelismProfile p) {
        List<ProfileSegment> out = new ArrayList<>();
        p.sweepAll((from, to, running, readyByKind, slots, notRunning, executing, recorder, held) -> out.add(
                new ProfileSegment(from, to, running, readyByKind.clone(), slots, notRunning, executing, recorder, held)));
        return out;
    }

    private static boolean same(ProfileSegment a, ProfileSegment b) {
        return a.start() == b.start() && a.end() == b.end() && a.running() == b.running()
                && java.util.Arrays.equals(a.readyByKind(), b.readyByKind()) && a.slots() == b.slots()
                && a.notRunning() == b.notRunning() && a.executing() == b.executing() && a.recorder() == b.recorder()
                && a.held() == b.held();
    }
}
