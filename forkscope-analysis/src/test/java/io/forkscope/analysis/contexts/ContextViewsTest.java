package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Top-down, bottom-up, flat, collapsed lines and advice on a small hand-built profile. */
class ContextViewsTest {
    static final Frame MAIN = Frame.of("app.App", "main", 1, -1);
    static final Frame F = Frame.of("app.App", "f", 2, -1);
    static final Frame G = Frame.of("app.App", "g", 3, -1);
    static final Frame H = Frame.of("app.App", "h", 4, -1);

    /** root → main → f → g → f → h (recursion through g), and main → h. Work only, by node. */
    static final class Recursive {
        final ContextTree tree = new ContextTree();
        final int main = tree.child(ContextTree.ROOT, MAIN);
        final int f1 = tree.child(main, F);
        final int g = tree.child(f1, G);
        final int f2 = tree.child(g, F);
        final int h1 = tree.child(f2, H);
        final int h2 = tree.child(main, H);
        final ContextProfile profile;

        Recursive() {
            double[] work = new double[tree.size()];
            double[] idle = new double[tree.size()];
            double[] over = new double[tree.size()];
            work[f1] = 1;
            work[g] = 2;
            work[f2] = 4;
            work[h1] = 8;
            work[h2] = 16;
            idle[h2] = 32;
            over[g] = 64;
            profile = new ContextProfile(tree, work, idle, over);
        }
    }

    @Test
    void inclusiveAtTheRootAndExclusiveOverAllNodesAreTheTotal() {
        Recursive r = new Recursive();
        ContextProfile p = r.profile;
        assertThat(p.total(Metric.WORK)).isEqualTo(31.0);
        assertThat(p.total(Metric.EFFORT)).isEqualTo(127.0);
        double sum = 0;
        for (int n = 0; n < p.nodes(); n++) {
            sum += p.exclusive(Metric.EFFORT, n);
        }
        assertThat(sum).isEqualTo(127.0);
        assertThat(p.inclusive(Metric.WORK, r.f1)).isEqualTo(15.0);
        assertThat(p.inclusive(Metric.EFFORT, r.g)).isEqualTo(2 + 64 + 4 + 8.0);
    }

    @Test
    void topDownIsPreOrderHottestChildFirst() {
        Recursive r = new Recursive();
        List<Integer> order = ContextViews.topDown(r.profile, 0).stream().map(ContextViews.TreeRow::node).toList();
        // main's children: f (inclusive effort 79) before h (48)
        assertThat(order).containsExactly(ContextTree.ROOT, r.main, r.f1, r.g, r.f2, r.h1, r.h2);
        List<Integer> pruned = ContextViews.topDown(r.profile, 50).stream().map(ContextViews.TreeRow::node).toList();
        assertThat(pruned).containsExactly(ContextTree.ROOT, r.main, r.f1, r.g); // 79/127, 78/127 ≥ 50%
    }

    @Test
    void bottomUpStartsFromTheFramesWhereTimeWasSpent() {
        Recursive r = new Recursive();
        ContextProfile up = ContextViews.bottomUp(r.profile);
        ContextTree t = up.tree();
        int h = t.find(ContextTree.ROOT, H);
        assertThat(up.inclusive(Metric.WORK, h)).isEqualTo(24.0); // h1 8 + h2 16
        int hFromF = t.find(h, F);
        int hFromMain = t.find(h, MAIN);
        assertThat(up.inclusive(Metric.WORK, hFromF)).isEqualTo(8.0);
        assertThat(up.inclusive(Metric.WORK, hFromMain)).isEqualTo(16.0);
        int f = t.find(ContextTree.ROOT, F);
        assertThat(up.inclusive(Metric.WORK, f)).isEqualTo(5.0); // f1 1 + f2 4
        assertThat(up.inclusive(Metric.WORK, t.find(f, G))).isEqualTo(4.0); // f2, called by g
        assertThat(up.inclusive(Metric.OVERHEAD, t.find(ContextTree.ROOT, G))).isEqualTo(64.0);
        for (Metric m : Metric.values()) {
            assertThat(up.total(m)).isEqualTo(r.profile.total(m));
        }
    }

    @Test
    void flatCountsRecursionOncePerStack() {
        Recursive r = new Recursive();
        List<ContextViews.FlatRow> rows = ContextViews.flat(r.profile);
        ContextViews.FlatRow f = rows.stream().filter(x -> x.frame().equals(F)).findFirst().orElseThrow();
        assertThat(f.exclusive(Metric.WORK)).isEqualTo(5.0);
        // nodes with f on their path: f1 (1), g (2), f2 (4, f twice on its path: once), h1 (8)
        assertThat(f.inclusive(Metric.WORK)).isEqualTo(15.0);
        ContextViews.FlatRow main = rows.get(0);
        assertThat(main.frame()).isEqualTo(MAIN);
        assertThat(main.inclusive(Metric.EFFORT)).isEqualTo(127.0);
        double exclusiveSum = rows.stream().mapToDouble(x -> x.exclusive(Metric.EFFORT)).sum();
        assertThat(exclusiveSum).isEqualTo(127.0);
    }

