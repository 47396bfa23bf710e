package io.forkscope.model.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The columnar node lists ({@link DagNodes}, {@link RecordedNodes}) against the node objects they
 * were given: every node comes back equal (plain strands and collapsed nodes, edges, site paths), the
 * column accessors agree with it, and keeping the nodes that started before a time is the list
 * filtered.
 */
class NodeColumnsProperties {

    @Property(tries = 300)
    void dagNodesGiveBackTheNodesTheyWereGiven(@ForAll long seed, @ForAll @IntRange(max = 300) int n) {
        List<DagNode> nodes = randomDagNodes(new Random(seed), n);
        DagNodes columns = DagNodes.of(nodes);
        assertThat(columns).hasSize(n);
        assertThat(new ArrayList<>(columns)).isEqualTo(nodes);
        for (DagNode d : nodes) {
            int i = d.id();
            assertThat(columns.start(i)).isEqualTo(d.start());
            assertThat(columns.end(i)).isEqualTo(d.end());
            assertThat(columns.work(i)).isEqualTo(d.work());
            assertThat(columns.span(i)).isEqualTo(d.span());
            assertThat(columns.strands(i)).isEqualTo(d.strands());
            assertThat(columns.collapsed(i)).isEqualTo(d.collapsed());
            assertThat(columns.taskEnds(i)).isEqualTo(d.taskEnds());
            assertThat(columns.innerDelay(i)).isEqualTo(d.innerDelay());
            assertThat(columns.recorderInside(i)).isEqualTo(d.recorderInside());
            assertThat(columns.inCount(i)).isEqualTo(d.in().size());
            for (int k = 0; k < d.in().size(); k++) {
                assertThat(columns.inFrom(i, k)).isEqualTo(d.in().get(k).from());
                assertThat(columns.inKind(i, k)).isEqualTo(d.in().get(k).kind());
            }
        }
        assertThat(new Dag(nodes, 2, 0, 1_000_000).table()).isEqualTo(columns);
    }

    @Property(tries = 300)
    void recordedNodesGiveBackTheNodesTheyWereGivenAndKeepAWindow(@ForAll long seed,
                                                                 @ForAll @IntRange(max = 300) int n,
                                                                 @ForAll @IntRange(max = 1_100_000) int windowEnd) {
        Random r = new Random(seed);
        List<RecordedNode> nodes = new ArrayList<>();
        for (DagNode d : randomDagNodes(r, n)) {
            long id = (long) d.worker() << 40 | (d.id() * 3L + 2);
            long firstId = d.collapsed() ? id - r.nextInt(3) : id;
            long[] from = new long[d.in().size()];
            EdgeKind[] kinds = new EdgeKind[from.length];
            for (int k = 0; k < from.length; k++) {
                from[k] = r.nextLong();
                kinds[k] = d.in().get(k).kind();
            }
            nodes.add(new RecordedNode(id, d.worker(), d.start(), d.end(), d.work(), d.ends(), from, kinds, d.span(),
                    d.strands(), d.creates(), d.waits(), d.innerDelay(), d.taskEnds(), firstId, d.site(), d.sitePath(),
                    d.notRunning(), d.recorderBefore(), d.recorderInside()));
        }
        RecordedNodes columns = RecordedNodes.of(nodes);
        assertThat(columns).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertSame(columns.get(i), nodes.get(i));
        }
        columns.keepStartedBefore(windowEnd);
        List<RecordedNode> kept = nodes.stream().filter(x -> x.start() < windowEnd).toList();
        assertThat(columns).hasSize(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            assertSame(columns.get(i), kept.get(i));
        }
        // a node left open (a block that ended inside it) is dropped with the rest
        int k = columns.startNode(1, 0, 0, 1, 1, NodeEnd.END, -1, 0, 0);
        columns.edge(7, EdgeKind.CREATE);
        columns.truncate(kept.size() / 2);
        assertThat(columns).hasSize(kept.size() / 2);
        for (int i = 0; i < columns.size(); i++) {
            assertSame(columns.get(i), kept.get(i));
        }
        assertThat(k).isEqualTo(kept.size());
    }

    @Property(tries = 50)
    void aNodeWhoseIdIsNotItsIndexIsRefused(@ForAll @IntRange(min = 1, max = 5) int id) {
        assertThatThrownBy(() -> DagNodes.of(List.of(DagNode.strand(id, 0, 0, 1, NodeEnd.END, List.of()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has id " + id);
    }

    private static void assertSame(RecordedNode a, RecordedNode b) {
        assertThat(a.id()).isEqualTo(b.id());
        assertThat(a.worker()).isEqualTo(b.worker());
        assertThat(a.start()).isEqualTo(b.start());
        assertThat(a.end()).isEqualTo(b.end());
        assertThat(a.work()).isEqualTo(b.work());
        assertThat(a.ends()).isEqualTo(b.ends());
        assertThat(a.inFrom()).containsExactly(b.inFrom());
        assertThat(a.inKinds()).containsExactly(b.inKinds());
        assertThat(List.of(a.span(), a.strands(), a.creates(), a.waits(), a.innerDelay(), a.taskEnds(), a.firstId(),
                (long) a.site(), a.notRunning(), a.recorderBefore(), a.recorderInside()))
                .isEqualTo(List.of(b.span(), b.strands(), b.creates(), b.waits(), b.innerDelay(), b.taskEnds(),
                        b.firstId(), (long) b.site(), b.notRunning(), b.recorderBefore(), b.recorderInside()));
        assertThat(a.sitePath()).isEqualTo(b.sitePath());
    }

    /** Nodes in id order: mostly plain strands, some collapsed or odd, random edges to earlier nodes. */
    static List<DagNode> randomDagNodes(Random r, int n) {
        List<DagNode> nodes = new ArrayList<>();
        NodeEnd[] ends = NodeEnd.values();
        EdgeKind[] kinds = EdgeKind.values();
        for (int i = 0; i < n; i++) {
            long start = r.nextInt(1_000_000);
            long length = r.nextInt(1000);
            long work = length == 0 ? 0 : r.nextInt((int) length + 1);
            NodeEnd end = ends[r.nextInt(ends.length)];
            List<Edge> in = new ArrayList<>();
            for (int k = i == 0 ? 0 : r.nextInt(4); k > 0; k--) {
                in.add(new Edge(r.nextInt(i), kinds[r.nextInt(kinds.length)]));
            }
            List<Integer> path = new ArrayList<>();
            for (int k = r.nextInt(4) == 0 ? r.nextInt(4) : 0; k > 0; k--) {
                path.add(r.nextInt(50));
            }
            int site = r.nextInt(3) == 0 ? r.nextInt(20) : -1;
            long notRunning = r.nextInt(4) == 0 ? r.nextInt((int) (length - work) + 1) : 0;
            long before = r.nextInt(3) == 0 ? r.nextInt(100) : 0;
            if (r.nextInt(5) == 0) {
                nodes.add(new DagNode(i, r.nextInt(4), start, start + length, work, r.nextInt((int) work + 1), end, in,
                        1 + r.nextInt(9), r.nextInt(3), r.nextInt(3), r.nextInt(3), r.nextInt(50), site, path,
                        notRunning, before, r.nextInt(3) == 0 ? r.nextInt(10) : 0));
            } else {
                nodes.add(new DagNode(i, r.nextInt(4), start, start + length, work, work, end, in, 1, 0, 0,
                        RecordedNode.strandTaskEnds(end), 0, site, path, notRunning, before, 0));
            }
        }
        return nodes;
    }
}
