package io.forkscope.recorder.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.RecordingInfo;
import io.forkscope.model.dag.EdgeKind;
import io.forkscope.model.dag.NodeEnd;
import io.forkscope.model.dag.RecordedNode;
import io.forkscope.model.dag.WorkerBusy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The DAG budget: whole batches are written until the budget is reached, the window then ends at the
 * latest end written so far, and a later batch keeps exactly its nodes that started before it.
 */
class DagBudgetTest {
    private final List<RecordedNode> written = new ArrayList<>();

    @Test
    void withoutABoundEveryBatchIsWrittenAndNothingIsSaid() {
        DagBudget b = new DagBudget(DagBudget.UNLIMITED);
        for (int i = 0; i < 10; i++) {
            b.write(List.of(node(0, i, 10 * i, 10 * i + 5)), written::addAll);
        }
        assertThat(written).hasSize(10);
        assertThat(b.info()).isEmpty();
    }

    @Test
    void theWindowEndsAtTheLatestEndWrittenWhenTheBudgetIsReachedAndLateNodesThatStartedBeforeItStay() {
        DagBudget b = new DagBudget(4);
        b.write(List.of(node(1, 0, 0, 10), node(1, 1, 12, 30)), written::addAll);        // 2 written, open
        assertThat(b.info()).containsOnly(Map.entry(RecordingInfo.DAG_MAX_NODES, "4"));
        b.write(List.of(node(2, 0, 5, 50), node(2, 1, 51, 40 + 20)), written::addAll);   // 4 written: W = 60
        assertThat(b.info()).containsEntry(RecordingInfo.DAG_WINDOW_END_NS, "60")
                .containsEntry(RecordingInfo.DAG_DROPPED_NODES, "0");
        // a thread that held its nodes: the ones that started before 60 stay, the others go
        b.write(List.of(node(3, 0, 1, 70), node(3, 1, 59, 61), node(3, 2, 60, 62), node(3, 3, 90, 95)), written::addAll);
        b.write(List.of(node(1, 2, 61, 64)), written::addAll);                             // nothing of it is kept
        assertThat(written).extracting(RecordedNode::start).containsExactly(0L, 12L, 5L, 51L, 1L, 59L);
        assertThat(b.written()).isEqualTo(6);
        assertThat(b.info()).containsEntry(RecordingInfo.DAG_WINDOW_END_NS, "60")
                .containsEntry(RecordingInfo.DAG_DROPPED_NODES, "3");
    }

    @Test
    void aBatchThatCrossesTheBudgetIsWrittenWhole() {
        DagBudget b = new DagBudget(3);
        b.write(List.of(node(0, 0, 0, 1), node(0, 1, 2, 3), node(0, 2, 4, 5), node(0, 3, 6, 7), node(0, 4, 8, 9)),
                written::addAll);
        assertThat(written).hasSize(5);
        assertThat(b.info()).containsEntry(RecordingInfo.DAG_WINDOW_END_NS, "9");
    }

    @Test
    void onceTheWindowHasEndedOnlyBusyIntervalsThatStartedBeforeItAreWritten() {
        DagBudget b = new DagBudget(2);
        List<WorkerBusy> busy = new ArrayList<>();
        b.write(new WorkerBusy(0, "w", new long[] {0, 5, 70, 80}), busy::add);          // window open: all of it
        b.write(List.of(node(0, 0, 0, 10), node(0, 1, 12, 60)), written::addAll);       // W = 60
        b.write(new WorkerBusy(1, "v", new long[] {20, 30, 55, 70, 72, 90, 95, 99}), busy::add);
        b.write(new WorkerBusy(2, "u", new long[] {60, 61}), busy::add);                // nothing before W
        assertThat(busy).hasSize(2);
        assertThat(busy.get(0).intervals()).containsExactly(0, 5, 70, 80);
        assertThat(busy.get(1).worker()).isEqualTo(1);
        assertThat(busy.get(1).intervals()).containsExactly(20, 30, 55, 70);
    }

    @Test
    void manyBusyIntervalsEndTheWindowTooAtTheLatestNodeEnd() {
        DagBudget b = new DagBudget(2);                  // 2 nodes or 8 busy intervals
        List<WorkerBusy> busy = new ArrayList<>();
        b.write(List.of(node(0, 0, 0, 10)), written::addAll);
        b.write(new WorkerBusy(0, "w", new long[] {0, 1, 2, 3, 4, 5, 6, 7}), busy::add);
        assertThat(b.info()).doesNotContainKey(RecordingInfo.DAG_WINDOW_END_NS);
        b.write(new WorkerBusy(1, "v", new long[] {0, 1, 2, 3, 4, 5, 20, 30}), busy::add);   // 8: W = 10
        assertThat(b.info()).containsEntry(RecordingInfo.DAG_WINDOW_END_NS, "10");
        b.write(List.of(node(1, 0, 9, 40), node(1, 1, 11, 50)), written::addAll);
        b.write(new WorkerBusy(1, "v", new long[] {31, 40}), busy::add);
        assertThat(written).extracting(RecordedNode::start).containsExactly(0L, 9L);
        assertThat(busy).hasSize(2);
    }

    private static RecordedNode node(int thread, int seq, long start, long end) {
        return new RecordedNode(((long) thread << 40) | seq, thread, start, end, end - start, NodeEnd.END,
                new long[0], new EdgeKind[0]);
    }
}