    @Test
    void collapsedLinesOnePerLogicalStack() throws IOException {
        Recursive r = new Recursive();
        StringBuilder out = new StringBuilder();
        CollapsedStacks.write(r.profile, Metric.WORK, 1, out);
        assertThat(out.toString()).isEqualTo(String.join("\n",
                "app.App.main:1;app.App.f:2 1",
                "app.App.main:1;app.App.f:2;app.App.g:3 2",
                "app.App.main:1;app.App.f:2;app.App.g:3;app.App.f:2 4",
                "app.App.main:1;app.App.f:2;app.App.g:3;app.App.f:2;app.App.h:4 8",
                "app.App.main:1;app.App.h:4 16") + "\n");
        StringBuilder idle = new StringBuilder();
        CollapsedStacks.write(r.profile, Metric.IDLENESS, 1, idle);
        assertThat(idle.toString()).isEqualTo("app.App.main:1;app.App.h:4 32\n");
    }

    @Test
    void tableOneAdvice() {
        assertThat(Advice.of(false, false)).isEqualTo(Advice.EFFECTIVELY_PARALLEL);
        assertThat(Advice.of(false, true)).isEqualTo(Advice.COARSEN_GRAIN);
        assertThat(Advice.of(true, false)).isEqualTo(Advice.REFINE_GRAIN);
        assertThat(Advice.of(true, true)).isEqualTo(Advice.CHANGE_STRATEGY);
        Recursive r = new Recursive();
        Advisor.Advised g = Advisor.DEFAULT.advise(r.profile, r.g);
        assertThat(g.overheadShare()).isEqualTo(64.0 / 78);
        assertThat(g.advice()).isEqualTo(Advice.COARSEN_GRAIN);
        Advisor.Advised h2 = Advisor.DEFAULT.advise(r.profile, r.h2);
        assertThat(h2.idlenessShare()).isEqualTo(32.0 / 48);
        assertThat(h2.advice()).isEqualTo(Advice.REFINE_GRAIN);
        assertThat(Advisor.DEFAULT.advise(r.profile, r.h1).advice()).isEqualTo(Advice.EFFECTIVELY_PARALLEL);
        assertThat(Advisor.DEFAULT.hotspots(r.profile, 5)).extracting(Advisor.Advised::node).containsExactly(r.g, r.h2);
    }

    /**
     * Waste in the pool's or forkscope's frames goes to the program frame that called them: fib's
     * compute forks (pool: fork, push; tool: a hook) and spends 90 of 100 there; the advice names
     * compute, not a frame the user cannot change.
     */
    @Test
    void hotspotsAreProgramContextsThatHoldTheRuntimesWaste() {
        ContextTree tree = new ContextTree();
        int compute = tree.child(ContextTree.ROOT, Frame.of("app.Fib", "compute", -1, -1));
        int fork = tree.child(compute, Frame.of("java.util.concurrent.ForkJoinTask", "fork", -1, -1));
        int push = tree.child(fork, Frame.of("java.util.concurrent.ForkJoinPool$WorkQueue", "push", -1, -1));
        int hook = tree.child(fork, Frame.of("io.forkscope.recorder.fj.ForkJoinHooks", "create", -1, -1));
        int leaf = tree.child(compute, Frame.of("app.Fib", "serial", -1, -1));
        double[] work = new double[tree.size()];
        double[] idle = new double[tree.size()];
        double[] over = new double[tree.size()];
        work[compute] = 5;
        over[push] = 50;
        over[hook] = 40;
        work[leaf] = 5;
        idle[leaf] = 3;
        ContextProfile p = new ContextProfile(tree, work, idle, over);
        assertThat(Advisor.programContext(tree, hook)).isEqualTo(compute);
        assertThat(Advisor.programContext(tree, leaf)).isEqualTo(leaf);
        List<Advisor.Advised> hot = Advisor.DEFAULT.hotspots(p, 5);
        assertThat(hot).extracting(Advisor.Advised::node).containsExactly(compute, leaf);
        assertThat(hot.get(0).advice()).isEqualTo(Advice.COARSEN_GRAIN);
        assertThat(hot.get(0).overheadShare()).isEqualTo(90.0 / 103);
        assertThat(hot.get(1).advice()).isEqualTo(Advice.REFINE_GRAIN);
    }
}
