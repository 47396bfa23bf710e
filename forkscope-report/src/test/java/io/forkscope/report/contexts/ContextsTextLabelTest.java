package io.forkscope.report.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import org.junit.jupiter.api.Test;

/**
 * Issue 22: the advice named contexts "caller > frame", and inside recursion every level read
 * "Fib.serialFib > Fib.serialFib". A frame below itself is named by the first caller that is another
 * method and its level in the recursion.
 */
class ContextsTextLabelTest {
    @Test
    void recursionLevelsAreToldApart() {
        ContextTree tree = new ContextTree();
        int task = tree.child(ContextTree.ROOT, Frame.of("app.Fib$Task", "compute", -1, -1));
        int f1 = tree.child(task, Frame.of("app.Fib", "serial", -1, -1));
        int f2 = tree.child(f1, Frame.of("app.Fib", "serial", -1, -1));
        int f3 = tree.child(f2, Frame.of("app.Fib", "serial", -1, -1));
        int leaf = tree.child(f3, Frame.of("app.Fib", "leaf", -1, -1));
        int top = tree.child(ContextTree.ROOT, Frame.of("app.Fib", "serial", -1, -1));
        int topAgain = tree.child(top, Frame.of("app.Fib", "serial", -1, -1));
        String t = tree.frame(task).label();
        String s = tree.frame(f1).label();
        assertThat(ContextsText.label(tree, ContextTree.ROOT)).isEqualTo("<outside any task>");
        assertThat(ContextsText.label(tree, task)).isEqualTo(t);
        assertThat(ContextsText.label(tree, f1)).isEqualTo(t + " > " + s);
        assertThat(ContextsText.label(tree, f2)).isEqualTo(t + " > " + s + " (recursion level 2)");
        assertThat(ContextsText.label(tree, f3)).isEqualTo(t + " > " + s + " (recursion level 3)");
        assertThat(ContextsText.label(tree, leaf)).isEqualTo(s + " > " + tree.frame(leaf).label());
        assertThat(ContextsText.label(tree, topAgain)).isEqualTo(s + " (recursion level 2)");
    }
}
