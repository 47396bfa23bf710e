package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Forkscope's own time between a thread's nodes (RecordedNode.recorderBefore / recorderInside): the
 * rest of each hook that leaves its thread between nodes or opens a strand after its bookkeeping, from
 * its first clock read to its return. With a clock that moves 1 ns per read and hooks made slow on
 * purpose ({@link SpanEngine#slowHooksForTest}), each such hook takes S after its first read (and the
 * few ns of its reads), so every value is known.
 */
class RecorderOwnTimeTest {
    static final long S = 5_000;

    /**
     * One thread: the simulation's outer thread submits the root (a fork) and waits for it; the root
     * works 10, forks a child, works 5, joins it (the child runs nested in the join), works 1; then
     * the outer thread ends. Hooks that leave the thread between nodes: the submit, the outer wait's
     * begin, the root's fork, its join's begin, the child's end, the root's end; hooks that open a
     * strand after their bookkeeping: the root's and the child's begin, the root's and the outer
     * thread's wait ends: each S before the node that follows. Nodes, in time order: the outer thread's
     * first (nothing before it), its wait (S: the submit), the root's first (2 S: the outer wait's
     * begin, the root's begin), the root after the fork (S), the child (2 S: the join's begin, the
     * child's begin), the root after the join (2 S: the child's end, the join's end), the outer
     * thread's last (2 S: the root's end, the outer wait's end).
     */
    @Test
    void eachHookThatLeavesItsThreadBetweenNodesIsCountedForTheNextNode() {
        for (boolean collapse : new boolean[] {false, true}) {
            SimRuntime rt = new SimRuntime(0, 1, true, collapse);
            rt.tickEveryRead(1, true);
            rt.engine.slowHooksForTest(S);
            List<RecordedNode> nodes = StrandBoundariesTest.run(rt);     // the same program
            String as = "collapse " + collapse + ": " + nodes;
            assertThat(nodes.stream().mapToLong(n -> n.recorderBefore() + n.recorderInside()).sum()).as(as)
                    .isBetween(10 * S, 10 * S + 20);     // + 1 ns per read after the first
            assertThat(nodes.get(0).recorderBefore()).as(as).isZero();
            if (!collapse) {
                assertThat(nodes).as(as).extracting(RecordedNode::work).containsExactly(0L, 1L, 11L, 6L, 21L, 2L, 0L);   // + the closing read's 1 ns
                assertThat(nodes).as(as).extracting(n -> n.recorderBefore() / S).containsExactly(0L, 1L, 2L, 1L, 2L, 2L, 2L);
                assertThat(nodes).as(as).allMatch(n -> n.recorderBefore() % S < 5, "a few ns of reads over whole S");
                assertThat(nodes).as(as).extracting(RecordedNode::recorderInside).containsOnly(0L);
            } else {
                assertThat(nodes).as(as).anyMatch(n -> n.strands() > 1 && n.recorderInside() > 0);
            }
            // forkscope's time lies between the nodes: each node starts at least its time after the one before
            for (int i = 1; i < nodes.size(); i++) {
                assertThat(nodes.get(i).start() - nodes.get(i - 1).end()).as(as).isGreaterThanOrEqualTo(
                        nodes.get(i).recorderBefore());
            }
        }
    }

    /** Without the test's slowness the hooks' own time is what they took: small, never negative, and only in DAG mode. */
    @Test
    void withoutSlownessTheTimeIsTheHooksOwn() {
        SimRuntime rt = new SimRuntime(0, 1, true, false);
        rt.tickEveryRead(1);
        SimTask root = rt.submit(r -> {
            SimTask child = r.fork(c -> c.work(20));
            r.join(child);
        });
        rt.join(root);
        List<RecordedNode> nodes = new ArrayList<>();
        rt.engine.drainDagNodes(nodes::addAll, true);
        assertThat(nodes).isNotEmpty().allMatch(n -> n.recorderBefore() >= 0 && n.recorderBefore() < 100);
        assertThat(nodes).anyMatch(n -> n.recorderBefore() > 0);
    }
}
