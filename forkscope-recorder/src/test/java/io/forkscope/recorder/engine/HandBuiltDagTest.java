package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RegionRecord;
import io.forkscope.model.WorkSpan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Programs whose work, span, burdened span and counts are worked out by hand (in abstract units,
 * burden B = 100 on create edges). Each runs under several schedules of the simulated runtime:
 * in abstract units the answer must not depend on the schedule.
 */
class HandBuiltDagTest {
    static final long B = 100;

    static WorkSpan region(SimRuntime rt, Runnable program) {
        Object token = rt.engine.regionStart("r");
        program.run();
        rt.engine.regionStop(token);
        List<RegionRecord> regions = new ArrayList<>();
        rt.engine.drainRegions(regions::add);
        assertThat(regions).hasSize(1);
        WorkSpan w = regions.get(0).measures();
        return new WorkSpan(w.work(), w.span(), w.burdenedSpan(), w.spawns(), w.syncs(), 0);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void serialPrefixThenAForkTree(long seed) {
        SimRuntime rt = new SimRuntime(B, seed);
        WorkSpan w = region(rt, () -> {
            rt.work(10);
            SimTask a = rt.submit(r -> {
                r.work(5);
                SimTask b = r.fork(q -> q.work(20));
                r.work(7);
                r.join(b);
                r.work(3);
            });
            rt.join(a);
            rt.work(4);
        });
        // path: 10 → A: 5 → B: 20 → A: 3 → 4 = 42; burdened: two create edges on it = 242
        assertThat(w).isEqualTo(new WorkSpan(49, 42, 242, 2, 2, 0));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void cilkviewSnippetAHasOneBurdenSnippetBOnePerIteration(long seed) {
        int n = 10;
        long f = 5;
        SimRuntime a = new SimRuntime(B, seed);
        WorkSpan snippetA = region(a, () -> a.invokeAll(
                new SimTask(r -> { for (int j = 0; j < n; j++) r.work(f); }),
                new SimTask(r -> { for (int j = 0; j < n; j++) r.work(f); })));
        SimRuntime b = new SimRuntime(B, seed);
        WorkSpan snippetB = region(b, () -> {
            for (int j = 0; j < n; j++) {
                b.invokeAll(new SimTask(r -> r.work(f)), new SimTask(r -> r.work(f)));
            }
        });
        assertThat(snippetA).isEqualTo(new WorkSpan(100, 50, 50 + B, 1, 1, 0));
        assertThat(snippetB).isEqualTo(new WorkSpan(100, 50, n * (f + B), n, n, 0));
        assertThat(snippetA.parallelism()).isEqualTo(2.0);
        assertThat(snippetB.burdenedParallelism()).isCloseTo(2.0 * f / (f + B), org.assertj.core.data.Offset.offset(1e-9));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void joinsInNonLifoOrder(boolean longFirst) {
        SimRuntime rt = new SimRuntime(B, 7);
        WorkSpan w = region(rt, () -> rt.invoke(r -> {
            r.work(1);
            SimTask longOne = r.fork(q -> q.work(30));
            r.work(2);
            SimTask shortOne = r.fork(q -> q.work(10));
            r.work(3);
            if (longFirst) {
                r.join(longOne);
                r.work(4);
                r.join(shortOne);
            } else {
                r.join(shortOne);
                r.work(4);
                r.join(longOne);
            }
            r.work(5);
        }));
        // longFirst:  max(1+2+3, 1+30) = 31, +4 = 35, max(35, 1+2+10) = 35, +5 = 40
        // shortFirst: max(6, 13) = 13, +4 = 17, max(17, 31) = 31, +5 = 36
        long span = longFirst ? 40 : 36;
        // burdened: long path carries one create edge: longFirst 1+B+30+4+5 = 140; shortFirst 1+B+30+5 = 136
        long bspan = longFirst ? 140 : 136;
        assertThat(w).isEqualTo(new WorkSpan(55, span, bspan, 2, 2, 0));
    }

    @Test
    void invokeAllOfManyTasks() {
        SimRuntime rt = new SimRuntime(B, 3);
        WorkSpan w = region(rt, () -> {
            rt.work(2);
            rt.invokeAll(new SimTask(r -> r.work(1)), new SimTask(r -> r.work(2)), new SimTask(r -> r.work(3)),
                    new SimTask(r -> r.work(4)), new SimTask(r -> r.work(5)));
            rt.work(1);
        });
        // the first task is a call; the other four are forked (spawns) and waited (syncs)
        assertThat(w).isEqualTo(new WorkSpan(18, 2 + 5 + 1, 2 + B + 5 + 1, 4, 4, 0));
    }

    /**
     * A CountedCompleter root that works 2, forks one leaf per entry of {@code leafWork} (each
     * works that much and completes), works 1 and completes its own body.
     */
    private static SimTask completerTree(long... leafWork) {
        SimTask[] root = new SimTask[1];
        root[0] = new SimTask(r -> {
            r.work(2);
            root[0].pending = leafWork.length;
            for (long lw : leafWork) {
                SimTask[] leaf = new SimTask[1];
                leaf[0] = new SimTask(q -> {
                    q.work(lw);
                    q.tryComplete(leaf[0]);
                }, root[0], true);
                r.fork(leaf[0]);
            }
            r.work(1);
            r.tryComplete(root[0]);
        }, null, true);
        return root[0];
    }

    @Test
    void countedCompleterTreeCompletesThroughEndEdges() {
        SimRuntime rt = new SimRuntime(B, 11);
        SimTask root = completerTree(7, 13, 4);
        WorkSpan w = region(rt, () -> {
            rt.work(1);
            rt.invoke(root);
            rt.work(1);
        });
        // 1 → root 2 (+1 own tail in parallel) → longest leaf 13 → back in main 1; one create edge on it
        assertThat(w).isEqualTo(new WorkSpan(1 + 2 + 7 + 13 + 4 + 1 + 1, 1 + 2 + 13 + 1, 1 + 2 + B + 13 + 1, 3, 0, 0));
    }

    @Test
    void countedCompleterDagKeepsTheLongestPathWhenItIsNotTheLatestCompletion() {
        // time mode: the clock moves only with work, so times are the units. The root forks leaves
        // of 7, 13 and 4 and completes its own tail; main then runs the pending leaves newest
        // first (4, 13, 7): the latest completion (leaf 7, path 1+2+7) is not on the longest path
        // (leaf 13, path 1+2+13). The join needs an end edge from each.
        SimRuntime rt = new SimRuntime(0, 11, true, true);
        SimTask root = completerTree(7, 13, 4);
        Object token = rt.engine.regionStart("program");
        rt.work(1);
        rt.invoke(root);
        rt.work(1);
        rt.engine.regionStop(token);
        java.util.List<io.forkscope.model.dag.RecordedNode> nodes = new java.util.ArrayList<>();
        rt.engine.drainDagNodes(nodes::addAll, true);
        long[] frame = rt.engine.dagFrame();
        io.forkscope.model.dag.Dag dag = io.forkscope.model.dag.DagAssembler
                .assemble(nodes, (int) frame[0], frame[1], frame[2]).dag();

        assertThat(rt.engine.snapshot(true).measures().span()).isEqualTo(1 + 2 + 13 + 1);
        assertThat(RecordedDagProperties.longestPath(dag)).isEqualTo(1 + 2 + 13 + 1);
        io.forkscope.model.dag.DagNode last = dag.nodes().get(dag.nodes().size() - 1);
        // main's last strand becomes ready when the last leaf (7) completes: at 1+2+1+4+13+7
        long ready = last.in().stream().mapToLong(e -> dag.nodes().get(e.from()).end()).max().orElseThrow();
        assertThat(ready - frame[1]).isEqualTo(1 + 2 + 1 + 4 + 13 + 7);
    }

    @Test
    void overlappingAndRepeatedRegionsAreEachMeasured() {
        SimRuntime rt = new SimRuntime(B, 5);
        Object outer = rt.engine.regionStart("outer");
        rt.work(3);
        Object first = rt.engine.regionStart("step");
        rt.join(rt.fork(r -> r.work(10)));
        rt.engine.regionStop(first);
        Object overlapping = rt.engine.regionStart("overlap");
        rt.work(2);
        rt.engine.regionStop(outer);           // closes before the region it overlaps
        Object second = rt.engine.regionStart("step");
        rt.work(4);
        rt.engine.regionStop(second);
        rt.engine.regionStop(overlapping);
        List<RegionRecord> regions = new ArrayList<>();
        rt.engine.drainRegions(regions::add);
        assertThat(regions).extracting(RegionRecord::label).containsExactly("step", "outer", "step", "overlap");
        assertThat(regions).extracting(r -> r.measures().work()).containsExactly(10L, 15L, 4L, 6L);
        assertThat(regions).extracting(r -> r.measures().span()).containsExactly(10L, 15L, 4L, 6L);
        assertThat(regions).extracting(r -> r.measures().burdenedSpan()).containsExactly(10L + B, 15L + B, 4L, 6L);
        assertThat(regions).extracting(r -> r.measures().spawns()).containsExactly(1L, 1L, 0L, 0L);
    }

    @Test
    void aRegionEndingWithUnjoinedTasksSaysSo() {
        SimRuntime rt = new SimRuntime(B, 1);
        Object token = rt.engine.regionStart("leaky");
        rt.work(1);
        rt.fork(r -> r.work(50));
        rt.engine.regionStop(token);
        List<RegionRecord> regions = new ArrayList<>();
        rt.engine.drainRegions(regions::add);
        List<String> warnings = new ArrayList<>();
        rt.engine.drainWarnings(warnings::add);
        assertThat(regions.get(0).unjoined()).isEqualTo(1);
        assertThat(warnings).singleElement().asString().contains("region 'leaky'").contains("1 task(s)");
        rt.drain();
        // the whole run still sees the unjoined task: span 1 + 50, burdened 1 + B + 50
        assertThat(rt.engine.snapshot(true).measures()).isEqualTo(new WorkSpan(51, 51, 151, 1, 0,
                rt.engine.snapshot(true).measures().elapsedNs()));
    }
}
