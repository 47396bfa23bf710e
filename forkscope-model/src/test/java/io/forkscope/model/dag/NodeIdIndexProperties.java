package io.forkscope.model.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The id index against a linear scan of every node: for any id (a node's, one inside a collapsed
 * node's range, one of no node, of another thread, negative), the same position. Ids are the
 * recorder's (a thread's index above 40 bits of its sequence), dense or with large collapsed nodes
 * that use up sequences (the table and the binary search), or arbitrary longs (taken as they are).
 */
class NodeIdIndexProperties {

    @Property(tries = 1000)
    void findsWhatALinearScanFinds(@ForAll @IntRange(min = 0, max = 300) int size, @ForAll long seed,
                                   @ForAll @IntRange(min = 0, max = 2) int idStyle) {
        Random rnd = new Random(seed);
        List<RecordedNode> nodes = new ArrayList<>();
        int threads = 1 + rnd.nextInt(4);
        long[] nextSeq = new long[threads];
        for (int i = 0; i < size; i++) {
            int t = rnd.nextInt(threads);
            long id;
            long firstId;
            if (idStyle == 2) {                          // arbitrary ids, some negative, unique
                id = rnd.nextLong() / 4 * 4 + 2;
                firstId = id - (rnd.nextInt(4) == 0 ? 1 : 0);
            } else {
                long gap = idStyle == 1 && rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(1_000_000) : rnd.nextInt(3);
                long first = nextSeq[t] + (rnd.nextInt(3) == 0 ? 1 : 0);
                long last = first + gap;                 // a collapsed node when gap > 0
                nextSeq[t] = last + 1;
                id = (long) t << 40 | last;
                firstId = (long) t << 40 | first;
            }
            long start = rnd.nextInt(1000);
            nodes.add(new RecordedNode(id, t, start, start + rnd.nextInt(1000), 1, NodeEnd.END, new long[0],
                    new EdgeKind[0], 1, 1, 0, 0, 0, 0, firstId));
        }
        RecordedNodes r = RecordedNodes.of(nodes);
        int[] byEnd = DagAssembler.endOrder(r);
        NodeIdIndex index = new NodeIdIndex(r, byEnd);
        List<Long> probes = new ArrayList<>();
        for (RecordedNode n : nodes) {
            probes.add(n.id());
            probes.add(n.firstId());
            probes.add(n.id() + 1);
            probes.add(n.firstId() - 1);
            probes.add((n.firstId() + n.id()) / 2);
        }
        for (int i = 0; i < 50; i++) {
            probes.add(rnd.nextBoolean() ? rnd.nextLong() : (long) rnd.nextInt(8) << 40 | rnd.nextInt(2_000_000));
        }
        probes.add(-1L);
        probes.add(Long.MAX_VALUE);
        probes.add(Long.MIN_VALUE);
        for (long id : probes) {
            assertThat(index.position(id)).as("id %x", id).isEqualTo(scan(r, byEnd, id));
        }
    }

    /** The node with the id, else a collapsed node of the same thread whose [firstId, id] holds it, else -1. */
    private static int scan(RecordedNodes r, int[] byEnd, long id) {
        for (int p = 0; p < byEnd.length; p++) {
            if (r.id(byEnd[p]) == id) {
                return p;
            }
        }
        int best = -1;
        for (int p = 0; p < byEnd.length; p++) {
            int x = byEnd[p];
            if (r.firstId(x) < r.id(x) && r.firstId(x) <= id && id <= r.id(x)
                    && (best < 0 || r.firstId(x) > r.firstId(byEnd[best]))) {
                best = p;
            }
        }
        return best;
    }
}
