package io.forkscope.recorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.dag.EdgeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
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
            c.completedBy(k[0], k[1], k[2], k[2]);
        }
        Frame f = new Frame();
        assertThat(c.endEdgesInto(f)).as("the span taken with the edges")
                .isEqualTo(java.util.Arrays.stream(completions).mapToLong(k -> k[2]).max().orElse(0));
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

    /**
     * Completions that arrive while a waiter takes the task's values (a leaf's exit hook after the
     * tryComplete that completed the root): whatever a waiter takes, the span it gets is the span
     * of the longest of the completions whose edges it gets, never more nor less, so that the DAG's
     * longest path is the online span. Node i completes at end i with span i, so the edge from the
     * critical completion names the span. Taking the span and the edges in two reads, as the
     * engine once did (a yield between them to widen the window), fails this in the first round.
     */
    @Test
    void aWaiterTakesTheSpanOfTheEdgesItTakesWhileCompletionsArrive() throws Exception {
        for (int round = 0; round < 20; round++) {
            CompleterNode c = new CompleterNode(TaskNode.SPAWNED, 0, 0);
            c.completedBy(0, 0, 0, 0);
            AtomicBoolean done = new AtomicBoolean();
            CountDownLatch go = new CountDownLatch(1);
            Thread completer = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (long i = 1; i <= 20_000; i++) {
                    c.completedBy(i, i, i, i);
                }
                done.set(true);
            });
            completer.start();
            go.countDown();
            int takes = 0;
            while (!done.get() || takes == 0) {
                Frame f = new Frame();
                long span = c.endEdgesInto(f);
                long longestEdge = 0;
                for (int i = 0; i < f.inCount; i++) {
                    longestEdge = Math.max(longestEdge, f.inFrom[i]);
                }
                assertThat(span).as("take %d: the span against the edges' longest path", takes).isEqualTo(longestEdge);
                takes++;
            }
            completer.join();
        }
    }
}
