package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.EdgeKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CompleterNode}'s end edges into a waiter, worked by hand: from the latest completion (the
 * waiter's ready time; on equal ends the one that arrived last) and from the completion on the
 * longest path (on equal spans the first), one edge when they are the same node. Ready time and
 * span come out the same either way on a tie; the rule keeps the DAG as small as that allows.
 */
class CompleterEndEdgesTest {
    private static List<Long> edges(long[]... completions) {
        CompleterNode c = new CompleterNode(TaskNode.SPAWNED, 0, 0);
        for (long[] k : completions) {
            c.completedBy(k[0], k[1], k[2]);
        }
        Frame f = new Frame();
        c.addEndEdges(f);
        List<Long> from = new ArrayList<>();
        for (int i = 0; i < f.inCount; i++) {
            assertThat(f.inKinds[i]).isEqualTo(EdgeKind.END);
            from.add(f.inFrom[i]);
        }
        return from;
    }

    /** (id, end, span) */
    private static long[] done(long id, long end, long span) {
        return new long[] {id, end, span};
    }

    @Test
    void theLatestThatIsAlsoTheLongestGivesOneEdge() {
        assertThat(edges(done(1, 90, 5), done(2, 100, 7))).containsExactly(2L);
        assertThat(edges(done(2, 100, 7), done(1, 90, 5))).containsExactly(2L);
    }

    @Test
    void theLatestAndTheLongestApartGiveTwoEdges() {
        assertThat(edges(done(1, 100, 5), done(2, 90, 9))).containsExactly(1L, 2L);
    }

    /** Equal ends: the later arrival is the latest; with the longer span it is the only edge. */
    @Test
    void onEqualEndsTheLaterArrivalIsTheLatest() {
        assertThat(edges(done(1, 100, 5), done(2, 100, 7))).containsExactly(2L);
        assertThat(edges(done(1, 100, 7), done(2, 100, 5))).containsExactly(2L, 1L);
    }

    /** Equal spans: the first on the longest path stays the critical one. */
    @Test
    void onEqualSpansTheFirstStaysCritical() {
        assertThat(edges(done(1, 100, 7), done(2, 90, 7))).containsExactly(1L);
        assertThat(edges(done(1, 90, 7), done(2, 100, 7))).containsExactly(2L, 1L);
    }
}
