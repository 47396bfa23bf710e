package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.WorkSpan;
import io.forkscope.model.dag.RecordedNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A strand's time excludes the runtime's and forkscope's own (SPEC §1): what the runtime does after a
 * task's body returned (mark it done, wake its joiners) and what a hook does after its first clock read
 * (its bookkeeping) are in no strand, so they add to neither work nor span, however long they take.
 * The program of {@link RecorderOwnTimeTest}: an outer thread submits a root and waits for it; the root
 * works 10, forks a child that works 20, works 5, joins it (it runs nested in the join), works 1. Its
 * work is 36 and its span 10 + 20 + 1 = 31, by construction.
 */
class StrandBoundariesTest {
    /** Runs the program above on {@code rt}; @return its DAG's nodes in time order. */
    static List<RecordedNode> run(SimRuntime rt) {
        SimTask root = rt.submit(r -> {
            r.work(10);
            SimTask child = r.fork(c -> c.work(20));
            r.work(5);
            r.join(child);
            r.work(1);
        });
        rt.join(root);
        List<RecordedNode> nodes = new ArrayList<>();
        rt.engine.drainDagNodes(nodes::addAll, true);
        nodes.sort(Comparator.comparingLong(RecordedNode::start));
        return nodes;
    }

    /** Without a DAG (record's default mode) the end hook reads no clock of its own: the same values. */
    @Test
    void withoutADagTooNeitherTheRuntimesTimeNorTheHooksAreInAStrand() {
        SimRuntime rt = SimRuntime.timed(false);
        rt.runtimeAfterBody(700);
        rt.tickEveryRead(1, true);
        rt.engine.slowHooksForTest(5_000);
        run(rt);
        WorkSpan w = rt.engine.snapshot(true).measures();
        // 1 ns for the read that closes each strand but the outer thread's first, as in DAG mode
        assertThat(w.work()).isEqualTo(36 + 5);
        assertThat(w.span()).isEqualTo(31 + 3);
    }

    @Test
    void theRuntimesTimeAfterABodyReturnedIsInNoStrand() {
        SimRuntime rt = SimRuntime.timed(true);
        rt.runtimeAfterBody(700);
        List<RecordedNode> nodes = run(rt);
        WorkSpan w = rt.engine.snapshot(true).measures();
        assertThat(w.work()).isEqualTo(36);
        assertThat(w.span()).isEqualTo(31);
        // the nodes that end a task end where its body returned, 700 before its end hook
        assertThat(nodes).extracting(RecordedNode::work).containsExactly(0L, 0L, 10L, 5L, 20L, 1L, 0L);
        assertThat(List.of(nodes.get(4), nodes.get(5)))
                .allMatch(n -> n.taskEnds() == 1 && n.end() - n.start() == n.work(), "a task's last node lasts its work");
        // after the child's body: 700 of the runtime's, then the root goes on in its join
        assertThat(nodes.get(5).start() - nodes.get(4).end()).isEqualTo(700);
    }

    @Test
    void aHooksBookkeepingAfterItsFirstReadIsInNoStrand() {
        long s = 5_000;
        SimRuntime rt = new SimRuntime(0, 1, true, false);
        rt.tickEveryRead(1, true);         // the hooks' reads run on the CPU
        rt.engine.slowHooksForTest(s);     // every hook takes at least s after its first read
        List<RecordedNode> nodes = run(rt);
        WorkSpan w = rt.engine.snapshot(true).measures();
        // the read that closes a strand moves this clock by 1 ns inside it; hooks add nothing else
        assertThat(nodes).extracting(RecordedNode::work).containsExactly(0L, 1L, 11L, 6L, 21L, 2L, 0L);
        assertThat(w.work()).isEqualTo(36 + 5);     // the root's 3 strands, the child's, the outer wait's: + 1 each
        assertThat(w.span()).isEqualTo(31 + 3);     // root, child, root
    }
}
