package io.forkscope.model.dag;

import io.forkscope.model.util.LongIntPairs;
import java.util.Arrays;

/**
 * Finds a recorded node by the id an edge names (DagAssembler): the node with that id, or the collapsed
 * node whose thread's ids from its first id to its own hold it, as its position in end order.
 *
 * <p>The recorder's ids are a thread's index above 40 bits of that thread's sequence
 * ({@code DagRecorder}). Read as (index, sequence) and renumbered index × (largest sequence + 1) +
 * sequence, they keep their order but span a range a packed sort takes ({@link LongIntPairs}): a
 * 2.5 M-node DAG's ids, 2 threads × 2.5 M sequences, fit 23 bits where the raw ids needed 41 and were
 * sorted by the slower two-array quicksort. When that range is at most a few times the number of nodes
 * (no large collapsed node used up sequences), a table indexed by it answers a lookup in one load;
 * else a binary search does. Ids that are negative (never the recorder's) are taken as they are.
 */
final class NodeIdIndex {
    private static final int SEQ_BITS = 40;
    private static final long SEQ_MASK = (1L << SEQ_BITS) - 1;

    /** Renumbering: key = (id >>> 40) * stride + (id & SEQ_MASK); stride 0 means keys are the ids. */
    private final long stride;
    private final long maxKey;
    /** Key -> position in end order, -1 for none; null when the range is too sparse for a table. */
    private final int[] table;
    /** (key, position), sorted by key, when there is no table. */
    private final LongIntPairs byKey;
    /** (first key, position) of the collapsed nodes, sorted by first key. */
    private final LongIntPairs collapsedByFirstKey;
    private final RecordedNodes r;
    private final int[] byEnd;

    /** @param byEnd the recorded nodes' indices in end order (position -> index in {@code r}) */
    NodeIdIndex(RecordedNodes r, int[] byEnd) {
        this.r = r;
        this.byEnd = byEnd;
        int n = r.size();
        long maxThread = 0;
        long maxSeq = 0;
        boolean negative = false;
        for (int i = 0; i < n; i++) {
            long id = r.id(i);
            negative |= id < 0 || r.firstId(i) < 0;
            maxThread = Math.max(maxThread, id >>> SEQ_BITS);
            maxSeq = Math.max(maxSeq, id & SEQ_MASK);
        }
        long s = maxSeq + 1;
        stride = negative || maxThread >= (Long.MAX_VALUE / s) - 1 ? 0 : s;
        maxKey = stride == 0 ? Long.MAX_VALUE : (maxThread + 1) * stride - 1;
        collapsedByFirstKey = new LongIntPairs(16);
        for (int p = 0; p < n; p++) {
            int x = byEnd[p];
            if (r.firstId(x) < r.id(x)) {
                collapsedByFirstKey.add(key(r.firstId(x)), p);
            }
        }
        collapsedByFirstKey.sortByKey();
        if (stride > 0 && maxKey < 4L * n + 1024) {
            table = new int[(int) maxKey + 1];
            Arrays.fill(table, -1);
            for (int p = 0; p < n; p++) {
                table[(int) key(r.id(byEnd[p]))] = p;
            }
            byKey = null;
        } else {
            table = null;
            byKey = new LongIntPairs(n);
            for (int p = 0; p < n; p++) {
                byKey.add(key(r.id(byEnd[p])), p);
            }
            byKey.sortByKey();
        }
    }

    /** The id renumbered; ids of no thread or sequence in the file map above {@link #maxKey}. */
    private long key(long id) {
        if (stride == 0) {
            return id;
        }
        long thread = id >>> SEQ_BITS;
        long seq = id & SEQ_MASK;
        if (id < 0 || seq >= stride || thread * stride > maxKey) {
            return -1;                    // beyond every node's id: no node or collapsed range holds it
        }
        return thread * stride + seq;
    }

    /**
     * @return the position in end order of the node with this id, or of the collapsed node that holds
     *         it (its thread's ids from its firstId to its id), or -1 when the file has neither
     */
    int position(long id) {
        long k = key(id);
        if (k < 0 && stride > 0) {
            return -1;
        }
        if (table != null) {
            int p = table[(int) k];
            if (p >= 0) {
                return p;
            }
        } else {
            int i = byKey.search(k);
            if (i >= 0) {
                return byKey.value(i);
            }
        }
        int c = collapsedByFirstKey.search(k);
        int floor = c >= 0 ? c : -c - 2;          // the last collapsed node whose first key <= k
        if (floor >= 0) {
            int holder = collapsedByFirstKey.value(floor);
            if (k <= key(r.id(byEnd[holder]))) {
                return holder;
            }
        }
        return -1;
    }
}
