package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.StateInterval;
import io.forkscope.model.contexts.WorkerTimeline;
import io.forkscope.model.contexts.WorkerTimelines;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * On random trees, timelines and samples: the combined profile conserves thread-time
 * (effort = P × span; work + overhead = WORKING + RUNTIME time; idleness = the sweep's plus the
 * no-work bucket), and every view keeps the totals (inclusive at the root, Σ exclusive, bottom-up,
 * flat exclusive).
 */
class ContextProfileProperties {
    static final String[] METHODS = {"a", "b", "c"};

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 300)
    void effortIsConservedAndEveryViewKeepsTheTotals(@ForAll("seeds") long seed) {
        Random random = new Random(seed);
        ContextTree tree = new ContextTree();
        for (int i = 0; i < 1 + random.nextInt(12); i++) {
            int parent = random.nextInt(tree.size());
            tree.child(parent, Frame.of(random.nextBoolean() ? "app.T" : "java.util.concurrent.ForkJoinPool",
                    METHODS[random.nextInt(METHODS.length)], random.nextInt(3), -1));
        }
        int nodes = tree.size();
        int threads = 1 + random.nextInt(5);
        int span = 1 + random.nextInt(40);
        List<WorkerTimeline> list = new ArrayList<>();
        for (int id = 0; id < threads; id++) {
            List<StateInterval> intervals = new ArrayList<>();
            for (long t = 0; t < span; ) {
                long end = Math.min(span, t + 1 + random.nextInt(6));
                int kind = random.nextInt(4);
                intervals.add(kind == 0 ? StateInterval.idle(t, end) : kind == 1 ? StateInterval.runtime(t, end, random.nextInt(nodes))
                        : StateInterval.working(t, end, random.nextInt(nodes)));
                t = end;
            }
            list.add(new WorkerTimeline(id, intervals));
        }
        WorkerTimelines timelines = new WorkerTimelines(list);
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < random.nextInt(30); i++) {
            samples.add(new Sample(random.nextInt(threads + 1), random.nextInt(span + 2) - 1, random.nextInt(nodes),
                    FrameKind.values()[random.nextInt(3)]));
        }
        TimelineAttribution exact = IdlenessSweep.attribute(timelines, nodes);
        ContextProfile p = ContextAttribution.profile(tree, timelines, samples, 1);
        double eps = 1e-9 * threads * span;
        assertThat(p.total(Metric.EFFORT)).isCloseTo(threads * span, within(eps));
        assertThat(p.total(Metric.WORK) + p.total(Metric.OVERHEAD))
                .isCloseTo(exact.totalWorkingNs() + exact.totalRuntimeNs(), within(eps));
        assertThat(p.total(Metric.IDLENESS)).isCloseTo(
                exact.exact().toNanos(exact.totalIdlenessScaled()) + exact.idleWhileNobodyWorksNs(), within(eps));
        ContextProfile up = ContextViews.bottomUp(p);
        List<ContextViews.FlatRow> flat = ContextViews.flat(p);
        for (Metric m : Metric.values()) {
            double exclusive = 0;
            for (int n = 0; n < p.nodes(); n++) {
                exclusive += p.exclusive(m, n);
                assertThat(p.exclusive(m, n)).isGreaterThanOrEqualTo(0);
            }
            assertThat(exclusive).isCloseTo(p.total(m), within(eps));
            assertThat(up.total(m)).isCloseTo(p.total(m), within(eps));
            double flatExclusive = flat.stream().mapToDouble(r -> r.exclusive(m)).sum() + p.exclusive(m, ContextTree.ROOT);
            assertThat(flatExclusive).isCloseTo(p.total(m), within(eps));
            for (ContextViews.FlatRow r : flat) {
                assertThat(r.inclusive(m)).isLessThanOrEqualTo(p.total(m) + eps).isGreaterThanOrEqualTo(r.exclusive(m) - eps);
            }
        }
    }
}
