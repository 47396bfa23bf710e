package io.forkscope.model.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The assembler's output columns made ahead on a thread of their own ({@link BuilderAhead}) against
 * those made where they are needed: the same columns, array for array (lengths too), and the same DAG,
 * on random recordings with edges (kept, dropped: a node the file does not hold), collapsed nodes, sites
 * and site paths.
 */
class BuilderAheadProperties {

    static RecordedNodes randomRecording(Random rnd, int size, int threads) {
        long[] clock = new long[threads];
        int[] seq = new int[threads];
        List<RecordedNode> nodes = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            int t = rnd.nextInt(threads);
            long start = clock[t] + rnd.nextInt(5);
            long end = start + rnd.nextInt(20);
            clock[t] = end + 1;
            long id = (long) t << 40 | seq[t]++;
            int inCount = ids.isEmpty() ? 0 : rnd.nextInt(4);
            long[] in = new long[inCount];
            EdgeKind[] kinds = new EdgeKind[inCount];
            for (int e = 0; e < inCount; e++) {
                // an earlier node (its end may come later: the assembler orders them), or one not in the file
                in[e] = rnd.nextInt(10) == 0 ? (long) (threads + 1) << 40 | rnd.nextInt(100)
                        : ids.get(rnd.nextInt(ids.size()));
                kinds[e] = EdgeKind.values()[rnd.nextInt(EdgeKind.values().length)];
            }
            boolean collapsed = rnd.nextInt(5) == 0;
            long work = end - start == 0 ? 0 : rnd.nextInt((int) (end - start) + 1);
            List<Integer> path = new ArrayList<>();
            for (int s = rnd.nextInt(3); s > 0; s--) {
                path.add(rnd.nextInt(50));
            }
            NodeEnd ends = NodeEnd.values()[rnd.nextInt(NodeEnd.values().length)];
            nodes.add(new RecordedNode(id, t, start, end, work, ends, in, kinds,
                    collapsed ? work / 2 : work, collapsed ? 2 + rnd.nextInt(5) : 1,
                    collapsed ? rnd.nextInt(3) : 0, collapsed ? rnd.nextInt(3) : 0, collapsed ? rnd.nextInt(3) : 0,
                    collapsed ? rnd.nextInt(3) : 0, id, rnd.nextInt(50) - 1, path, rnd.nextInt(10),
                    rnd.nextInt(10), collapsed ? rnd.nextInt(10) : 0));
            ids.add(id);
        }
        return RecordedNodes.of(nodes);
    }

    static void assertSameColumns(DagNodes a, DagNodes b) {
        assertThat(b.size).isEqualTo(a.size);
        assertThat(b.worker).isEqualTo(a.worker);
        assertThat(b.start).isEqualTo(a.start);
        assertThat(b.end).isEqualTo(a.end);
        assertThat(b.work).isEqualTo(a.work);
        assertThat(b.notRunning).isEqualTo(a.notRunning);
        assertThat(b.recorderBefore).isEqualTo(a.recorderBefore);
        assertThat(b.ends).isEqualTo(a.ends);
        assertThat(b.site).isEqualTo(a.site);
        assertThat(b.inStart).isEqualTo(a.inStart);
        assertThat(b.edges).isEqualTo(a.edges);
        assertThat(b.edgeKind).isEqualTo(a.edgeKind);
        assertThat(b.pathStart).isEqualTo(a.pathStart);
        assertThat(b.pathLength).isEqualTo(a.pathLength);
        assertThat(b.pathSite).isEqualTo(a.pathSite);
        assertThat(b.extra).isEqualTo(a.extra);
        for (int i = 0; i < a.size; i++) {
            for (int k = 0; k < a.inCount(i); k++) {
                assertThat(b.inFrom(i, k)).isEqualTo(a.inFrom(i, k));
            }
        }
        assertThat(List.copyOf(b)).isEqualTo(List.copyOf(a));     // every node, extras included
    }

    @Property(tries = 300)          // run once with 10,000 tries and fresh seeds
    void aheadOrNotTheSameDag(@ForAll long seed, @ForAll @IntRange(min = 0, max = 300) int size,
                              @ForAll @IntRange(min = 1, max = 20) int threads) {
        RecordedNodes r = randomRecording(new Random(seed), size, threads);
        DagAssembler.Assembled here = DagAssembler.assemble(r, List.of(), threads, 0, 0,
                BuilderAhead.start(r.size(), false));
        DagAssembler.Assembled ahead = DagAssembler.assemble(r, List.of(), threads, 0, 0,
                BuilderAhead.start(r.size(), true));
        assertThat(ahead.droppedEdges()).isEqualTo(here.droppedEdges());
        Dag a = here.dag();
        Dag b = ahead.dag();
        assertThat(b.workers()).isEqualTo(a.workers());
        assertThat(b.begin()).isEqualTo(a.begin());
        assertThat(b.finish()).isEqualTo(a.finish());
        assertSameColumns(a.table(), b.table());
    }

    @Property(tries = 300)
    void aBuilderMadeWithoutEdgesIsTheBuilderMadeAtOnce(@ForAll @IntRange(min = 0, max = 200) int capacity,
                                                        @ForAll @IntRange(min = 0, max = 400) int edgeCapacity) {
        DagNodes.Builder atOnce = new DagNodes.Builder(capacity, edgeCapacity);
        DagNodes.Builder ahead = BuilderAhead.start(capacity, true).builder(edgeCapacity);
        assertSameColumns(atOnce.columns(), ahead.columns());
    }

    /** The default: ahead from MIN_NODES nodes on, and the DAG is the same as without. */
    @Test
    void aLargeRecordingIsAssembledAheadToTheSameDag() {
        RecordedNodes r = randomRecording(new Random(21), BuilderAhead.MIN_NODES + 5, 3);
        Dag ahead = DagAssembler.assemble(r, List.of(), 3, 0, 0).dag();
        Dag here = DagAssembler.assemble(r, List.of(), 3, 0, 0, BuilderAhead.start(r.size(), false)).dag();
        assertSameColumns(here.table(), ahead.table());
    }
}
