package io.forkscope.model.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The assembler's end order against a comparator sort of the node indices by end, start, id, then
 * index (the oracle): through the merge of each worker's nodes when the workers are few and each one's
 * nodes come in end order in the file (the recorder's files: blocks of each thread, interleaved), and
 * through the sort otherwise (many workers, nodes swapped), with ends and starts drawn from small
 * ranges so that ties are many.
 */
class EndOrderProperties {

    static RecordedNodes randomNodes(Random rnd, int size, int threads, int swaps) {
        List<RecordedNode> nodes = new ArrayList<>();
        long[] clock = new long[threads];
        int[] seq = new int[threads];
        int spread = 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 1000);      // small: ties in end and start
        List<List<RecordedNode>> byThread = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            byThread.add(new ArrayList<>());
        }
        for (int i = 0; i < size; i++) {
            int t = rnd.nextInt(threads);
            long start = clock[t] + rnd.nextInt(spread);
            long end = start + rnd.nextInt(spread);
            clock[t] = end;
            long id = (long) t << 40 | seq[t]++;
            byThread.get(t).add(new RecordedNode(id, t, start, end, 1, NodeEnd.END, new long[0], new EdgeKind[0],
                    0, 1, 0, 0, 0, 0, id));
        }
        // the file: each thread's nodes in its running order, in blocks, the threads' blocks interleaved
        int[] at = new int[threads];
        int left = size;
        while (left > 0) {
            int t = rnd.nextInt(threads);
            int block = Math.min(1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 100), byThread.get(t).size() - at[t]);
            for (int k = 0; k < block; k++) {
                nodes.add(byThread.get(t).get(at[t]++));
            }
            left -= block;
        }
        for (int k = 0; k < swaps && nodes.size() > 1; k++) {
            int a = rnd.nextInt(nodes.size());
            int b = rnd.nextInt(nodes.size());
            RecordedNode x = nodes.get(a);
            nodes.set(a, nodes.get(b));
            nodes.set(b, x);
        }
        return RecordedNodes.of(nodes);
    }

    static int[] oracle(RecordedNodes r) {
        Integer[] idx = new Integer[r.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, Comparator.<Integer>comparingLong(r::end).thenComparingLong(r::start)
                .thenComparingLong(r::id).thenComparingInt(i -> i));
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    @Property(tries = 1000)          // run with 10,000 tries and fresh seeds twice
    void theOrderASortGives(@ForAll long seed, @ForAll @IntRange(min = 0, max = 400) int size,
                            @ForAll @IntRange(min = 1, max = 24) int threads,
                            @ForAll @IntRange(min = 0, max = 40) int swaps) {
        Random rnd = new Random(seed);
        RecordedNodes r = randomNodes(rnd, size, threads, rnd.nextInt(3) == 0 ? swaps : 0);
        int[] expected = oracle(r);
        assertThat(DagAssembler.endOrder(r)).isEqualTo(expected);
        assertThat(DagAssembler.sortedByEnd(r)).isEqualTo(expected);
        int[] merged = DagAssembler.mergedRuns(r);
        if (merged != null) {
            assertThat(merged).isEqualTo(expected);
        }
    }

    /** The generator reaches both ways: merged runs (up to the bound) and too many runs for them. */
    @Test
    void theRandomFilesReachBothPaths() {
        Random rnd = new Random(21);
        int merged = 0;
        int sorted = 0;
        for (int i = 0; i < 500; i++) {
            RecordedNodes r = randomNodes(rnd, 1 + rnd.nextInt(400), 1 + rnd.nextInt(24), rnd.nextInt(3) == 0 ? 40 : 0);
            if (DagAssembler.mergedRuns(r) != null) {
                merged++;
            } else {
                sorted++;
            }
        }
        assertThat(merged).isGreaterThan(50);
        assertThat(sorted).isGreaterThan(50);
    }

    /** A thread's nodes in running order, the threads' blocks interleaved: merged, for every count of workers it takes. */
    @Test
    void aRecordersFileOfFewThreadsIsMerged() {
        for (int threads = 1; threads <= DagAssembler.MERGED_RUNS; threads++) {
            RecordedNodes r = randomNodes(new Random(threads), 2000, threads, 0);
            assertThat(DagAssembler.mergedRuns(r)).as("%d threads", threads).isEqualTo(oracle(r));
        }
    }
}
