package io.forkscope.model.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The per-worker order against a comparator sort of node objects: worker, start, end (either way), id;
 * on nodes in any order (the full sort) and on nodes whose ids run in time order on each worker, as a
 * recorded run's do (the counting sort by worker alone), with ties in start among them.
 */
class ByWorkerThenStartProperties {

    @Property(tries = 1000)
    void ordersByWorkerStartEndAndId(@ForAll @IntRange(min = 0, max = 400) int size, @ForAll long seed,
                                     @ForAll boolean longestFirst, @ForAll @IntRange(min = 1, max = 1_000_000) int timeRange,
                                     @ForAll boolean inTimeOrder) {
        Random r = new Random(seed);
        int workers = 1 + r.nextInt(5);
        List<DagNode> nodes = new ArrayList<>();
        long clock = 0;
        for (int id = 0; id < size; id++) {
            // in time order: each node starts where the last ended or later (often at once: ties in start)
            long start = inTimeOrder ? clock + (r.nextBoolean() ? 0 : r.nextInt(3)) : r.nextInt(timeRange);
            long end = start + r.nextInt(Math.max(1, timeRange / 10));
            clock = inTimeOrder && r.nextInt(4) == 0 ? start : end;     // sometimes a zero-length gap: equal starts
            nodes.add(DagNode.strand(id, r.nextInt(workers), start, end, NodeEnd.END, List.of()));
        }
        long finish = nodes.stream().mapToLong(DagNode::end).max().orElse(0) + 1;
        DagNodes table = new Dag(nodes, workers, 0, finish).table();
        Comparator<Integer> order = Comparator.<Integer>comparingInt(i -> nodes.get(i).worker())
                .thenComparingLong(i -> nodes.get(i).start())
                .thenComparingLong(i -> longestFirst ? -nodes.get(i).end() : nodes.get(i).end())
                .thenComparingInt(i -> i);
        List<Integer> expected = IntStream.range(0, size).boxed().sorted(order).toList();
        assertThat(table.byWorkerThenStart(longestFirst)).containsExactly(expected.stream().mapToInt(i -> i).toArray());
    }
}
