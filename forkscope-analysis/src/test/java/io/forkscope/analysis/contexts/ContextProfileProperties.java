package io.forkscope.analysis.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import io.forkscope.model.contexts.ContextTree;
import io.forkscope.model.contexts.Frame;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * On random trees (recursion included: a frame may repeat on a path) with random whole-number
 * amounts per node, so every sum is exact: {@link ContextProfile} and the views of
 * {@link ContextViews} against brute-force definitions computed here from the amounts put in.
 * Totals = Σ of the amounts, effort = work + idleness + overhead per node; inclusive = Σ over the
 * nodes whose path passes through the node; bottom-up: a reversed node's inclusive = Σ over the
 * nodes whose path, read from the node up, starts with the reversed node's chain; flat: per frame,
 * exclusive = Σ over the nodes of that frame, inclusive = Σ over the nodes whose path holds the frame
 * (once however often); top-down with no cut: every node once, each after its parent.
 */
class ContextProfileProperties {
    static final String[] METHODS = {"a", "b", "c"};

    @Property(tries = 300)
    void profileAndViewsAreTheirDefinitions(@ForAll long seed) {
        Random random = new Random(seed);
        ContextTree tree = new ContextTree();
        for (int i = 0; i < 1 + random.nextInt(15); i++) {
            int parent = random.nextInt(tree.size());
            tree.child(parent, Frame.of(random.nextBoolean() ? "app.T" : "java.util.concurrent.ForkJoinPool",
                    METHODS[random.nextInt(METHODS.length)], -1, -1));
        }
        int n = tree.size();
        double[][] own = new double[3][n];   // work, idleness, overhead put in, whole numbers
        for (double[] metric : own) {
            for (int node = 0; node < n; node++) {
                metric[node] = random.nextInt(4) == 0 ? 0 : random.nextInt(1000);
            }
        }
        ContextProfile p = new ContextProfile(tree, own[0].clone(), own[1].clone(), own[2].clone());
        Metric[] base = {Metric.WORK, Metric.IDLENESS, Metric.OVERHEAD};

        for (int m = 0; m < 3; m++) {
            double total = 0;
            for (int node = 0; node < n; node++) {
                total += own[m][node];
                assertThat(p.exclusive(base[m], node)).isEqualTo(own[m][node]);
                double inclusive = 0;
                for (int other = 0; other < n; other++) {
                    inclusive += path(tree, other).contains(node) ? own[m][other] : 0;
                }
                assertThat(p.inclusive(base[m], node)).as("inclusive %s at %s", base[m], node).isEqualTo(inclusive);
            }
            assertThat(p.total(base[m])).isEqualTo(total);
        }
        for (int node = 0; node < n; node++) {
            assertThat(p.exclusive(Metric.EFFORT, node)).isEqualTo(own[0][node] + own[1][node] + own[2][node]);
        }
        assertThat(p.total(Metric.EFFORT)).isEqualTo(p.total(Metric.WORK) + p.total(Metric.IDLENESS)
                + p.total(Metric.OVERHEAD));

        // bottom-up
        ContextProfile up = ContextViews.bottomUp(p);
        ContextTree rev = up.tree();
        for (int r = 1; r < rev.size(); r++) {
            List<Frame> chain = new ArrayList<>();   // from the reversed root's child down to r
            for (int x = r; x != ContextTree.ROOT; x = rev.parent(x)) {
                chain.add(0, rev.frame(x));
            }
            for (int m = 0; m < 3; m++) {
                double want = 0;
                for (int node = 1; node < n; node++) {
                    List<Frame> leafFirst = frames(tree, node);
                    if (leafFirst.size() >= chain.size() && leafFirst.subList(0, chain.size()).equals(chain)) {
                        want += own[m][node];
                    }
                }
                assertThat(up.inclusive(base[m], r)).as("bottom-up %s at %s", base[m], chain).isEqualTo(want);
            }
        }
        for (int m = 0; m < 3; m++) {
            assertThat(up.total(base[m])).isEqualTo(p.total(base[m]));
        }

        // flat
        Map<Frame, double[][]> want = new HashMap<>();
        for (int node = 1; node < n; node++) {
            double[][] own0 = want.computeIfAbsent(tree.frame(node), f -> new double[2][3]);
            for (int m = 0; m < 3; m++) {
                own0[0][m] += own[m][node];
            }
            for (Frame f : new HashSet<>(frames(tree, node))) {
                double[][] row = want.computeIfAbsent(f, g -> new double[2][3]);
                for (int m = 0; m < 3; m++) {
                    row[1][m] += own[m][node];
                }
            }
        }
        List<ContextViews.FlatRow> flat = ContextViews.flat(p);
        assertThat(flat).hasSize(want.size());
        for (ContextViews.FlatRow row : flat) {
            for (int m = 0; m < 3; m++) {
                assertThat(row.exclusive(base[m])).as("flat exclusive %s of %s", base[m], row.frame())
                        .isEqualTo(want.get(row.frame())[0][m]);
                assertThat(row.inclusive(base[m])).as("flat inclusive %s of %s", base[m], row.frame())
                        .isEqualTo(want.get(row.frame())[1][m]);
            }
        }

        // top-down, no cut
        List<ContextViews.TreeRow> rows = ContextViews.topDown(p, 0);
        Set<Integer> seen = new HashSet<>();
        for (ContextViews.TreeRow row : rows) {
            assertThat(row.node() == ContextTree.ROOT || seen.contains(tree.parent(row.node()))).isTrue();
            assertThat(seen.add(row.node())).isTrue();
            assertThat(row.depth()).isEqualTo(path(tree, row.node()).size() - 1);
        }
        assertThat(seen).hasSize(n);
    }

    /** The nodes from {@code node} up to the root, both included. */
    private static List<Integer> path(ContextTree tree, int node) {
        List<Integer> out = new ArrayList<>();
        for (int x = node; ; x = tree.parent(x)) {
            out.add(x);
            if (x == ContextTree.ROOT) {
                return out;
            }
        }
    }

    /** The frames from {@code node} up to the root's child (the root has none). */
    private static List<Frame> frames(ContextTree tree, int node) {
        List<Frame> out = new ArrayList<>();
        for (int x = node; x != ContextTree.ROOT; x = tree.parent(x)) {
            out.add(tree.frame(x));
        }
        return out;
    }
}
