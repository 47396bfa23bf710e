package io.forkscope.analysis.contexts;

import static io.forkscope.analysis.contexts.IdlenessSweepTest.thread;
import static io.forkscope.model.contexts.StateInterval.idle;
import static io.forkscope.model.contexts.StateInterval.runtime;
import static io.forkscope.model.contexts.StateInterval.working;
import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import io.forkscope.model.contexts.FrameKind;
import io.forkscope.model.contexts.Sample;
import io.forkscope.model.contexts.WorkerTimelines;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Work, idleness and overhead per context from timelines and samples, worked by hand. */
class ContextAttributionTest {
    static final Frame A = Frame.of("app.App", "a", 10, -1);
    static final Frame B = Frame.of("app.App", "b", 20, -1);
    static final Frame COMPUTE = Frame.of("app.Task", "compute", 30, -1);
    static final Frame LEAF = Frame.of("app.Task", "leaf", 40, -1);
    static final Frame PUSH = Frame.of("java.util.concurrent.ForkJoinPool$WorkQueue", "push", 50, -1);

    /** One worker runs task context A for 8 ns, then 2 ns in the pool for it; the other idles throughout. */
    static final class Scenario {
        final ContextTree tree = new ContextTree();
        final int a = tree.child(ContextTree.ROOT, A);
        final int compute = tree.child(a, COMPUTE);
        final int leaf = tree.child(compute, LEAF);
        final int push = tree.child(compute, PUSH);
        final WorkerTimelines timelines = new WorkerTimelines(List.of(
                thread(1, working(0, 8, a), runtime(8, 10, a)),
                thread(2, idle(0, 10))));
        final List<Sample> samples = List.of(
                new Sample(1, 1, leaf, FrameKind.PROGRAM),
                new Sample(1, 3, leaf, FrameKind.PROGRAM),
                new Sample(1, 5, compute, FrameKind.PROGRAM),
                new Sample(1, 7, push, FrameKind.RUNTIME),
                new Sample(1, 9, push, FrameKind.RUNTIME), // in RUNTIME state
                new Sample(2, 2, leaf, FrameKind.PROGRAM), // idle thread: dropped
                new Sample(99, 2, leaf, FrameKind.PROGRAM)); // not a worker: unplaced
        final ContextProfile profile = ContextAttribution.profile(tree, timelines, samples, 1);
    }

    @Test
    void workingTimeIsSplitBySamplesAndRuntimeTimeIsOverhead() {
        Scenario s = new Scenario();
        ContextProfile p = s.profile;
        // W_A = 8 over 4 working samples: leaf 2, compute 1, push 1 (runtime code on top: overhead)
        assertThat(p.exclusive(Metric.WORK, s.leaf)).isEqualTo(4.0);
        assertThat(p.exclusive(Metric.WORK, s.compute)).isEqualTo(2.0);
        assertThat(p.exclusive(Metric.WORK, s.push)).isZero();
        // overhead at push: 8 × 1/4 from the working samples + R_A = 2 from the RUNTIME sample
        assertThat(p.exclusive(Metric.OVERHEAD, s.push)).isEqualTo(4.0);
        // I_A = 8 (one idle per working thread over [0, 8)), spread equally (all rates 1)
        assertThat(p.exclusive(Metric.IDLENESS, s.leaf)).isEqualTo(4.0);
        assertThat(p.exclusive(Metric.IDLENESS, s.compute)).isEqualTo(2.0);
        assertThat(p.exclusive(Metric.IDLENESS, s.push)).isEqualTo(2.0);
        assertThat(p.exclusive(Metric.EFFORT, s.a)).isZero();
        // [8, 10): nobody works, the idle worker's 2 ns go to the synthetic node
        int noWork = s.tree.find(ContextTree.ROOT, Frame.NO_WORK_ANYWHERE);
        assertThat(p.exclusive(Metric.IDLENESS, noWork)).isEqualTo(2.0);
        // conservation: effort = P × span
        assertThat(p.total(Metric.EFFORT)).isEqualTo(20.0);
        assertThat(p.total(Metric.WORK)).isEqualTo(6.0);
        assertThat(p.total(Metric.IDLENESS)).isEqualTo(10.0);
        assertThat(p.total(Metric.OVERHEAD)).isEqualTo(4.0);
        assertThat(p.percentOfEffort(p.inclusive(Metric.EFFORT, s.a))).isEqualTo(90.0);
        assertThat(p.percentOfTotal(Metric.OVERHEAD, p.inclusive(Metric.OVERHEAD, s.push))).isEqualTo(100.0);
    }

    @Test
    void sampledMetricsAreKeptApartFromTheTimelineOnes() {
        Scenario s = new Scenario();
        SampleAttribution sampled = SampleAttribution.attribute(s.timelines, s.samples, 1_000_000);
        assertThat(sampled.sampledWorkNs(s.leaf)).isEqualTo(2_000_000);
        assertThat(sampled.sampledWorkNs(s.compute)).isEqualTo(1_000_000);
        assertThat(sampled.sampledOverheadNs(s.push)).isEqualTo(2_000_000);
        assertThat(sampled.droppedIdle()).isEqualTo(1);
        assertThat(sampled.unplaced()).isEqualTo(1);
    }

    @Test
    void idlenessGoesToTheFramesThatRanWhileOthersIdled() {
        ContextTree tree = new ContextTree();
        int a = tree.child(ContextTree.ROOT, A);
        int b = tree.child(ContextTree.ROOT, B);
        int early = tree.child(a, COMPUTE);
        int late = tree.child(a, LEAF);
        // [0,2): A and B work, one idle -> A += 1; [2,4): A works, two idle -> A += 4. I_A = 5, I_B = 1.
        WorkerTimelines timelines = new WorkerTimelines(List.of(
                thread(1, working(0, 4, a)),
                thread(2, working(0, 2, b), idle(2, 4)),
                thread(3, idle(0, 4))));
        List<Sample> samples = List.of(
                new Sample(1, 1, early, FrameKind.PROGRAM), // rate 1/2
                new Sample(1, 3, late, FrameKind.PROGRAM)); // rate 2
        ContextProfile p = ContextAttribution.profile(tree, timelines, samples, 1);
        assertThat(p.exclusive(Metric.IDLENESS, early)).isEqualTo(1.0); // 5 × 0.5 / 2.5
        assertThat(p.exclusive(Metric.IDLENESS, late)).isEqualTo(4.0); // 5 × 2 / 2.5
        assertThat(p.exclusive(Metric.WORK, early)).isEqualTo(2.0);
        assertThat(p.exclusive(Metric.WORK, late)).isEqualTo(2.0);
        // B has no samples: its exact amounts stay at B itself
        assertThat(p.exclusive(Metric.WORK, b)).isEqualTo(2.0);
        assertThat(p.exclusive(Metric.IDLENESS, b)).isEqualTo(1.0);
        assertThat(tree.find(ContextTree.ROOT, Frame.NO_WORK_ANYWHERE)).isEqualTo(-1);
        assertThat(p.total(Metric.EFFORT)).isEqualTo(12.0);
    }
}
