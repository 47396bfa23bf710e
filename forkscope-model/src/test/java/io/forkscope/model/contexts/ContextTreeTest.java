package io.forkscope.model.contexts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ContextTreeTest {
    static final Frame MAIN = Frame.of("app.App", "main", 3, -1);
    static final Frame SORT = Frame.of("app.Sort", "compute", 12, -1);
    static final Frame FORK = Frame.of("java.util.concurrent.ForkJoinTask", "fork", 700, -1);

    @Test
    void nodesAreInternedWithDenseIdsAndChildrenAfterParents() {
        ContextTree tree = new ContextTree();
        int main = tree.child(ContextTree.ROOT, MAIN);
        int sort = tree.child(main, SORT);
        int again = tree.descend(ContextTree.ROOT, List.of(MAIN, SORT));
        int nested = tree.descend(sort, List.of(SORT, FORK));
        assertThat(again).isEqualTo(sort);
        assertThat(tree.size()).isEqualTo(5);
        assertThat(List.of(main, sort, tree.parent(nested), nested)).containsExactly(1, 2, 3, 4);
        assertThat(tree.find(main, SORT)).isEqualTo(sort);
        assertThat(tree.find(sort, MAIN)).isEqualTo(-1);
        assertThat(tree.path(nested)).containsExactly(MAIN, SORT, SORT, FORK);
        assertThat(tree.depth(nested)).isEqualTo(4);
        assertThat(tree.children(sort)).containsExactly(3);
        assertThat(tree.frame(ContextTree.ROOT)).isNull();
        assertThat(tree.path(ContextTree.ROOT)).isEmpty();
        for (int n = 1; n < tree.size(); n++) {
            assertThat(tree.parent(n)).isLessThan(n);
        }
        assertThatThrownBy(() -> tree.child(9, MAIN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void framesKeyOnAllFieldsAndLabelSafely() {
        assertThat(Frame.of("a.B", "m", 3, -1)).isNotEqualTo(Frame.of("a.B", "m", 4, -1));
        assertThat(Frame.of("a.B", "m", 3, 7).methodOnly()).isEqualTo(Frame.of("a.B", "m", -1, -1));
        assertThat(FORK.kind()).isEqualTo(FrameKind.RUNTIME);
        assertThat(SORT.label()).isEqualTo("app.Sort.compute:12");
        assertThat(Frame.of("a.B", "m", -1, 5).label()).isEqualTo("a.B.m");
        assertThat(Frame.NO_WORK_ANYWHERE.kind()).isEqualTo(FrameKind.SYNTHETIC);
    }

    @Test
    void timelinesAreContiguousAndCoverOneSpan() {
        WorkerTimeline t = new WorkerTimeline(1, List.of(StateInterval.working(0, 5, 1), StateInterval.idle(5, 9)));
        assertThat(t.at(4).state()).isEqualTo(WorkerState.WORKING);
        assertThat(t.at(5).state()).isEqualTo(WorkerState.IDLE);
        assertThat(t.at(9)).isNull();
        assertThatThrownBy(() -> new WorkerTimeline(1, List.of(StateInterval.idle(0, 5), StateInterval.idle(6, 9))))
                .hasMessageContaining("gap");
        assertThatThrownBy(() -> new WorkerTimelines(List.of(t, new WorkerTimeline(2, List.of(StateInterval.idle(0, 8))))))
                .hasMessageContaining("span");
        assertThatThrownBy(() -> new WorkerTimelines(List.of(t, t))).hasMessageContaining("two timelines");
        assertThatThrownBy(() -> StateInterval.working(3, 3, 1)).hasMessageContaining("empty");
        assertThatThrownBy(() -> new StateInterval(0, 1, WorkerState.IDLE, 2)).hasMessageContaining("IDLE");
        assertThatThrownBy(() -> StateInterval.working(0, 1, -1)).hasMessageContaining("WORKING");
    }
}
